import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { system } from './system';
import './app-recipes';

const webSrc = path.resolve(process.cwd(), 'web/src');

/** Chakra modules the app imports that style themselves without a recipe of the theme. */
const WITHOUT_RECIPE = new Set([
  'box',
  'center',
  'flex',
  'float',
  'grid',
  'group',
  'hooks',
  'image',
  'portal',
  'preset-base',
  'simple-grid',
  'spacer',
  'stack',
  'styled-system',
  'text',
  'theme',
  'visually-hidden',
]);
/** Modules whose recipe has another name. */
const RECIPE_NAME: Record<string, string> = { 'skip-nav': 'skipNavLink' };

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );

describe('the theme', () => {
  it("has a recipe for every Chakra component the app imports (the theme carries only the app's)", () => {
    const modules = new Set(
      sourceFiles(webSrc).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/from '@chakra-ui\/react\/([a-z-]+)'/g)].map((match) => match[1]!),
      ),
    );
    const missing = [...modules]
      .filter((name) => !WITHOUT_RECIPE.has(name))
      .map((name) => RECIPE_NAME[name] ?? name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()))
      .filter((key) => !system.hasRecipe(key));
    expect(missing).toEqual([]);
    expect(modules.size).toBeGreaterThan(20);
  });
});
