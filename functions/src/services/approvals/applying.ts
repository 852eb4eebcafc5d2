import { messages } from '#shared/messages';
import { inFieldOrder, type Component, type ComponentData, type ComponentField } from '#shared/schemas/component';
import { confirmationSource, confirmationsOf } from '#shared/schemas/choice-fields';
import { distributorLabels } from '#shared/schemas/distributors';
import { Conflict } from '#lib/errors';
import { attachmentApproveItem } from '#repositories/attachments';
import {
  componentDelete,
  componentPut,
  componentUpdate,
  getComponent,
  reserveComponentIds,
} from '#repositories/components';
import { type StoredRequest } from '#repositories/approval-requests';
import { type TransactItem } from '#repositories/table';
import type { User } from '#repositories/users';
import { initialVersion, versionPut } from '#repositories/versions';
import { getLink, linkDeleteItems, linkPutItems } from '#repositories/links';
import {
  isSymmetric,
  linkSentence,
  linkViewLabel,
  linkViewOf,
  type LinkRequestData,
  type LinkView,
} from '#shared/schemas/links';

import { applyClassChange } from './class-changes';
import { sameValue } from './request-views';
import { paths } from '#shared/app-paths';
/*
 * What approving a request writes besides closing it: the new part, the edit as a new version,
 * the deletion, or the published attachment, each conditioned on the part as read; or the class
 * list after a class change (class-changes.ts).
 */

/** Approving a request whose part is gone: the request is closed with the reason, and the reviewer told. */
export class PartGone extends Conflict {
  constructor() {
    super(messages.requestComponentGone);
  }
}

/** What approving a request writes besides closing it, and which components it changes. */
export const applyItems = async (
  request: StoredRequest,
  reviewer: User,
  now: string,
): Promise<{ items: TransactItem[]; componentIds: number[]; linkTo: string | null; newComponentId?: number }> => {
  const author = reviewer.username || reviewer.email;
  switch (request.requestType) {
    case 'new': {
      const [id] = await reserveComponentIds(1);
      const component = {
        ...(request.data as ComponentData),
        ...confirmationsOf(request.data, confirmationSource.person(request.username), now),
        id: id!,
        version: 1,
        createdAt: now,
        updatedAt: now,
      } as Component;
      return {
        componentIds: [id!],
        newComponentId: id!,
        linkTo: paths.hub.component.href(id!),
        items: [
          componentPut(component, { mustBeNew: true }),
          versionPut(id!, initialVersion(request.data, request.username, now)),
        ],
      };
    }
    case 'edit': {
      const id = request.componentId!;
      const current = await getComponent(id);
      if (!current) throw new PartGone();
      const changes = request.data;
      if (current.version !== request.baseVersion) {
        // Only a change to the same fields since the proposal is a conflict; others merge.
        const clashing = Object.keys(changes).filter(
          (field) => !sameValue(current[field as ComponentField], request.previousData?.[field]),
        );
        if (clashing.length) throw new Conflict(messages.requestConflict(clashing));
      }
      // In the catalogue's field order: the stored map keeps none.
      const changedFields = inFieldOrder(Object.keys(changes));
      const version = current.version + 1;
      const source = request.distributorSource;
      // A lifecycle taken from a distributor's answer is confirmed by that distributor.
      const confirmedBy = source
        ? confirmationSource.distributor(source.provider)
        : confirmationSource.person(request.username);
      return {
        componentIds: [id],
        linkTo: paths.hub.component.href(id),
        items: [
          // A lifecycle set here is confirmed now, by the person who proposed it.
          componentUpdate(
            id,
            { ...changes, ...confirmationsOf(changes, confirmedBy, now) },
            { expectedVersion: current.version, updatedAt: now },
          ),
          versionPut(id, {
            versionNumber: version,
            changeDescription:
              request.revertOf !== undefined
                ? `Reverted ${changedFields.join(', ')} to version ${request.revertOf}`
                : source
                  ? `Updated ${changedFields.join(', ')} from ${distributorLabels[source.provider]} ${source.productNumber ?? source.manufacturerPartNumber}`
                  : `Updated ${changedFields.join(', ')}`,
            changedFields,
            previousData: Object.fromEntries(
              changedFields.map((field) => [field, current[field as ComponentField] ?? null]),
            ),
            changeData: changes,
            username: `${request.username} (approved by ${author})`,
            createdAt: now,
            ...(source && { distributorSource: source }),
          }),
        ],
      };
    }
    case 'delete': {
      const id = request.componentId!;
      if (!(await getComponent(id))) throw new PartGone();
      // The component goes; its versions, comments and attachments stay as the audit trail.
      return { componentIds: [id], linkTo: null, items: [componentDelete(id)] };
    }
    case 'link':
      return linkItems(request, author, now);
    case 'attachment':
      if (!(await getComponent(request.componentId!))) throw new PartGone();
      return {
        componentIds: [],
        linkTo: paths.hub.component.href(request.componentId!),
        items: [attachmentApproveItem(request.componentId!, request.attachmentId!)],
      };
    case 'class':
      return applyClassChange(request, reviewer, now);
  }
};

