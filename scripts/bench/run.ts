/**
 * `npm run bench [-- <name> ...]`: runs every benchmark in this folder (files named
 * `*.bench.ts`), or those whose file name contains one of the names given, one after another,
 * each in its own Node process (so one benchmark's memory and JIT state never colour another's).
 * Benchmarks print their own report; they are never part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const all = (await readdir(folder)).filter((file) => file.endsWith('.bench.ts')).sort();
const selected = wanted.length ? all.filter((file) => wanted.some((name) => file.includes(name))) : all;

if (selected.length === 0) {
  console.error(
    wanted.length ? `No benchmark matches ${wanted.join(', ')}; there are: ${all.join(', ')}` : 'No benchmarks found.',
  );
  process.exit(1);
}

const runOne = (file: string): Promise<number> =>
  new Promise((resolve) => {
    console.log(`\n=== ${file} ===\n`);
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(folder, file)], {
      stdio: 'inherit',
      // Request logs are for operators; a benchmark prints its own report.
      env: { ...process.env, POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT' },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const failed: string[] = [];
for (const file of selected) if ((await runOne(file)) !== 0) failed.push(file);

if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
