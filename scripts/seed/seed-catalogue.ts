import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { Component } from '#shared/schemas/component';
import { s3 } from '#lib/clients';
import { config } from '#lib/config';
import { getComponents, putComponents, reserveComponentIds } from '#repositories/components';
import { claimSeed, completeSeed, getSeedState, setSeedFirstId } from '#repositories/seeds';
import { commitCatalogueChange } from '#repositories/catalogue';
import { readCounter } from '#repositories/counters';
import { initialVersion, putVersions } from '#repositories/versions';
import { componentFileKey, toApiComponent } from '#services/components';
import { generateDemoCatalogue, type DemoPart } from './demo-catalogue.ts';
import { catalogueSearch } from '#services/search/catalogue-search';

/** How many parts `npm start` puts in an empty catalogue. */
export const DEMO_CATALOGUE_SIZE = 300;
const WRITE_CHUNK = 5_000;

export interface WriteCatalogueOptions {
  count: number;
  seed?: number;
  /** Upload a small generated PDF for each datasheet (off for very large benchmark catalogues). */
  files?: boolean;
  onProgress?: (written: number) => void;
}

/** A one-page PDF naming the part: enough for the datasheet link to open something real. */
export const demoDatasheetPdf = (component: Pick<Component, 'reference' | 'manufacturer' | 'description'>): Buffer => {
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const lines = [
    `${component.manufacturer ?? ''} ${component.reference}`,
    ...((component.description ?? '').match(/.{1,90}(\s|$)/g) ?? []),
  ];
  const text = lines
    .map((line, index) => `BT /F1 ${index === 0 ? 16 : 10} Tf 50 ${780 - index * 22} Td (${escape(line.trim())}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

const uploadDatasheets = async (components: readonly Component[]): Promise<void> => {
  const queue = components.filter((component) => component.dataSheet);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await s3().send(
        new PutObjectCommand({
          Bucket: config().BUCKET_NAME,
          Key: next.dataSheet!,
          Body: demoDatasheetPdf(next),
          ContentType: 'application/pdf',
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
};

/** Generated parts as components with these ids (one per part, in order). */
const demoComponents = (parts: Iterator<DemoPart>, ids: readonly number[], timestamp: string): Component[] =>
  ids.map((id): Component => {
    const { fields, hasDataSheet } = parts.next().value!;
    const dataSheet = hasDataSheet ? componentFileKey(id, 'dataSheet', `${fields.reference}.pdf`) : null;
    return { ...fields, dataSheet, id, version: 1, createdAt: timestamp, updatedAt: timestamp };
  });

/** Writes new components: their datasheets, version 1 (what the History tab starts with), then the parts. */
const writeComponents = async (components: readonly Component[], files: boolean, timestamp: string) => {
  if (files) await uploadDatasheets(components);
  // Every part's History tab starts with its creation (file fields as the API links them).
  await putVersions(
    components.map((component) => ({
      componentId: component.id,
      version: initialVersion(toApiComponent(component), component.username ?? 'catalogue-seed', timestamp),
    })),
  );
  await putComponents(components);
};

/**
 * Writes `count` generated parts (deterministic for `seed`) through the repository's bulk path,
 * in chunks that each commit a catalogue revision, then writes the search snapshot so the
 * first search starts warm.
 */
export const writeDemoCatalogue = async (options: WriteCatalogueOptions): Promise<number> => {
  const parts = generateDemoCatalogue(options.count, options.seed ?? 1);
  const timestamp = new Date().toISOString();
  let written = 0;
  while (written < options.count) {
    const size = Math.min(WRITE_CHUNK, options.count - written);
    const components = demoComponents(parts, await reserveComponentIds(size), timestamp);
    await writeComponents(components, options.files ?? true, timestamp);
    written += size;
    options.onProgress?.(written);
  }
  await catalogueSearch().writeSnapshot();
  return written;
};

/** Parts the seed writes between two reports of its progress. */
const SEED_CHUNK = 100;

export interface SeedCatalogueOptions {
  count?: number;
  seed?: number;
  /** Parts of the catalogue in place so far (those written before a resume included). */
  onProgress?: (written: number, count: number) => void;
}

/**
 * `npm start`: a demo catalogue of `count` parts on the first start. The seed is claimed before
 * the first id is reserved and keeps its ids, so a start cut short midway (a timeout on a busy
 * machine, Ctrl-C) is completed by the next one: the parts already there are kept and the
 * missing ones written. Skipped once complete, and when components were created otherwise
 * before any seed (the id counter moved), so an emptied catalogue is not refilled.
 */
export const seedCatalogue = async (
  options: SeedCatalogueOptions = {},
): Promise<{ created: number; resumed: boolean }> => {
  let state = await getSeedState('catalogue');
  if (state?.status === 'complete') return { created: 0, resumed: false };
  if (!state && (await readCounter('component')) > 0) return { created: 0, resumed: false };
  const resumed = state !== undefined;
  if (!state) {
    const claim = {
      count: options.count ?? DEMO_CATALOGUE_SIZE,
      seed: options.seed ?? 1,
      startedAt: new Date().toISOString(),
    };
    state = (await claimSeed('catalogue', claim)) ? { status: 'seeding', ...claim } : await getSeedState('catalogue');
  }
  if (!state || state.status === 'complete') return { created: 0, resumed };
  let firstId = state.firstId;
  if (firstId === undefined) {
    const [reserved] = await reserveComponentIds(state.count);
    firstId = (await setSeedFirstId('catalogue', reserved!)) ? reserved! : (await getSeedState('catalogue'))!.firstId!;
  }

  const ids = Array.from({ length: state.count }, (_, index) => firstId + index);
  const present = new Set((await getComponents(ids, { fields: ['id'] })).map((component) => component.id));
  const timestamp = new Date().toISOString();
  const parts = demoComponents(generateDemoCatalogue(state.count, state.seed), ids, timestamp);
  const missing = parts.filter((component) => !present.has(component.id));
  let inPlace = state.count - missing.length;
  options.onProgress?.(inPlace, state.count);
  for (let start = 0; start < missing.length; start += SEED_CHUNK) {
    const slice = missing.slice(start, start + SEED_CHUNK);
    await writeComponents(slice, true, timestamp);
    inPlace += slice.length;
    options.onProgress?.(inPlace, state.count);
  }
  // Parts a cut-short start wrote may have missed their catalogue revision: name them again so
  // search sees them.
  if (present.size > 0) await commitCatalogueChange([...present]);
  await catalogueSearch().writeSnapshot();
  await completeSeed('catalogue', new Date().toISOString());
  return { created: missing.length, resumed };
};
