import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import {
  distributorLabels,
  type DistributorName,
  type DistributorSourceMetadata,
  type PartSearchResponse,
} from '#shared/schemas/distributors';
import { attachmentFileTypes, type AttachmentFileType } from '#shared/schemas/files';
import type { Component } from '#shared/schemas/component';
import { config } from '#lib/config';
import { NotFound } from '#lib/errors';
import { logger } from '#lib/logger';
import { findSourceClaim, sourceClaimPuts, type SourceClaim } from '#repositories/attachment-sources';
import { attachmentPut, getAttachment, type StoredAttachment } from '#repositories/attachments';
import { componentLiveCheck, getComponent } from '#repositories/components';
import { failedConditions, isConditionFailure, transact } from '#repositories/table';
import type { User } from '#repositories/users';
import { displayName } from '#services/user-names';
import { submitRequest } from '#services/approvals/filing';
import { attachmentObjectKey } from '#services/attachments';
import { sanitiseFileName } from '#services/file-names';
import { deleteFileQuietly, putFile } from '#services/file-store';
import { recordProcessingOutcome } from '#repositories/image-processing';
import { DistributorCannotSearch, DistributorError, isDayStop } from './errors';
import { downloadFile, FileRejected, type DownloadedFile } from './download';
import { isGenericPhoto } from './generic-photos';
import { distributorFor } from './index';
import { AUTO_APPROVE_CONFIDENCE, bestMatch } from './matcher';
import { partSearchKeys } from './part-keys';
import { takeSearchAllowance } from './search-allowance';
import type { CallPurpose, Distributor, DistributorCandidate } from './types';

type FileKind = DistributorSourceMetadata['type'];

const acceptedTypes: Record<FileKind, readonly AttachmentFileType[]> = {
  image: ['image/jpeg', 'image/png', 'image/gif'],
  datasheet: ['application/pdf'],
};

interface Copy {
  submitter: User;
  component: Component;
  provider: DistributorName;
  candidate: DistributorCandidate;
  confidence: number;
  trustedOrigins: readonly string[];
  signal: AbortSignal;
}

/** `<reference>.png`, `<reference> datasheet.pdf`: what the attachments list shows. */
const fileNameFor = (component: Component, kind: FileKind, fileType: AttachmentFileType) =>
  sanitiseFileName(
    `${component.reference}${kind === 'datasheet' ? ' datasheet' : ''}${attachmentFileTypes[fileType][0]}`,
  );

/**
 * Whether the part already has this file from a distributor: undefined when it never had it;
 * true while its attachment exists; false when that attachment was rejected or deleted (the file
 * is not proposed again).
 */
const heldAlready = async (componentId: number, claim: SourceClaim): Promise<boolean | undefined> => {
  const attachmentId = await findSourceClaim(componentId, claim);
  return attachmentId === undefined ? undefined : Boolean(await getAttachment(componentId, attachmentId));
};

/**
 * Copies one file of the matched product into the part's attachments, unless the part already
 * had it (same address, or same bytes from anywhere). True when the part holds it afterwards.
 */
