import { messages } from '#shared/messages';
import {
  componentFieldLabels,
  componentFields,
  inFieldOrder,
  type Component,
  type ComponentField,
} from '#shared/schemas/component';
import type {
  DistributorFillBody,
  DistributorFillProposal,
  DistributorLookupAnswer,
  DistributorProductData,
  DistributorSource,
  FillRow,
} from '#shared/schemas/distributor-fill';
import { distributorLabels, type DistributorName } from '#shared/schemas/distributors';
import { config } from '#lib/config';
import { Conflict, Invalid, NotFound } from '#lib/errors';
import { logger } from '#lib/logger';
import { getComponent } from '#repositories/components';
import {
  getClassProtectedFields,
  getDistributorSnapshot,
  getProtectedFields,
  putDistributorSnapshot,
  setClassProtectedFields,
  setPartProtectedFields,
  type DistributorSnapshot,
} from '#repositories/distributor-data';
import type { User } from '#repositories/users';
import { submitRequest } from '#services/approvals/filing';
import { sameValue } from '#services/approvals/request-views';
import { displayName } from '#services/user-names';
import { distributorFor } from './index';
import { findBestMatch, neverAsked } from './part-search';
import { fieldProblem } from './product-data';
import { takeSearchAllowance } from './search-allowance';
import type { CallPurpose } from './types';

/*
 * Filling a part from Digi-Key or Mouser: the matched product's values beside the catalogue's,
 * field by field; the person ticks what to take and one edit request is filed, carrying where the
 * values came from. Fields marked protected for the part or its class are shown, never taken.
 * The answer is kept for an hour (a snapshot, with its stock and prices), so what is filed is
 * what was shown, and the stock and prices never become catalogue data.
 */

const SNAPSHOT_SECONDS = 3600;
const knownFields = new Set<string>(componentFields);

/** The union of the part's and its class's protected fields. */
export const protectedFieldsOf = async (component: Pick<Component, 'id' | 'class'>): Promise<Set<string>> => {
  const { part, class: ofClass } = await getProtectedFields(component.id, component.class);
  return new Set([...part, ...ofClass]);
};

/** The dialog's rows: every field the answer gives, the catalogue's value beside it, in the catalogue's order. */
export const fillRows = (
  component: Component,
  product: DistributorProductData,
  protectedFields: ReadonlySet<string>,
): FillRow[] => {
  const byField = new Map(product.values.map((value) => [value.field, value]));
  return inFieldOrder(byField.keys()).map((field) => {
    const value = byField.get(field)!;
    const catalogue = component[field] ?? null;
    return {
      field,
      label: componentFieldLabels[field],
      catalogue,
      distributor: value.value,
      asWritten: value.asWritten,
      from: value.from,
      differs: !sameValue(catalogue, value.value),
      protected: protectedFields.has(field),
      problem: fieldProblem(field, value.value),
    };
  });
};

/** The rows a fill may take: different from the catalogue, not protected, and a value the field takes. */
export const takeableRows = (rows: readonly FillRow[]): FillRow[] =>
  rows.filter((row) => row.differs && !row.protected && row.problem === null);

const proposalOf = (
  component: Component,
  snapshot: DistributorSnapshot,
  protectedFields: ReadonlySet<string>,
): DistributorFillProposal => {
  const { values: _values, ...product } = snapshot.product;
  return {
    provider: snapshot.provider,
    confidence: snapshot.confidence,
    product,
    rows: fillRows(component, snapshot.product, protectedFields),
    readAt: snapshot.readAt,
  };
};

const existing = async (componentId: number): Promise<Component> => {
  const component = await getComponent(componentId);
  if (!component) throw new NotFound(messages.componentNotFound);
  return component;
};

/**
 * Asks the distributor for the part (by its keys, as the image search does) and keeps the best
 * match's answer; undefined when nothing matches well enough.
 */