/**
 * Adding or removing a link: both ends' link items, and a version of each part saying so in its
 * own words, conditioned on both parts as read (a change meanwhile makes the review read again).
 */
const linkItems = async (request: StoredRequest, author: string, now: string) => {
  const data = request.data as unknown as LinkRequestData;
  const [from, to] = await Promise.all([getComponent(data.fromId), getComponent(data.toId)]);
  if (!from || !to) throw new PartGone();
  const existing = await getLink(data.fromId, data.linkId);
  if (data.action === 'add' && existing) throw new Conflict(messages.linkExists(linkSentence(data)));
  if (data.action === 'remove' && !existing) throw new Conflict(messages.linkNotFound);
  return {
    componentIds: [from.id, to.id],
    linkTo: paths.hub.component.href(request.componentId ?? from.id),
    items: linkChangeItems(data, from, to, {
      username: `${request.username} (approved by ${author})`,
      source: request.id,
      now,
    }),
  };
};

/**
 * What adding or removing one link writes: the link at both ends, and a version of each part
 * saying so in its own words, each part conditioned on the version read. `source` is what made
 * it (a request's id, an import's).
 */
export const linkChangeItems = (
  data: Pick<LinkRequestData, 'action' | 'linkId' | 'kind' | 'fromId' | 'toId' | 'role'>,
  from: Component,
  to: Component,
  by: { username: string; source: string; now: string },
): TransactItem[] => {
  const verb = data.action === 'add' ? 'Linked' : 'Unlinked';
  const versionOf = (part: Component, view: LinkView, other: string) =>
    versionPut(part.id, {
      versionNumber: part.version + 1,
      changeDescription: `${verb}: ${linkViewLabel(view).toLowerCase()} ${other}`,
      changedFields: ['links'],
      previousData: {},
      changeData: { link: `${data.action === 'add' ? '+' : '-'} ${linkViewLabel(view)} ${other}` },
      username: by.username,
      createdAt: by.now,
    });
  const fromThisEnd = (end: 'from' | 'to') => linkViewOf(data.kind, end === 'from' || isSymmetric(data.kind));
  return [
    ...(data.action === 'add'
      ? linkPutItems({
          linkId: data.linkId,
          kind: data.kind,
          fromId: data.fromId,
          toId: data.toId,
          ...(data.role ? { role: data.role } : {}),
          createdAt: by.now,
          requestId: by.source,
        })
      : linkDeleteItems(data)),
    componentUpdate(from.id, {}, { expectedVersion: from.version, updatedAt: by.now }),
    versionOf(from, fromThisEnd('from'), to.reference),
    componentUpdate(to.id, {}, { expectedVersion: to.version, updatedAt: by.now }),
    versionOf(to, fromThisEnd('to'), from.reference),
  ];
};
