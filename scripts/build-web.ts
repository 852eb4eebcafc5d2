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
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { minify as terser } from 'terser';
import { defaultAppConfig, type AppConfig } from '../web/src/config/env.ts';

export const APP_BASE = '/app/';
const ASSETS_DIR = 'assets';
/**
 * The sign-in page's budget: the JavaScript a browser fetches before its form can be used, gzipped
 * and in requests (each file is one, however small).
 */
export const SIGN_IN_BUDGET = { gzipBytes: 150 * 1024, requests: 12 } as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = 'web/src/main.tsx';
const authRoute = 'web/src/features/auth/routes/auth.tsx';
/** The 3D viewer's worker (OpenCascade in WebAssembly), bundled on its own with its .wasm. */
const occtWorker = 'web/src/features/component-detail/model-viewer/occt-worker.ts';
const TARGET = ['es2022', 'chrome111', 'firefox115', 'safari16.4'];

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

/** What the browser fetches for /app/auth before its form can be used. */
export interface SignInWeight {
  /** Every chunk, relative to outdir: the entry's and the route's, with what they import statically. */
  files: string[];
  requests: number;
  gzipBytes: number;
}

export interface BuildWebResult {
  outdir: string;
  files: BuiltFile[];
  /** The entry chunk, relative to outdir. */
  entry: string;
  signIn: SignInWeight;
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
    // The app's `import { buttonRecipe } from '@chakra-ui/react/theme'` -> recipes/button.js, so a
    // page reaches only the recipes it names (the theme index reaches every one).
    pluginBuild.onResolve({ filter: /^@chakra-ui\/react\/theme$/ }, (args) =>
      args.importer.startsWith(path.join(root, 'web', 'src'))
        ? { path: args.importer, namespace: 'chakra-theme-names' }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'chakra-theme-names' }, async (args) => {
      const themeIndex = path.join(root, 'node_modules/@chakra-ui/react/dist/esm/theme/index.js');
      const definedIn = new Map<string, string>();
      for (const [, names = '', from = ''] of (await readFile(themeIndex, 'utf8')).matchAll(
        /^export \{ (\w+) \} from '(\.[^']+)';$/gm,
      ))
        definedIn.set(names, path.join(path.dirname(themeIndex), from));
      const importer = await readFile(args.path, 'utf8');
      const imported = /import \{([^}]*)\} from '@chakra-ui\/react\/theme'/.exec(importer)?.[1];
      if (!imported) throw new Error(`${args.path}: no named import from @chakra-ui/react/theme`);
      const lines = imported
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => {
          const file = definedIn.get(name);
          // A recipe is loaded as a module of its own here: the theme index, which the tokens come
          // from, reaches every recipe file, and a recipe one page uses would land in its chunk.
          const from = !file ? themeIndex : /[\\/]recipes[\\/]/.test(file) ? `chakra-recipe:${file}` : file;
          return `export { ${name} } from ${JSON.stringify(from)};`;
        });
      return { contents: lines.join('\n'), loader: 'js', resolveDir: root };
    });
    pluginBuild.onResolve({ filter: /^chakra-recipe:/ }, (args) => ({
      path: args.path.slice('chakra-recipe:'.length),
      namespace: 'chakra-recipe',
    }));
    // A recipe built on another (native select on select, checkbox on checkmark) takes it as one too.
    pluginBuild.onResolve({ filter: /^\.\/[\w-]+\.js$/, namespace: 'chakra-recipe' }, (args) => ({
      path: path.join(args.resolveDir, args.path),
      namespace: 'chakra-recipe',
    }));
    // (narrowIndexImports loads these modules: a recipe's imports are narrowed like any other.)
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

/**
 * Two packages that ship more than they run. React Router's package exports point every build at
 * its development files (dev warnings on); its production files are the same API without them
 * (their displayName lines are dropped here, see below). Emotion imports
 * hoist-non-react-statics (and with it react-is) only for a component wrapper nothing here uses,
 * but through a bare import of a CommonJS file, which esbuild must keep unless told it has no
 * side effects.
 */