export const readPartFromDistributor = async (
  component: Component,
  provider: DistributorName,
  purpose: CallPurpose,
): Promise<DistributorSnapshot | undefined> => {
  const distributor = await distributorFor(provider);
  const signal = AbortSignal.timeout(config().DISTRIBUTOR_DEADLINE_MS);
  const { match } = await findBestMatch(distributor, component, { signal, purpose }, (candidate) =>
    Boolean(candidate.data),
  );
  if (!match?.candidate.data) return undefined;
  const snapshot: DistributorSnapshot = {
    provider,
    componentId: component.id,
    confidence: match.confidence,
    product: match.candidate.data,
    readAt: new Date().toISOString(),
  };
  await putDistributorSnapshot(snapshot, SNAPSHOT_SECONDS);
  return snapshot;
};

/** Counts the person's search, gives it back when the distributor was never asked. */
const asPersonSearch = async <T>(user: User, search: () => Promise<T>): Promise<T> => {
  const settings = config();
  const ticket = await takeSearchAllowance(user.id, {
    perMinute: settings.DISTRIBUTOR_USER_SEARCHES_PER_MINUTE,
    perDay: settings.DISTRIBUTOR_USER_SEARCHES_PER_DAY,
  });
  try {
    return await search();
  } catch (error) {
    if (neverAsked(error))
      await ticket
        .giveBack()
        .catch((failure: unknown) =>
          logger.warn('search allowance not given back', { userId: user.id, error: failure as Error }),
        );
    throw error;
  }
};

/**
 * 'Fill from Digi-Key / Mouser': the matched product with the match's confidence, and per field
 * the catalogue's value beside the distributor's, with the stock and prices as read now.
 */
export const proposeFill = async (
  user: User,
  componentId: number,
  provider: DistributorName,
): Promise<DistributorFillProposal> => {
  const component = await existing(componentId);
  const snapshot = await asPersonSearch(user, () => readPartFromDistributor(component, provider, 'search'));
  if (!snapshot) throw new NotFound(messages.distributorNoResults(component.reference));
  return proposalOf(component, snapshot, await protectedFieldsOf(component));
};

const sourceOf = (snapshot: DistributorSnapshot, batchId?: string): DistributorSource => ({
  provider: snapshot.provider,
  productNumber: snapshot.product.productNumber,
  manufacturerPartNumber: snapshot.product.manufacturerPartNumber,
  confidence: snapshot.confidence,
  readAt: snapshot.readAt,
  ...(batchId && { batchId }),
});

/** The lifecycle leads: it is what a refresh is most often for. */
const lifecycleFirst = (rows: FillRow[]): FillRow[] => [
  ...rows.filter((row) => row.field === 'lifecycle'),
  ...rows.filter((row) => row.field !== 'lifecycle'),
];

/**
 * Files the edit request for the part from a kept answer: `fields` (all takeable rows when
 * absent, lifecycle first as the catalogue orders it). The request records the distributor and
 * its product number, and the version approved from it does too.
 */
export const fileFillRequest = async (
  user: User,
  component: Component,
  snapshot: DistributorSnapshot,
  fields?: readonly string[],
  batchId?: string,
): Promise<{ requestId: string; fields: ComponentField[] } | undefined> => {
  const rows = fillRows(component, snapshot.product, await protectedFieldsOf(component));
  const label = distributorLabels[snapshot.provider];
  let taken: FillRow[];
  if (fields) {
    const problems: Record<string, string> = {};
    taken = [];
    for (const field of fields) {
      const row = rows.find((candidate) => candidate.field === field);
      if (!knownFields.has(field)) problems[field] = messages.distributorFillUnknownField(field);
      else if (!row)
        problems[field] = messages.distributorFillNotOffered(componentFieldLabels[field as ComponentField], label);
      else if (row.protected) problems[field] = messages.distributorFillProtected(row.label);
      else if (row.problem) problems[field] = row.problem;
      else if (!row.differs) problems[field] = messages.distributorFillSame(row.label);
      else taken.push(row);
    }
    if (Object.keys(problems).length) throw new Invalid(Object.values(problems)[0]!, problems);
  } else taken = takeableRows(rows);
  if (taken.length === 0) return undefined;
  taken = lifecycleFirst(taken);
  const changes = Object.fromEntries(taken.map((row) => [row.field, row.distributor]));
  const { requestId } = await submitRequest(user, {
    requestType: 'edit',
    componentId: component.id,
    componentReference: component.reference,
    baseVersion: component.version,
    data: changes,
    previousData: Object.fromEntries(taken.map((row) => [row.field, component[row.field] ?? null])),
    distributorSource: sourceOf(snapshot, batchId),
  });
  return { requestId, fields: taken.map((row) => row.field) };
};

