import { messages } from '#shared/messages';
import type { Component } from '#shared/schemas/component';
import {
  isSymmetric,
  linkIdOf,
  linkKindNames,
  linkSentence,
  linkViewLabel,
  linkViewOf,
  storedDirection,
  type ComponentLink,
  type LinkInput,
  type LinkRequestData,
} from '#shared/schemas/links';
import { Conflict, Invalid, NotFound } from '#lib/errors';
import { listPendingRequestsFor } from '#repositories/approval-requests';
import { getComponent, getComponents } from '#repositories/components';
import { getLink, listLinks, type StoredLink } from '#repositories/links';
import type { User } from '#repositories/users';
import { submitRequest } from './approvals/filing';

/*
 * Links between parts: read from either end in that end's words, and added or removed only
 * through a request an administrator reviews, like every other change to the catalogue.
 */

const otherEnd = (link: Pick<StoredLink, 'fromId' | 'toId'>, componentId: number) =>
  link.fromId === componentId ? link.toId : link.fromId;

/**
 * A part's links as it reads them, grouped by kind in the kinds' order, then by the other part's
 * reference. A link whose other part is gone is not shown.
 */
export const linksOf = async (componentId: number): Promise<ComponentLink[]> => {
  const links = await listLinks(componentId);
  const others = new Map(
    (await getComponents([...new Set(links.map((link) => otherEnd(link, componentId)))])).map((part) => [
      part.id,
      part,
    ]),
  );
  const rank = (link: StoredLink) =>
    linkKindNames.indexOf(link.kind) * 2 + (link.fromId === componentId || isSymmetric(link.kind) ? 0 : 1);
  return links
    .flatMap((link): (ComponentLink & { rank: number })[] => {
      const other = others.get(otherEnd(link, componentId));
      if (!other) return [];
      const view = linkViewOf(link.kind, link.fromId === componentId || isSymmetric(link.kind));
      return [
        {
          id: link.linkId,
          kind: view,
          label: linkViewLabel(view),
          role: link.role ?? null,
          otherId: other.id,
          reference: other.reference,
          manufacturer: other.manufacturer ?? null,
          lifecycle:
            typeof (other as Record<string, unknown>).lifecycle === 'string'
              ? ((other as Record<string, unknown>).lifecycle as string)
              : null,
          createdAt: link.createdAt,
          rank: rank(link),
        },
      ];
    })
    .sort((a, b) => a.rank - b.rank || a.reference.localeCompare(b.reference))
    .map(({ rank: _rank, ...link }) => link);
};

/** Whether a link change of this id already waits for review on either part. */
const pendingLinkRequest = async (ids: readonly number[], linkId: string, action: 'add' | 'remove') =>
  (await Promise.all(ids.map(listPendingRequestsFor)))
    .flat()
    .some(
      (request) =>
        request.requestType === 'link' &&
        (request.data as Partial<LinkRequestData>).linkId === linkId &&
        (request.data as Partial<LinkRequestData>).action === action,
    );

/** Files a link change proposed on `part`, unless the same change already waits for review on either end. */
const fileLinkRequest = async (submitter: User, part: Component, data: LinkRequestData) => {
  if (await pendingLinkRequest([data.fromId, data.toId], data.linkId, data.action))
    throw new Conflict(messages.linkAlreadyPending(linkSentence(data)));
  return submitRequest(submitter, {
    requestType: 'link',
    componentId: part.id,
    componentReference: part.reference,
    data: { ...data },
  });
};

/** Files a request to link this part to another, in the words read from this part. */
export const proposeLink = async (submitter: User, componentId: number, input: LinkInput) => {
  const part = await getComponent(componentId);
  if (!part) throw new NotFound(messages.componentNotFound);
  if (input.targetId === componentId) throw new Invalid(messages.linkToItself, { targetId: messages.linkToItself });
  const target = await getComponent(input.targetId);
  if (!target) throw new Invalid(messages.linkTargetMissing, { targetId: messages.linkTargetMissing });
  const stored = storedDirection(input.kind, componentId, input.targetId);
  const references = new Map([
    [part.id, part.reference],
    [target.id, target.reference],
  ]);
  const data: LinkRequestData = {
    action: 'add',
    linkId: linkIdOf(stored),
    ...stored,
    fromReference: references.get(stored.fromId)!,
    toReference: references.get(stored.toId)!,
    ...(input.role ? { role: input.role } : {}),
  };
  if (await getLink(componentId, data.linkId)) throw new Conflict(messages.linkExists(linkSentence(data)));
  return fileLinkRequest(submitter, part, data);
};

/** Files a request to remove one of this part's links. */
export const proposeUnlink = async (submitter: User, componentId: number, linkId: string) => {
  const part = await getComponent(componentId);
  if (!part) throw new NotFound(messages.componentNotFound);
  const link = await getLink(componentId, linkId);
  if (!link) throw new NotFound(messages.linkNotFound);
  const other = await getComponent(otherEnd(link, componentId));
  const references = new Map([
    [part.id, part.reference],
    [otherEnd(link, componentId), other?.reference ?? `component ${otherEnd(link, componentId)}`],
  ]);
  const data: LinkRequestData = {
    action: 'remove',
    linkId,
    kind: link.kind,
    fromId: link.fromId,
    toId: link.toId,
    fromReference: references.get(link.fromId)!,
    toReference: references.get(link.toId)!,
    ...(link.role ? { role: link.role } : {}),
  };
  return fileLinkRequest(submitter, part, data);
};
