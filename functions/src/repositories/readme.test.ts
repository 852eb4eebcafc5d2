import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/*
 * The README's table is how people find the access pattern a function serves: every function a
 * repository exports must be named there as `<file>.<function>`, and nothing named there may be
 * gone.
 */
const folder = new URL('./', import.meta.url);

const repositoryModules = async (): Promise<Map<string, Record<string, unknown>>> => {
  const files = (await readdir(folder)).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'table-definition.ts',
  );
  const modules = new Map<string, Record<string, unknown>>();
  for (const file of files) {
    modules.set(file.replace(/\.ts$/, ''), (await import(new URL(file, folder).href)) as Record<string, unknown>);
  }
  return modules;
};

describe('repositories/README.md', () => {
  it('names every exported repository function, and no function that does not exist', async () => {
    const readme = await readFile(new URL('README.md', folder), 'utf8');
    const modules = await repositoryModules();
    const exported = [...modules].flatMap(([name, module]) =>
      Object.entries(module)
        .filter(([, value]) => typeof value === 'function')
        .map(([fn]) => `${name}.${fn}`),
    );
    expect(exported.length).toBeGreaterThan(50);
    expect(exported.filter((name) => !readme.includes(`${name}\``) && !readme.includes(`${name},`))).toEqual([]);

    const named = [...readme.matchAll(/`([a-z-]+)\.([A-Za-z]+)`/g)].map(([, file, fn]) => `${file}.${fn}`);
    const unknown = named.filter((name) => {
      const [file, fn] = name.split('.') as [string, string];
      return modules.has(file) && typeof modules.get(file)![fn] !== 'function';
    });
    expect(unknown).toEqual([]);
  });
});