const copyFile = async (copy: Copy, kind: FileKind, address: string, approved: boolean): Promise<boolean> => {
  const { component, provider, candidate } = copy;
  const byAddress = await heldAlready(component.id, { kind: 'url', url: address });
  if (byAddress !== undefined) return byAddress;
  let file: DownloadedFile;
  try {
    file = await downloadFile(address, {
      accept: acceptedTypes[kind],
      trustedOrigins: copy.trustedOrigins,
      httpHosts: config().DISTRIBUTOR_HTTP_FILE_HOSTS,
      timeoutMs: config().DISTRIBUTOR_TIMEOUT_MS,
      signal: copy.signal,
    });
  } catch (error) {
    if (!(error instanceof FileRejected)) throw error;
    logger.warn('distributor file not copied', {
      provider,
      componentId: component.id,
      kind,
      reason: error.reason,
      detail: error.message,
    });
    return false;
  }
  const byContent = await heldAlready(component.id, { kind: 'sha256', hash: file.sha256 });
  if (byContent !== undefined) return byContent;

  const id = ulid();
  const requestId = approved ? undefined : ulid();
  const fileName = fileNameFor(component, kind, file.fileType);
  const objectKey = attachmentObjectKey(component.id, id, fileName);
  const metadata: DistributorSourceMetadata = {
    type: kind,
    source: provider,
    productUrl: candidate.productUrl,
    sourceUrl: address,
    manufacturerPartNumber: candidate.manufacturerPartNumber,
  };
  const attachment: StoredAttachment = {
    id,
    componentId: component.id,
    fileName,
    fileType: file.fileType,
    size: file.bytes.byteLength,
    objectKey,
    isApproved: approved,
    uploadedByUserId: copy.submitter.id,
    username: displayName(copy.submitter),
    createdAt: new Date().toISOString(),
    ...(requestId && { requestId }),
    imageSource: provider,
    sourceMetadata: JSON.stringify(metadata),
    sourceConfidence: copy.confidence,
  };
  const claims: SourceClaim[] = [
    { kind: 'url', url: address },
    ...(file.url !== address ? [{ kind: 'url' as const, url: file.url }] : []),
    { kind: 'sha256', hash: file.sha256 },
  ];
  // The part's own check last: a refusal of it says the part went meanwhile (deleted or merged).
  const items = [
    attachmentPut(attachment),
    ...sourceClaimPuts(component.id, id, claims),
    componentLiveCheck(component.id),
  ];

  await putFile(objectKey, file.bytes, { contentType: file.fileType, fileName });
  try {
    if (!requestId) await transact(items);
    else {
      const data = { fileName, fileType: file.fileType, componentId: component.id };
      await submitRequest(
        copy.submitter,
        { id: requestId, requestType: 'attachment', componentId: component.id, attachmentId: id, data },
        items,
      );
    }
  } catch (error) {
    await deleteFileQuietly(objectKey, 'a distributor file that was not stored');
    // The part went meanwhile: it holds nothing. Else another search stored the same file a
    // moment earlier: the part holds it.
    if (isConditionFailure(error)) return !failedConditions(error).includes(items.length - 1);
    throw error;
  }
  return true;
};

/**
 * The provider's best product for the part (among those `usable` says are: by default, those
 * with a photo or a datasheet), trying its keys in order (reference, article number,
 * commercial reference, each also without a distributor prefix) until one gives a match good
 * enough to publish; every candidate is scored against all the part's keys. `refused` is the
 * provider's refusal of the text when no key could be searched at all.
 */
export const findBestMatch = async (
  distributor: Distributor,
  component: Pick<Component, 'reference' | 'manufacturer' | 'articleNumber' | 'commercialReference'>,
  options: { signal: AbortSignal; purpose: CallPurpose },
  usable: (candidate: DistributorCandidate) => boolean = (candidate) =>
    Boolean(candidate.imageUrl || candidate.datasheetUrl),
): Promise<{ match?: { candidate: DistributorCandidate; confidence: number }; refused?: DistributorCannotSearch }> => {
  const keys = partSearchKeys(component);
  const part = { reference: component.reference, manufacturer: component.manufacturer, otherKeys: keys };
  let match: { candidate: DistributorCandidate; confidence: number } | undefined;
  let refused: DistributorCannotSearch | undefined;
  let searched = false;
  for (const key of keys) {
    let candidates: DistributorCandidate[];
    try {
      candidates = await distributor.findPart(key, component.manufacturer, options);
      searched = true;
    } catch (error) {
      if (!(error instanceof DistributorCannotSearch)) throw error;
      refused ??= error;
      continue;
    }
    const found = bestMatch(part, candidates.filter(usable));
    if (found && (!match || found.confidence > match.confidence)) match = found;
    if (match && match.confidence >= AUTO_APPROVE_CONFIDENCE) break;
  }
  return { match, refused: searched ? undefined : refused };
};

/**
 * `search-digikey` / `search-mouser`: asks the provider for the part by its keys, takes
 * the best match the matcher trusts, and copies its image and datasheet into the part's
 * attachments with the match's confidence. At AUTO_APPROVE_CONFIDENCE or above they are
 * published at once; below, each waits in the approval queue as an `attachment` request of the
 * caller. A photo of a series or a package, not of this part, always waits for review.
 */