const leanPackages = (production: boolean): Plugin => ({
  name: 'lean-packages',
  setup(pluginBuild) {
    const reactRouter = path.join(root, 'node_modules/react-router/dist/production');
    if (production) {
      pluginBuild.onResolve({ filter: /^react-router(\/dom)?$/ }, (args) => ({
        path: path.join(reactRouter, args.path === 'react-router' ? 'index.mjs' : 'dom-export.mjs'),
      }));
      // Even there, `Link.displayName = "Link"` keeps every component it names (Form, ScrollRestoration
      // ...) whether the app uses it or not, and a component made by forwardRef or memo is kept for the
      // call; names are for React's developer tools only, and the calls have no side effects.
      pluginBuild.onLoad({ filter: /[\\/]react-router[\\/]dist[\\/]production[\\/][\w-]+\.mjs$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = source
          .replace(/^[\w$]+\.displayName = "[^"\n]*";\n/gm, '')
          .replace(/^(var [\w$]+ = )(?=React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ ');
        return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    }
    const hoistNonReactStatics = createRequire(import.meta.url).resolve('hoist-non-react-statics');
    pluginBuild.onResolve({ filter: /^hoist-non-react-statics$/ }, () => ({
      path: hoistNonReactStatics,
      sideEffects: false,
    }));
  },
});

/** A module that only passes on names other modules define (an index file). */
type Barrel = Map<string, { file: string; name: string } | 'ambiguous'>;

const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const NAMED_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2;?/gm;
const NAMED_EXPORT_FROM = /^export\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2;?/gm;
const STAR_EXPORT = /^export\s*\*\s*from\s*(['"])([^'"]+)\1;?/gm;
const LOCAL_EXPORT = /^export\s*\{([^}]*)\};?/gm;
const BARE_IMPORT = /^import\s*(['"])[^'"]+\1;?/gm;
const DECLARED_EXPORT = /^export\s+(?:default\s+)?(?:async\s+)?(?:function\s*\*?|const|let|var|class)\s+([\w$]+)/gm;

/**
 * Chakra files that define many independent things (every component's anatomy, every icon): a
 * page that names one gets only that one, from a module of its own (see narrowIndexImports).
 */
const DEFINITIONS = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](anatomy|components[\\/]icons)\.js$/;
const PART = 'chakra-part:';

/** `a, b as c, type d` -> [{ imported: 'a', local: 'a' }, { imported: 'b', local: 'c', isType }] */
const specifiers = (list: string) =>
  list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const isType = /^type\s/.test(item);
      const [imported = '', local = imported] = item.replace(/^type\s+/, '').split(/\s+as\s+/);
      return { imported: imported.trim(), local: local.trim(), isType };
    });

/**
 * esbuild assigns a whole file to the chunk of every page that reaches it, and an index file
 * reaches every file of its package: `import { dataAttr } from '@ark-ui/react'` makes every Ark
 * component and every Zag state machine reachable from the sign-in page, and the parts of them any
 * page uses land in its chunk. This rewrites a named import from an index file (of Chakra, Ark or
 * Zag, in their code and the app's) into imports from the files that define the names, so a page
 * reaches only what it names. An import it cannot follow (a name it does not find, an index that
 * also holds code) stays as it was.
 */
const narrowIndexImports: Plugin = {
  name: 'narrow-index-imports',
  setup(pluginBuild) {
    const barrels = new Map<string, Promise<Barrel | null>>();
    const resolveFrom = async (spec: string, resolveDir: string) => {
      const resolved = await pluginBuild.resolve(spec, { kind: 'import-statement', resolveDir });
      return resolved.errors.length > 0 || resolved.external || resolved.namespace !== 'file' ? null : resolved.path;
    };

    /** The names a module exports, each with the file that defines it (itself, unless it is an index). */
    const exportsOf = async (file: string): Promise<Barrel> => {
      const barrel = await barrelAt(file);
      if (barrel) return barrel;
      const source = (await readFile(file, 'utf8')).replace(COMMENTS, '');
      const names: Barrel = new Map();
      const own = (name: string) => names.set(name, { file, name });
      for (const [, list = ''] of source.matchAll(LOCAL_EXPORT)) for (const { local } of specifiers(list)) own(local);
      for (const [, list = ''] of source.matchAll(NAMED_EXPORT_FROM))
        for (const { local } of specifiers(list)) own(local);
      for (const [, name = ''] of source.matchAll(DECLARED_EXPORT)) own(name);
      for (const [, , spec = ''] of source.matchAll(STAR_EXPORT)) {
        const target = await resolveFrom(spec, path.dirname(file));
        if (!target) continue;
        for (const name of (await exportsOf(target)).keys()) if (name !== 'default' && !names.has(name)) own(name);
      }
      return names;
    };

    const readBarrel = async (file: string): Promise<Barrel | null> => {
      const source = (await readFile(file, 'utf8')).replace(COMMENTS, '');
      const rest = [NAMED_IMPORT, NAMED_EXPORT_FROM, STAR_EXPORT, LOCAL_EXPORT, BARE_IMPORT]
        .reduce((text, statement) => text.replace(statement, ''), source)
        .replace(/^\s*(['"])use strict\1;?/gm, '');
      if (rest.trim() !== '') return null;
      const dir = path.dirname(file);
      /** Each name the statements of `pattern` bring in, with the file defining it; false when one cannot be followed. */
      const follow = async (pattern: RegExp, into: Barrel): Promise<boolean> => {
        for (const [, list = '', , spec = ''] of source.matchAll(pattern)) {
          const target = await resolveFrom(spec, dir);
          if (!target) return false;
          const targetExports = await exportsOf(target);
          for (const { imported: name, local } of specifiers(list))
            into.set(local, targetExports.get(name) ?? 'ambiguous');
        }
        return true;
      };
      const imported: Barrel = new Map();
      if (!(await follow(NAMED_IMPORT, imported))) return null;
      const barrel: Barrel = new Map();
      for (const [, list = ''] of source.matchAll(LOCAL_EXPORT))
        for (const { imported: name, local } of specifiers(list)) barrel.set(local, imported.get(name) ?? 'ambiguous');
      if (!(await follow(NAMED_EXPORT_FROM, barrel))) return null;
      // A name two star exports both provide is exported by neither.
      const fromStars: Barrel = new Map();
      for (const [, , spec = ''] of source.matchAll(STAR_EXPORT)) {
        const target = await resolveFrom(spec, dir);
        if (!target) return null;
        for (const [name, origin] of await exportsOf(target)) {
          if (name === 'default') continue;
          const seen = fromStars.get(name);
          fromStars.set(
            name,
            seen &&
              seen !== origin &&
              (seen === 'ambiguous' || origin === 'ambiguous' || seen.file !== origin.file || seen.name !== origin.name)
              ? 'ambiguous'
              : origin,
          );
        }
      }
      for (const [name, origin] of fromStars) if (!barrel.has(name)) barrel.set(name, origin);
      return barrel;
    };
    const barrelAt = (file: string) => {
      let barrel = barrels.get(file);
      if (!barrel) barrels.set(file, (barrel = readBarrel(file)));
      return barrel;
    };

    /**
     * A namespace object Ark builds for a component (`var field_exports = __exportAll({ Input: () =>
     * FieldInput, ... })`, imported as `Field`): each member with the file that defines it. The
     * object holds every part, so `Field.Input` alone would bring the textarea's autosize too.
     */
    const namespaces = new Map<string, Promise<Map<string, { file: string; name: string }> | null>>();
    const namespaceAt = ({ file, name }: { file: string; name: string }) => {
      const key = `${file}#${name}`;
      let members = namespaces.get(key);
      if (!members) namespaces.set(key, (members = readNamespace(file, name)));
      return members;
    };
    const readNamespace = async (file: string, name: string) => {
      if (file.startsWith(PART)) return null;
      const source = (await readFile(file, 'utf8')).replace(COMMENTS, '');
      const body = new RegExp(`^var ${name.replace(/\$/g, '\\$')}\\s*=\\s*__exportAll\\(\\{([^}]*)\\}\\);?$`, 'm').exec(
        source,
      )?.[1];
      if (!body) return null;
      const imported = new Map<string, { file: string; name: string }>();
      for (const [, list = '', , spec = ''] of source.matchAll(NAMED_IMPORT)) {
        const target = await resolveFrom(spec, path.dirname(file));
        if (!target) return null;
        const targetExports = await exportsOf(target);
        for (const { imported: exported, local } of specifiers(list)) {
          const origin = targetExports.get(exported);
          if (origin && origin !== 'ambiguous') imported.set(local, origin);
        }
      }
      const members = new Map<string, { file: string; name: string }>();
      for (const [, member = '', local = ''] of body.matchAll(/([\w$]+):\s*\(\)\s*=>\s*([\w$]+)/g)) {
        const origin = imported.get(local);
        if (!origin) return null;
        members.set(member, origin);
      }
      return members;
    };
    /** The members `local` is used for in `code` (`Field.Input` -> Input), or null if it is also used whole. */
    const membersUsed = (code: string, local: string) => {
      const members = new Set<string>();
      for (const match of code.matchAll(
        new RegExp(`(?<![\\w$.])${local.replace(/\$/g, '\\$')}(?![\\w$])(\\.[\\w$]+)?`, 'g'),
      )) {
        if (!match[1]) return null;
        members.add(match[1].slice(1));
      }
      return members;
    };

    const narrow = async (source: string, importer: string) => {
      const dir = path.dirname(importer);
      /** Namespace imports narrowed to their members: `Field.Input` becomes `Field$Input`. */
      const byMember: string[] = [];
      const statements = [
        ...[...source.matchAll(NAMED_IMPORT)].map((match) => ({ match, keyword: 'import' })),
        ...[...source.matchAll(NAMED_EXPORT_FROM)].map((match) => ({ match, keyword: 'export' })),
      ].sort((a, b) => b.match.index - a.match.index);
      let result = source;
      for (const { match, keyword } of statements) {
        const [statement, list = '', , spec = ''] = match;
        const fromPackage =
          /^@(chakra-ui\/react|ark-ui\/react|zag-js\/[\w-]+)(\/[\w-]+)?$/.test(spec) &&
          spec !== '@chakra-ui/react/theme';
        if (!fromPackage && !/^\.\.?\/.*\b(anatomy|icons)\.js$/.test(spec)) continue;
        const target = await resolveFrom(spec, dir);
        if (!target) continue;
        const barrel = DEFINITIONS.test(target)
          ? new Map(
              [...(await exportsOf(target)).keys()].map((name) => [name, { file: `${PART}${target}#${name}`, name }]),
            )
          : fromPackage
            ? await barrelAt(target)
            : null;
        if (!barrel) continue;
        const byFile = new Map<string, string[]>();
        const add = (file: string, item: string) => byFile.set(file, [...(byFile.get(file) ?? []), item]);
        const types: string[] = [];
        const namespaces: string[] = [];
        let followed = true;
        for (const { imported, local, isType } of specifiers(list)) {
          const item = imported === local ? imported : `${imported} as ${local}`;
          if (isType) {
            types.push(item);
            continue;
          }
          const origin = barrel.get(imported);
          if (!origin || origin === 'ambiguous') {
            followed = false;
            break;
          }
          const members = keyword === 'import' ? await namespaceAt(origin) : null;
          const used = members && membersUsed(source.replace(statement, ''), local);
          if (members && used && [...used].every((member) => members.has(member))) {
            for (const member of used)
              add(members.get(member)!.file, `${members.get(member)!.name} as ${local}$${member}`);
            namespaces.push(local);
            continue;
          }
          add(origin.file, origin.name === local ? local : `${origin.name} as ${local}`);
        }
        if (!followed) continue;
        byMember.push(...namespaces);
        const replacement = [
          ...[...byFile].map(([file, items]) => `${keyword} { ${items.join(', ')} } from ${JSON.stringify(file)};`),
          ...(types.length > 0 ? [`${keyword} type { ${types.join(', ')} } from ${JSON.stringify(spec)};`] : []),
        ].join(' ');
        // The same number of lines, so source maps still point at the right ones.
        const newlines = '\n'.repeat(statement.split('\n').length - 1);
        result = result.slice(0, match.index) + replacement + newlines + result.slice(match.index + statement.length);
      }
      for (const local of byMember)
        result = result.replace(
          new RegExp(`(?<![\\w$.])${local.replace(/\$/g, '\\$')}\\.([\\w$]+)`, 'g'),
          (_, member: string) => `${local}$${member}`,
        );
      return result;
    };

    pluginBuild.onLoad(
      {
        filter: /[\\/]node_modules[\\/](@chakra-ui[\\/]react|@ark-ui[\\/]react|@zag-js[\\/][\w-]+)[\\/].*\.m?js$/,
        namespace: 'file',
      },
      async (args) => ({
        contents: await narrow(await readFile(args.path, 'utf8'), args.path),
        loader: 'js',
        resolveDir: path.dirname(args.path),
      }),
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'chakra-recipe' }, async (args) => ({
      contents: await narrow(await readFile(args.path, 'utf8'), args.path),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
    // One name of a definition file: the file with only that export, its definitions marked pure.
    pluginBuild.onResolve({ filter: new RegExp(`^${PART}`) }, (args) => ({
      path: args.path.slice(PART.length),
      namespace: 'chakra-part',
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'chakra-part' }, async (args) => {
      const [file = '', name = ''] = args.path.split('#');
      const source = (await readFile(file, 'utf8'))
        .replace(/^(const [\w$]+ = )(?=[\w$]+\s*[.(])/gm, '$1/* @__PURE__ */ ')
        .replace(/^export \{[^}]*\};?\s*$/m, `export { ${name} };`);
      return { contents: await narrow(source, file), loader: 'js', resolveDir: path.dirname(file) };
    });
    pluginBuild.onLoad({ filter: /[\\/]web[\\/]src[\\/].*\.tsx?$/, namespace: 'file' }, async (args) => ({
      contents: await narrow(await readFile(args.path, 'utf8'), args.path),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * esbuild puts a module in a chunk of its own for every different set of entry points (the main
 * entry and each lazily imported module) that reach it, so the code the first page needs arrives
 * as dozens of small files. But every lazily imported module runs after the main entry, so what
 * the app core reaches is always already there: each lazy import is loaded through a small
 * wrapper that also reaches the core, which makes the core's modules share one set of entry
 * points and one chunk. The wrapper exports what the module exports.
 */
const APP_CORE = 'web/src/app/app.tsx';
const LAZY_NAMESPACE = 'lazy-module';
const oneCoreChunk: Plugin = {
  name: 'one-core-chunk',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || /[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
      const real = await pluginBuild.resolve(args.path, {
        kind: 'import-statement',
        importer: args.importer,
        resolveDir: args.resolveDir,
      });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: LAZY_NAMESPACE };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: LAZY_NAMESPACE }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const module = JSON.stringify(args.path);
      return {
        resolveDir: root,
        loader: 'js',
        contents: [
          `export * from ${module};`,
          ...(/\bexport\s+default\b|\bas\s+default\b/.test(source) ? [`export { default } from ${module};`] : []),
          `export * as __appCore from ${JSON.stringify(path.join(root, APP_CORE))};`,
        ].join('\n'),
      };
    });
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

/** The source module behind an output's entry point, relative to the root (lazy ones are wrapped). */
const sourceOf = (entryPoint: string) =>
  entryPoint.startsWith(`${LAZY_NAMESPACE}:`)
    ? path
        .relative(root, entryPoint.slice(LAZY_NAMESPACE.length + 1))
        .split(path.sep)
        .join('/')
    : entryPoint;

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

/**
 * occt-import-js's Emscripten glue (embind) writes two of its helpers as JavaScript source at run
 * time and compiles them with `new Function`, which a Content-Security-Policy without
 * 'unsafe-eval' forbids. These replacements do the same work with closures (what Emscripten
 * itself emits when built without dynamic execution), so the worker runs under the site's policy,
 * whose only allowance is 'wasm-unsafe-eval'. A new occt-import-js whose helpers read differently
 * fails the build rather than ship eval.
 */
const OCCT_GLUE_PATCHES: { from: string; to: string; replacement: string }[] = [
  {
    // An embind function's JavaScript face: arguments to wire types, the call, destructors, the result.
    from: 'function craftInvokerFunction(humanName,argTypes,classType,cppInvokerFunc,cppTargetFunc,isAsync){',
    to: 'return createNamedFunction(humanName,invokerFn)}',
    replacement: `function craftInvokerFunction(humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc, isAsync) {
  var argCount = argTypes.length;
  if (argCount < 2) throwBindingError("argTypes array size mismatch! Must at least get return value and 'this' types!");
  var isClassMethodFunc = argTypes[1] !== null && classType !== null;
  var needsDestructorStack = usesDestructorStack(argTypes);
  var returns = argTypes[0].name !== "void";
  var invokerFn = function (...args) {
    var destructors = needsDestructorStack ? [] : null;
    var wired = [cppTargetFunc];
    var thisWired;
    if (isClassMethodFunc) {
      thisWired = argTypes[1]["toWireType"](destructors, this);
      wired.push(thisWired);
    }
    for (var i = 0; i < argCount - 2; ++i) wired.push(argTypes[i + 2]["toWireType"](destructors, args[i]));
    var rv = cppInvokerFunc(...wired);
    if (needsDestructorStack) runDestructors(destructors);
    else
      for (var i = isClassMethodFunc ? 1 : 2; i < argTypes.length; ++i)
        if (argTypes[i].destructorFunction !== null)
          argTypes[i].destructorFunction(i === 1 ? thisWired : wired[isClassMethodFunc ? i : i - 1]);
    if (returns) return argTypes[0]["fromWireType"](rv);
  };
  return createNamedFunction(humanName, invokerFn);
}`,
  },
  {
    // A C++ call of a JavaScript function or constructor through emscripten::val.
    from: 'var __emval_get_method_caller=(argCount,argTypes,kind)=>{',
    to: 'return emval_addMethodCaller(createNamedFunction(functionName,invokerFunction))};',
    replacement: `var __emval_get_method_caller = (argCount, argTypes, kind) => {
  var types = emval_lookupTypes(argCount, argTypes);
  var retType = types.shift();
  argCount--;
  var invokerFunction = function (obj, func, destructorsRef, args) {
    var argN = new Array(argCount);
    var offset = 0;
    for (var i = 0; i < argCount; ++i) {
      argN[i] = types[i].readValueFromPointer(args + offset);
      offset += types[i].argPackAdvance;
    }
    var rv =
      kind === 1 ? Reflect.construct(func, argN) : kind === 0 ? func.apply(obj, argN) : func.apply(argN[0], argN.slice(1));
    if (!retType.isVoid) return emval_returnValue(retType, destructorsRef, rv);
  };
  var functionName = \`methodCaller<(\${types.map((t) => t.name).join(", ")}) => \${retType.name}>\`;
  return emval_addMethodCaller(createNamedFunction(functionName, invokerFunction));
};`,
  },
];

const occtWithoutEval: Plugin = {
  name: 'occt-without-eval',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]occt-import-js[\\/]dist[\\/]occt-import-js\.js$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      for (const { from, to, replacement } of OCCT_GLUE_PATCHES) {
        const start = contents.indexOf(from);
        const end = start < 0 ? -1 : contents.indexOf(to, start);
        if (end < 0) throw new Error(`${args.path}: no longer defines ${from.slice(0, 40)}... as expected`);
        contents = contents.slice(0, start) + replacement + contents.slice(end + to.length);
      }
      if (/newFunc\(Function|new Function\b|\beval\(/.test(contents))
        throw new Error(`${args.path}: still compiles JavaScript at run time`);
      return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * A second minifier over the app's chunks, each on its own. esbuild names the top-level bindings
 * of a split build from one pool shared by every chunk, so within one chunk they are two or three
 * letters long; terser gives the names a chunk uses most the shortest spellings and folds what
 * esbuild leaves (about 4% less gzipped JavaScript). Each chunk's source map is carried through,
 * and its file keeps its name: terser's output follows from esbuild's, whose hash the name holds.
 */
const minifyChunksAgain = async (outputs: string[]) => {
  for (const output of outputs) {
    const file = path.resolve(root, output);
    const code = await readFile(file, 'utf8');
    const mapUrl = /\n\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
    const map = mapUrl ? await readFile(`${file}.map`, 'utf8') : undefined;
    const result = await terser(code, {
      module: true,
      ecma: 2020,
      // The legal comments' pointer (`/*! For license information ... */`) stays.
      format: { comments: /^!/ },
      ...(map && mapUrl ? { sourceMap: { content: map, url: mapUrl } } : {}),
    });
    if (result.code === undefined) throw new Error(`terser returned nothing for ${output}`);
    await writeFile(file, result.code);
    if (map && typeof result.map === 'string') await writeFile(`${file}.map`, result.map);
  }
};

/** What the app's build and the viewer worker's build share: where files go, and how they are made. */
const commonOptions = (absOutdir: string, minify: boolean) =>
  ({
    absWorkingDir: root,
    outdir: absOutdir,
    bundle: true,
    platform: 'browser',
    target: TARGET,
    minify,
    sourcemap: 'linked',
    legalComments: 'linked',
    metafile: true,
    publicPath: APP_BASE,
    entryNames: `${ASSETS_DIR}/[name]-[hash]`,
    assetNames: `${ASSETS_DIR}/[name]-[hash]`,
  }) as const;

/**
 * The worker that reads STEP and IGES files: a classic worker script (occt-import-js is CommonJS
 * written for one) with OpenCascade's .wasm emitted beside it as a file, whose address the worker
 * imports. The page learns the worker's hashed address through `__OCCT_WORKER_URL__`.
 */
const buildOcctWorker = async (absOutdir: string, minify: boolean) => {
  const result = await build({
    ...commonOptions(absOutdir, minify),
    entryPoints: [occtWorker],
    format: 'iife',
    loader: { '.wasm': 'file' },
    // Emscripten's loader requires these only when it runs under Node, never in a browser.
    external: ['path', 'crypto'],
    plugins: [occtWithoutEval],
    logLevel: 'warning',
  });
  const script = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint === occtWorker)?.[0];
  if (!script) throw new Error(`esbuild produced no output for ${occtWorker}`);
  const file = path.relative(absOutdir, path.resolve(root, script)).split(path.sep).join('/');
  return { metafile: result.metafile, url: `${APP_BASE}${file}` };
};

export const buildWeb = async ({
  outdir = 'web/dist',
  minify = true,
}: BuildWebOptions = {}): Promise<BuildWebResult> => {
  const absOutdir = path.resolve(root, outdir);
  await mkdir(absOutdir, { recursive: true });

  const worker = await buildOcctWorker(absOutdir, minify);
  const result = await build({
    ...commonOptions(absOutdir, minify),
    entryPoints: [entry],
    format: 'esm',
    splitting: true,
    jsx: 'automatic',
    chunkNames: `${ASSETS_DIR}/chunk-[hash]`,
    define: {
      'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development'),
      // A string, not an object: esbuild inlines a string but makes an object a module of its own
      // that every file then imports.
      __APP_CONFIG__: JSON.stringify(JSON.stringify(appConfig())),
      __OCCT_WORKER_URL__: JSON.stringify(worker.url),
    },
    plugins: [leanPackages(minify), splitFriendlyChakra, narrowIndexImports, oneCoreChunk],
    logLevel: 'warning',
  });

  const metafile = result.metafile;
  if (minify) await minifyChunksAgain(Object.keys(metafile.outputs).filter((output) => output.endsWith('.js')));
  const outputs = { ...worker.metafile.outputs, ...metafile.outputs };
  const files = new Map<string, BuiltFile>();
  let entryFile = '';
  for (const [output, meta] of Object.entries(outputs)) {
    if (!output.endsWith('.js') && !output.endsWith('.wasm')) continue;
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
  // The route's own chunk when it is loaded lazily (it comes with the entry when it is not).
  const authChunk = [...files.values()].find((f) => f.entryPoint && sourceOf(f.entryPoint) === authRoute);
  const signInFiles = [...new Set([...entryClosure, ...(authChunk ? staticClosure(authChunk.file, files) : [])])];
  const signIn: SignInWeight = {
    files: signInFiles,
    requests: signInFiles.length,
    gzipBytes: signInFiles.reduce((sum, file) => sum + (files.get(file)?.gzipBytes ?? 0), 0),
  };

  const preloads = [...entryClosure].filter((file) => file !== entryFile).map((file) => `${APP_BASE}${file}`);
  // A server may be serving this folder while it is rebuilt: the new index.html replaces the old
  // in one rename, and the previous build's chunks stay a while for pages still open on them.
  const indexTemp = path.join(absOutdir, `index.html.${process.pid}.tmp`);
  await writeFile(indexTemp, indexHtml(`${APP_BASE}${entryFile}`, preloads));
  await rename(indexTemp, path.join(absOutdir, 'index.html'));
  await pruneOldAssets(absOutdir, new Set(Object.keys(outputs).map((output) => path.resolve(root, output))));

  return { outdir: absOutdir, files: [...files.values()], entry: entryFile, signIn, metafile };
};

export const withinSignInBudget = ({ requests, gzipBytes }: Pick<SignInWeight, 'requests' | 'gzipBytes'>) =>
  requests <= SIGN_IN_BUDGET.requests && gzipBytes <= SIGN_IN_BUDGET.gzipBytes;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The size table the script prints: every chunk, what it serves, raw and gzipped. */
/** What a chunk serves: the entry, the module loaded lazily that made it, or code shared by several. */
export const chunkLabel = (f: BuiltFile, entryFile: string) =>
  f.file === entryFile
    ? 'entry (every page)'
    : f.file.endsWith('.wasm')
      ? "OpenCascade (the 3D viewer's worker fetches it)"
      : f.entryPoint
        ? sourceOf(f.entryPoint).replace(/^web\/src\//, '')
        : 'shared chunk';

export const formatSizes = ({ files, entry: entryFile, signIn }: BuildWebResult): string => {
  const label = (f: BuiltFile) => chunkLabel(f, entryFile);
  const rows = [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => [f.file, label(f), kb(f.bytes), kb(f.gzipBytes)]);
  const header = ['file', 'serves', 'size', 'gzip'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  const verdict = withinSignInBudget(signIn) ? 'within' : 'OVER';
  return [
    line(header),
    ...rows.map(line),
    '',
    `JS for /app/auth before its form is usable: ${signIn.requests} requests, ${kb(signIn.gzipBytes)} gzipped (${verdict} the budget of ${SIGN_IN_BUDGET.requests} requests, ${kb(SIGN_IN_BUDGET.gzipBytes)})`,
  ].join('\n');
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const result = await buildWeb({ minify: !process.argv.includes('--dev') });
  console.log(formatSizes(result));
  console.log(`built ${path.relative(process.cwd(), result.outdir) || '.'} in ${Date.now() - started} ms`);
  // Over the budget the build says so loudly but still ships (a deploy is not held back by 25 KB);
  // `npm run bench -- signin-bytes` is the check that fails on it.
  if (!withinSignInBudget(result.signIn))
    console.warn("WARNING: the sign-in page's JavaScript is over its budget (npm run bench -- signin-bytes fails)");
}
