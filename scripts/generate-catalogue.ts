/**
 * Writes a generated demo catalogue (realistic parts, the same for the same seed) into a table.
 *
 *   tsx scripts/generate-catalogue.ts --count 10000 [--seed 1] [--files | --no-files]
 *   tsx scripts/generate-catalogue.ts --count 5 --print      (JSON lines on stdout, nothing written)
 *
 * Without TABLE_NAME in the environment it writes to the stack `npm start` runs (its default
 * table, bucket and ports: DYNAMODB_PORT, S3_PORT); with TABLE_NAME and the AWS_* settings it
 * writes wherever they point. Datasheet PDFs are uploaded by default up to 1,000 parts.
 */
import { parseArgs } from 'node:util';
import { applyFunctionEnv, DEFAULT_BUCKET_NAME, DEFAULT_TABLE_NAME } from './local/env.ts';
import { LOOPBACK, portSetting } from './local/ports.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    files: { type: 'boolean' },
    'no-files': { type: 'boolean' },
    print: { type: 'boolean', default: false },
  },
});

const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(seed)) {
  console.error('--count must be a positive whole number and --seed a whole number');
  process.exit(2);
}

if (values.print) {
  const { generateDemoCatalogue } = await import('./seed/demo-catalogue.ts');
  for (const part of generateDemoCatalogue(count, seed)) console.log(JSON.stringify(part));
  process.exit(0);
}

if (!process.env.TABLE_NAME) {
  applyFunctionEnv({
    endpoints: {
      dynamodb: `http://${LOOPBACK}:${portSetting('DYNAMODB_PORT', 8000)}`,
      s3: `http://${LOOPBACK}:${portSetting('S3_PORT', 4569)}`,
      ses: `http://${LOOPBACK}:${portSetting('SES_PORT', 8005)}`,
    },
    tableName: DEFAULT_TABLE_NAME,
    bucketName: process.env.BUCKET_NAME?.trim() || DEFAULT_BUCKET_NAME,
    appUrl: 'http://localhost:3000',
    // Not used here; the function environment requires one.
    csrfSecret: 'generate-catalogue-does-not-sign-anything',
  });
}

const { writeDemoCatalogue } = await import('./seed/seed-catalogue.ts');
const files = values['no-files'] ? false : (values.files ?? count <= 1000);
const started = performance.now();
let lastReport = 0;
const written = await writeDemoCatalogue({
  count,
  seed,
  files,
  onProgress: (done) => {
    if (done - lastReport >= 10_000 || done === count) {
      lastReport = done;
      console.log(`${done} / ${count} components written`);
    }
  },
});
console.log(
  `Wrote ${written} components (seed ${seed}${files ? ', with datasheet PDFs' : ''}) to ${process.env.TABLE_NAME} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
