import { RECENTLY_PROCESSED_SHOWN, type ImageStats, type RecentImage } from '#shared/schemas/images';
import { listImageAttachments } from '#repositories/attachments';
import { getComponents } from '#repositories/components';
import { listRecentOutcomes, readProcessingTotals } from '#repositories/image-processing';
import { distributorStatuses } from './distributors/status';
import { catalogueSummary } from './search/catalogue-mirror';

/** How many of the newest distributor images the "Recently Added Images (By Accuracy)" list ranks. */
const RECENT_IMAGES_WINDOW = 100;

/** Ids of the parts that show an image (an approved image attachment), among the catalogue's. */
const componentsWithImages = async (): Promise<Set<number>> => {
  const images = await listImageAttachments({ approvedOnly: true });
  return new Set(images.map((image) => image.componentId));
};

const classOf = (value: string | null): string => value?.trim() || 'Unclassified';

/**
 * The parts without an approved image, of one class (compared without case) or of all, in the
 * catalogue's order: what an image batch searches.
 */
export const componentsNeedingImages = async (componentClass?: string): Promise<number[]> => {
  const [index, withImages] = await Promise.all([catalogueSummary().current(), componentsWithImages()]);
  const wanted = componentClass?.trim().toLowerCase();
  return index
    .fieldValues('class')
    .filter(({ id, value }) => !withImages.has(id) && (wanted === undefined || value?.trim().toLowerCase() === wanted))
    .map(({ id }) => id);
};

/** `GET /api/admin/image-stats`, with the per-class coverage of the Overview chart. */
export const getImageStats = async (): Promise<ImageStats> => {
  const [index, withImages, totals, recent, distributors] = await Promise.all([
    catalogueSummary().current(),
    componentsWithImages(),
    readProcessingTotals(),
    listRecentOutcomes(RECENTLY_PROCESSED_SHOWN),
    distributorStatuses(),
  ]);
  const byClass = new Map<string, { componentClass: string; total: number; withImages: number }>();
  let componentsWithImagesCount = 0;
  for (const { id, value } of index.fieldValues('class')) {
    const name = classOf(value);
    const entry = byClass.get(name.toLowerCase()) ?? { componentClass: name, total: 0, withImages: 0 };
    entry.total++;
    if (withImages.has(id)) {
      entry.withImages++;
      componentsWithImagesCount++;
    }
    byClass.set(name.toLowerCase(), entry);
  }
  return {
    totalComponents: index.size,
    componentsWithImages: componentsWithImagesCount,
    componentsWithoutImages: index.size - componentsWithImagesCount,
    imageSuccessRate: totals.attempts === 0 ? 0 : Math.round((totals.successes / totals.attempts) * 1000) / 10,
    recentlyProcessed: recent.map(({ partNumber, success }) => ({ partNumber, success })),
    byClass: [...byClass.values()].sort(
      (a, b) => b.total - a.total || a.componentClass.localeCompare(b.componentClass),
    ),
    distributors,
  };
};

/**
 * `GET /api/admin/recent-images?limit=`: the newest published
 * distributor images, one per part, best confidence first (newest first among equals).
 */
export const listRecentImages = async (limit: number): Promise<RecentImage[]> => {
  const images = (await listImageAttachments({ approvedOnly: true, limit: RECENT_IMAGES_WINDOW * 2 })).filter(
    (image) => image.imageSource,
  );
  const newestPerPart = new Map<number, (typeof images)[number]>();
  for (const image of images) if (!newestPerPart.has(image.componentId)) newestPerPart.set(image.componentId, image);
  const ranked = [...newestPerPart.values()]
    .slice(0, RECENT_IMAGES_WINDOW)
    .sort((a, b) => (b.sourceConfidence ?? 0) - (a.sourceConfidence ?? 0) || b.createdAt.localeCompare(a.createdAt));
  const components = new Map(
    (
      await getComponents(
        ranked.slice(0, limit * 2).map((image) => image.componentId),
        { fields: ['reference', 'manufacturer', 'class', 'description'] },
      )
    ).map((component) => [component.id, component]),
  );
  return ranked
    .flatMap((image) => {
      const component = components.get(image.componentId);
      if (!component) return [];
      return [
        {
          id: component.id,
          reference: component.reference,
          manufacturer: component.manufacturer ?? null,
          class: component.class ?? null,
          description: component.description ?? null,
          imageAddedAt: image.createdAt,
          imageSource: image.imageSource!,
          sourceConfidence: image.sourceConfidence ?? 0,
        },
      ];
    })
    .slice(0, limit);
};
