/**
 * Builds the SPA: esbuild bundles web/src/main.tsx into hashed ES modules under `<outdir>/assets`,
 * one chunk per route (React.lazy / route `lazy`), served from /app/assets/, and writes the
 * index.html that loads the entry. Run as a script it prints every chunk's size.
 *
 *   npm run build:web            (web/dist, minified)
 *   tsx scripts/build-web.ts --dev
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defaultAppConfig, type AppConfig } from '../web/src/config/env.ts';

export const APP_BASE = '/app/';
const ASSETS_DIR = 'assets';
/** Spec budget: initial JavaScript for /app/auth, gzipped. */
export const AUTH_INITIAL_JS_BUDGET = 190 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = 'web/src/main.tsx';
const authRoute = 'web/src/features/auth/routes/auth.tsx';

export interface BuiltFile {
  /** Path relative to outdir, e.g. `assets/main-AB12CD34.js`. */
  file: string;
  /** The URL the browser fetches it from, e.g. `/app/assets/main-AB12CD34.js`. */
  url: string;
  bytes: number;
  gzipBytes: number;
  /** The module that made it a chunk of its own: the entry or a lazily loaded route. */
  entryPoint?: string;
  /** Chunks it imports statically (fetched with it), relative to outdir. */
  imports: string[];
}

export interface BuildWebOptions {
  outdir?: string;
  minify?: boolean;
}

export interface BuildWebResult {
  outdir: string;
  files: BuiltFile[];
  /** The entry chunk, relative to outdir. */
  entry: string;
  /** Gzipped bytes of the JavaScript the browser needs to show /app/auth. */
  authInitialGzipBytes: number;
  metafile: Metafile;
}

/** Values the SPA reads from `config/env.ts`: WORKSPACE_TOOL_<n>_NAME / _URL / _DESCRIPTION, else its defaults. */
const appConfig = (): AppConfig => ({
  workspaceTools: defaultAppConfig.workspaceTools.map((tool, index) => ({
    name: process.env[`WORKSPACE_TOOL_${index + 1}_NAME`] ?? tool.name,
    url: process.env[`WORKSPACE_TOOL_${index + 1}_URL`] ?? tool.url,
    description: process.env[`WORKSPACE_TOOL_${index + 1}_DESCRIPTION`] ?? tool.description,
  })) as unknown as AppConfig['workspaceTools'],
});

/**
 * esbuild assigns a whole file to the chunk of every page that can reach it through static
 * imports, used or not. Chakra's theme reaches each component's anatomy through the index of its
 * state-machine package, and a few Chakra files import Ark's root index, so every state machine
 * the app uses anywhere (menus, tabs, dialogs ...) would be reachable from the entry and loaded on
 * the login page. These two redirects point those imports at the one file they need, so a
 * machine's code lands in the chunks of the pages that use it.
 */
const splitFriendlyChakra: Plugin = {
  name: 'split-friendly-chakra',
  setup(pluginBuild) {
    const arkComponents = path.join(root, 'node_modules/@ark-ui/react/dist/components');
    const arkAnatomy = (name: string) => path.join(arkComponents, name, `${name}.anatomy.js`);

    // Chakra's anatomy.js and recipes: `import { menuAnatomy } from '@ark-ui/react/menu'` -> Ark's menu.anatomy.js
    pluginBuild.onResolve({ filter: /^@ark-ui\/react\/[a-z-]+$/ }, (args) => {
      if (!/[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](anatomy\.js$|theme[\\/])/.test(args.importer))
        return undefined;
      const anatomy = arkAnatomy(args.path.slice('@ark-ui/react/'.length));
      return existsSync(anatomy) ? { path: anatomy } : undefined;
    });
    // Ark's menu.anatomy.js: `import { anatomy } from "@zag-js/menu"` -> @zag-js/menu/dist/menu.anatomy.mjs
    pluginBuild.onResolve({ filter: /^@zag-js\/[a-z-]+$/ }, async (args) => {
      if (!/[\\/]@ark-ui[\\/]react[\\/].*\.anatomy\.js$/.test(args.importer)) return undefined;
      const name = args.path.slice('@zag-js/'.length);
      const index = await pluginBuild.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir });
      const anatomy = path.join(path.dirname(index.path), `${name}.anatomy.mjs`);
      return existsSync(anatomy) ? { path: anatomy } : undefined;
    });
    // The few Chakra files that import a helper from Ark's root index get it from its own module.
    pluginBuild.onResolve({ filter: /^@ark-ui\/react$/ }, (args) =>
      /[\\/]@chakra-ui[\\/]react[\\/]/.test(args.importer)
        ? { path: 'ark-root', namespace: 'split-friendly-chakra' }
        : undefined,
    );
    // Chakra's theme index builds its default config (every recipe) at load time; marked pure, it
    // goes when unused, and with it the recipes web/src/components/ui/system.ts does not pick.
    pluginBuild.onLoad(
      { filter: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/ },
      async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = source.replace(
          'defaultThemeConfig = defineConfig(',
          'defaultThemeConfig = /* @__PURE__ */ defineConfig(',
        );
        if (contents === source) throw new Error(`${args.path}: its default config is no longer built where expected`);
        return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      },
    );
    pluginBuild.onLoad({ filter: /^ark-root$/, namespace: 'split-friendly-chakra' }, () => ({
      resolveDir: root,
      loader: 'js',
      contents: [
        "export { dataAttr, ariaAttr, mergeProps, createContext } from '@ark-ui/react/utils';",
        "export { useEnvironmentContext } from '@ark-ui/react/environment';",
        "export { TreeView, useTreeViewContext } from '@ark-ui/react/tree-view';",
        `export { comboboxAnatomy } from ${JSON.stringify(arkAnatomy('combobox'))};`,
      ].join('\n'),
    }));
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const indexHtml = (entryUrl: string, preloadUrls: string[]) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Component Hub: the electrical component catalogue" />
    <title>Component Hub</title>
    <link rel="icon" href="data:," />
