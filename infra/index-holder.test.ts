import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SEARCH_HOLDER_HANDLER, routes } from '#shared/routes';
import { repoRoot } from './paths.ts';

/*
 * Only one function holds the search index: the search route's (and the snapshot job's, which
 * writes the snapshot). Every other route function reads the catalogue summary or asks the
 * search function, so none of them may bundle the index: checked on what esbuild bundles from
 * each handler, as the CDK does.
 */
const INDEX_MODULES = [
  'functions/src/services/search/search-index.ts',
  'functions/src/services/search/catalogue-search.ts',
];

describe('the search index', () => {
  it('is bundled into the search function only', async () => {
    const result = await build({
      absWorkingDir: repoRoot,
      entryPoints: routes.map((route) => path.join('functions/src/handlers', `${route.handler}.ts`)),
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outdir: 'index-holder-check',
      logLevel: 'silent',
    });
    const holding = Object.values(result.metafile.outputs)
      .filter(
        (output) => output.entryPoint && Object.keys(output.inputs).some((input) => INDEX_MODULES.includes(input)),
      )
      .map((output) => output.entryPoint!.replace(/^functions\/src\/handlers\/|\.ts$/g, ''));
    expect(holding).toEqual([SEARCH_HOLDER_HANDLER]);
  });
});