/** The ticked fields of the answer the person was shown, filed as one edit request. */
export const fillFromDistributor = async (
  user: User,
  componentId: number,
  body: DistributorFillBody,
): Promise<{ requestId: string }> => {
  const component = await existing(componentId);
  const snapshot = await getDistributorSnapshot(body.provider, componentId);
  if (!snapshot) throw new Conflict(messages.distributorFillExpired(distributorLabels[body.provider]));
  const filed = await fileFillRequest(user, component, snapshot, body.fields);
  // Every ticked field was checked above: nothing to file cannot happen with at least one.
  return { requestId: filed!.requestId };
};

/** The Add form's start: a distributor's product by a part number, its fields read through the table. */
export const lookUpDistributorPart = async (
  user: User,
  provider: DistributorName,
  partNumber: string,
): Promise<DistributorLookupAnswer> => {
  const found = await asPersonSearch(user, async () => {
    const distributor = await distributorFor(provider);
    const signal = AbortSignal.timeout(config().DISTRIBUTOR_DEADLINE_MS);
    const candidates = await distributor.findPart(partNumber, null, { signal, purpose: 'search' });
    const wanted = partNumber.trim().toLowerCase();
    // The product whose maker or order number is the one typed, else the distributor's first.
    return (
      candidates.find(
        (candidate) =>
          candidate.manufacturerPartNumber.toLowerCase() === wanted ||
          (candidate.orderNumbers ?? []).some((number) => number.toLowerCase() === wanted),
      ) ?? candidates[0]
    );
  });
  if (!found?.data) throw new NotFound(messages.distributorLookupNotFound(distributorLabels[provider], partNumber));
  return { provider, product: found.data, readAt: new Date().toISOString() };
};

const checkFieldNames = (fields: readonly string[]): ComponentField[] => {
  const unknown = fields.filter((field) => !knownFields.has(field));
  if (unknown.length)
    throw new Invalid(messages.distributorFillUnknownField(unknown[0]!), {
      fields: messages.distributorFillUnknownField(unknown[0]!),
    });
  return inFieldOrder(new Set(fields)) as ComponentField[];
};

/** An administrator marks the fields no fill may take for one part. */
export const setPartProtection = async (admin: User, componentId: number, fields: readonly string[]) => {
  await existing(componentId);
  const kept = checkFieldNames(fields);
  await setPartProtectedFields(componentId, kept, displayName(admin));
  return { fields: kept };
};

/** An administrator marks the fields no fill may take for every part of a class. */
export const setClassProtection = async (admin: User, className: string, fields: readonly string[]) => {
  const kept = checkFieldNames(fields);
  await setClassProtectedFields(className, kept, displayName(admin));
  return { className, fields: kept };
};

/** The fields no fill may take for every part of a class, for the screen that marks them. */
export const readClassProtection = async (className: string) => ({
  className,
  fields: await getClassProtectedFields(className),
});

/** The part's protected fields, its own and its class's, for the detail page. */
export const readPartProtection = async (componentId: number) => {
  const component = await existing(componentId);
  const { part, class: ofClass } = await getProtectedFields(component.id, component.class);
  return { part, class: ofClass };
};