export const findPartFiles = async (
  submitter: User,
  component: Component,
  provider: DistributorName,
  purpose: CallPurpose = 'batch',
): Promise<PartSearchResponse> => {
  const distributor = await distributorFor(provider);
  const signal = AbortSignal.timeout(config().DISTRIBUTOR_DEADLINE_MS);

  const { match, refused } = await findBestMatch(distributor, component, { signal, purpose });
  if (!match) {
    return {
      success: false,
      result: null,
      message: refused?.message ?? messages.distributorNoResults(component.reference),
    };
  }

  const { candidate, confidence } = match;
  const approved = confidence >= AUTO_APPROVE_CONFIDENCE;
  const imageApproved = approved && !(candidate.imageUrl && isGenericPhoto(candidate.imageUrl));
  const copy: Copy = {
    submitter,
    component,
    provider,
    candidate,
    confidence,
    trustedOrigins: [distributor.apiOrigin],
    signal,
  };
  const [imageFound, datasheetFound] = await Promise.all([
    candidate.imageUrl ? copyFile(copy, 'image', candidate.imageUrl, imageApproved) : false,
    candidate.datasheetUrl ? copyFile(copy, 'datasheet', candidate.datasheetUrl, approved) : false,
  ]);
  if (!imageFound && !datasheetFound) {
    return {
      success: false,
      result: null,
      message: messages.distributorFilesUnavailable(distributorLabels[provider], candidate.manufacturerPartNumber),
    };
  }
  return {
    success: true,
    result: {
      imageFound,
      datasheetFound,
      confidence,
      productUrl: candidate.productUrl,
      manufacturerPartNumber: candidate.manufacturerPartNumber,
      approved: (!imageFound || imageApproved) && (!datasheetFound || approved),
    },
  };
};

/** Errors that mean the distributor was asked and could not answer (a failed search), not that it was never asked. */
const isFailedSearch = (error: unknown): boolean =>
  error instanceof DistributorError && (error.kind === 'unavailable' || error.kind === 'malformed');

/** Counts a search into the admin page's "recently processed" list and success rate. */
export const recordOutcome = (
  component: Pick<Component, 'id' | 'reference'>,
  success: boolean,
  source: DistributorName | null,
): Promise<void> =>
  recordProcessingOutcome({
    componentId: component.id,
    partNumber: component.reference,
    success,
    source,
    processedAt: new Date().toISOString(),
  });

/** Errors that say the distributor was never asked (not set up, or stopped for the day): the person's search is given back. */
export const neverAsked = (error: unknown): boolean =>
  isDayStop(error) || (error instanceof DistributorError && error.kind === 'not-configured');

/**
 * The per-part search of the detail page (`search-digikey` / `search-mouser`): counted
 * against the person's own allowance first (a minute's and a day's searches), then
 * {@link findPartFiles} with the share of the distributor's day budget per-part searches may
 * use, its outcome counted for the image statistics.
 */
export const searchPartFiles = async (
  submitter: User,
  componentId: number,
  provider: DistributorName,
): Promise<PartSearchResponse> => {
  const component = await getComponent(componentId);
  if (!component) throw new NotFound(messages.componentNotFound);
  const settings = config();
  const ticket = await takeSearchAllowance(submitter.id, {
    perMinute: settings.DISTRIBUTOR_USER_SEARCHES_PER_MINUTE,
    perDay: settings.DISTRIBUTOR_USER_SEARCHES_PER_DAY,
  });
  let answer: PartSearchResponse;
  try {
    answer = await findPartFiles(submitter, component, provider, 'search');
  } catch (error) {
    if (neverAsked(error))
      await ticket
        .giveBack()
        .catch((failure: unknown) =>
          logger.warn('search allowance not given back', { userId: submitter.id, error: failure as Error }),
        );
    if (isFailedSearch(error)) await recordOutcome(component, false, null);
    throw error;
  }
  await recordOutcome(component, answer.success, answer.success ? provider : null);
  return answer;
};