${preloadUrls.map((url) => `    <link rel="modulepreload" href="${escapeHtml(url)}" />`).join('\n')}
    <script type="module" src="${escapeHtml(entryUrl)}"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Component Hub needs JavaScript.</noscript>
  </body>
</html>
`;

/** Files an earlier build left in assets/ stay this long, then go. */
const KEEP_OLD_ASSETS_MS = 15 * 60 * 1000;

const pruneOldAssets = async (absOutdir: string, current: Set<string>) => {
  const assets = path.join(absOutdir, ASSETS_DIR);
  const cutoff = Date.now() - KEEP_OLD_ASSETS_MS;
  for (const name of await readdir(assets)) {
    const file = path.join(assets, name);
    if (current.has(file)) continue;
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
    if (mtimeMs < cutoff) await rm(file, { force: true });
  }
};

/** Every chunk a file pulls in statically, itself included. */
const staticClosure = (start: string, files: Map<string, BuiltFile>): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of files.get(file)?.imports ?? []) visit(imported);
  };
  visit(start);
  return seen;
};

export const buildWeb = async ({
  outdir = 'web/dist',
  minify = true,
}: BuildWebOptions = {}): Promise<BuildWebResult> => {
  const absOutdir = path.resolve(root, outdir);
  await mkdir(absOutdir, { recursive: true });

  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outdir: absOutdir,
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
    jsx: 'automatic',
    minify,
    sourcemap: 'linked',
    legalComments: 'linked',
    metafile: true,
    publicPath: APP_BASE,
    entryNames: `${ASSETS_DIR}/[name]-[hash]`,
    chunkNames: `${ASSETS_DIR}/chunk-[hash]`,
    assetNames: `${ASSETS_DIR}/[name]-[hash]`,
    define: {
      'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development'),
      __APP_CONFIG__: JSON.stringify(appConfig()),
    },
    plugins: [splitFriendlyChakra],
    logLevel: 'warning',
  });

  const metafile = result.metafile;
  const files = new Map<string, BuiltFile>();
  let entryFile = '';
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const file = path.relative(absOutdir, path.resolve(root, output)).split(path.sep).join('/');
    const bytes = await readFile(path.resolve(root, output));
    const imports = meta.imports
      .filter((i) => i.kind === 'import-statement' && !i.external)
      .map((i) => path.relative(absOutdir, path.resolve(root, i.path)).split(path.sep).join('/'));
    files.set(file, {
      file,
      url: `${APP_BASE}${file}`,
      bytes: bytes.byteLength,
      gzipBytes: gzipSync(bytes, { level: 9 }).byteLength,
      ...(meta.entryPoint ? { entryPoint: meta.entryPoint } : {}),
      imports,
    });
    if (meta.entryPoint === entry) entryFile = file;
  }
  if (!entryFile) throw new Error(`esbuild produced no output for ${entry}`);

  const entryClosure = staticClosure(entryFile, files);
  const authChunk = [...files.values()].find((f) => f.entryPoint === authRoute);
  const authClosure = new Set([...entryClosure, ...(authChunk ? staticClosure(authChunk.file, files) : [])]);
  const authInitialGzipBytes = [...authClosure].reduce((sum, file) => sum + (files.get(file)?.gzipBytes ?? 0), 0);

  const preloads = [...entryClosure].filter((file) => file !== entryFile).map((file) => `${APP_BASE}${file}`);
  // A server may be serving this folder while it is rebuilt: the new index.html replaces the old
  // in one rename, and the previous build's chunks stay a while for pages still open on them.
  const indexTemp = path.join(absOutdir, `index.html.${process.pid}.tmp`);
  await writeFile(indexTemp, indexHtml(`${APP_BASE}${entryFile}`, preloads));
  await rename(indexTemp, path.join(absOutdir, 'index.html'));
  await pruneOldAssets(absOutdir, new Set(Object.keys(metafile.outputs).map((output) => path.resolve(root, output))));

  return { outdir: absOutdir, files: [...files.values()], entry: entryFile, authInitialGzipBytes, metafile };
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The size table the script prints: every chunk, what it serves, raw and gzipped. */
export const formatSizes = ({ files, entry: entryFile, authInitialGzipBytes }: BuildWebResult): string => {
  const label = (f: BuiltFile) =>
    f.file === entryFile
      ? 'entry (every page)'
      : f.entryPoint
        ? f.entryPoint.replace(/^web\/src\//, '')
        : 'shared chunk';
  const rows = [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => [f.file, label(f), kb(f.bytes), kb(f.gzipBytes)]);
  const header = ['file', 'serves', 'size', 'gzip'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  const verdict = authInitialGzipBytes <= AUTH_INITIAL_JS_BUDGET ? 'within' : 'OVER';
  return [
    line(header),
    ...rows.map(line),
    '',
    `initial JS for /app/auth: ${kb(authInitialGzipBytes)} gzipped (${verdict} the ${kb(AUTH_INITIAL_JS_BUDGET)} budget)`,
  ].join('\n');
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const result = await buildWeb({ minify: !process.argv.includes('--dev') });
  console.log(formatSizes(result));
  console.log(`built ${path.relative(process.cwd(), result.outdir) || '.'} in ${Date.now() - started} ms`);
  if (result.authInitialGzipBytes > AUTH_INITIAL_JS_BUDGET) {
    console.error(`the sign-in page's initial JS is over its ${kb(AUTH_INITIAL_JS_BUDGET)} budget: the build fails`);
    process.exitCode = 1;
  }
}
