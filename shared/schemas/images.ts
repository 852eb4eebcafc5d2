/*
 * Image management (the admin dashboard's image stats, recent images and batches,
 * `/api/admin/...`): the batch providers, request and answer shapes.
 */
import * as z from 'zod';
import { distributorNames, type DistributorName } from './distributors';
import { safeText } from './text';

/** Which distributors a batch asks: one of them, or 'both' (Smart Search: Digi-Key first, Mouser when Digi-Key finds nothing). */
export const batchProviders = [...distributorNames, 'both'] as const;
export type BatchProvider = (typeof batchProviders)[number];

export const batchProviderLabels: Record<BatchProvider, string> = {
  digikey: 'Digi-Key Only',
  mouser: 'Mouser Only',
  both: 'Smart Search (Both)',
};

/** `{ componentClass? }`: an empty or absent class means every class. */
export const startImageBatchSchema = z
  .object({ componentClass: safeText('Class').max(200).nullish() })
  .transform(({ componentClass }) => ({ componentClass: componentClass?.trim() || undefined }));
export type StartImageBatchInput = z.input<typeof startImageBatchSchema>;

/** The answer to a batch start: its `componentsToProcess`, and the batch to follow. */
export interface StartImageBatchResponse {
  componentsToProcess: number;
  batchId: string | null;
}

export type PerSource = Record<DistributorName, number>;

export const batchStatuses = ['running', 'completed', 'failed'] as const;
export type BatchStatus = (typeof batchStatuses)[number];

/** A batch and its progress: processed, success, failed, sources. */
export interface ImageBatch {
  batchId: string;
  provider: BatchProvider;
  componentClass: string | null;
  status: BatchStatus;
  /** Parts the batch set out to process. */
  total: number;
  processed: number;
  success: number;
  failed: number;
  sources: PerSource;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  /** Why a batch stopped early or failed (a spent daily budget), in words. */
  message: string | null;
  /** 'data': a "Refresh lifecycle and data" batch (absent: an image batch). */
  kind?: 'data';
}

/** `GET /api/admin/image-batch`: the running batch, else the latest one, else null. */
export interface ImageBatchResponse {
  batch: ImageBatch | null;
}

/**
 * A distributor's standing today (beside the image stats): calls used of its day budget,
 * and when it cannot be asked, why, in words. `search-share-spent`: per-part searches have used
 * their share, image batches may still use the rest.
 */
export interface DistributorStatus {
  provider: DistributorName;
  state: 'ready' | 'daily-limit' | 'budget-spent' | 'search-share-spent';
  usedToday: number;
  dailyLimit: number;
  searchShare: number;
  message: string | null;
  resumesAt: string | null;
}

/** Image stats. `imageSuccessRate` is a percent (0 to 100). */
export interface ImageStats {
  totalComponents: number;
  componentsWithImages: number;
  componentsWithoutImages: number;
  imageSuccessRate: number;
  recentlyProcessed: { partNumber: string; success: boolean }[];
  /** Coverage per class, for the Overview chart (largest classes first). */
  byClass: { componentClass: string; total: number; withImages: number }[];
  /** Each distributor's standing today. */
  distributors: DistributorStatus[];
}

/** A recently found image. */
export interface RecentImage {
  id: number;
  reference: string;
  manufacturer: string | null;
  class: string | null;
  description: string | null;
  imageAddedAt: string;
  imageSource: string;
  sourceConfidence: number;
}

export const RECENT_IMAGES_DEFAULT_LIMIT = 10;
export const recentImagesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50' })
    .int('limit must be a whole number from 1 to 50')
    .min(1)
    .max(50)
    .default(RECENT_IMAGES_DEFAULT_LIMIT),
});

/** How many processed parts the Image Management tab lists. */
export const RECENTLY_PROCESSED_SHOWN = 5;
