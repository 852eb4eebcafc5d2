import { useMemo } from 'react';
import { useApiQuery } from './api-query';
import type { ManagedClassOptions } from '#shared/class-list';
import { DEFAULT_CATALOGUE_LANGUAGES } from '#shared/languages';
import type { ComponentOptions } from '#shared/schemas/component';

/** The manufacturers and classes offered even before the catalogue has any. */
export const DEFAULT_MANUFACTURERS = [
  'Siemens',
  'ABB',
  'Schneider Electric',
  'Eaton',
  'Phoenix Contact',
  'Other',
] as const;
export const DEFAULT_CLASSES = [
  'Connector',
  'Relay',
  'Switch',
  'Sensor',
  'PLC',
  'Circuit Protection',
  'Power Supply',
  'Other',
] as const;
/** The one type offered when the catalogue has none. */
export const FALLBACK_TYPE = 'Terminal Block';

export const COMPONENT_OPTIONS_KEY = '/components/options';

const OTHER = 'Other';

/**
 * The defaults merged with the values found, once each (ignoring case and spaces around), in
 * alphabetical order with 'Other' last.
 */
export const mergeOptions = (defaults: readonly string[], found: readonly (string | null | undefined)[]): string[] => {
  const byFolded = new Map<string, string>();
  for (const value of [...defaults, ...found]) {
    const text = value?.trim();
    if (text && !byFolded.has(text.toLowerCase())) byFolded.set(text.toLowerCase(), text);
  }
  const other = byFolded.get(OTHER.toLowerCase());
  byFolded.delete(OTHER.toLowerCase());
  const sorted = [...byFolded.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
  return other ? [...sorted, other] : sorted;
};

/**
 * The option lists of the add form and the edit dialog: manufacturers and classes merge the
 * defaults with the catalogue's values; types come only from the catalogue, or 'Terminal Block'
 * when it has none. Once administrators keep the class list, the classes are that list as it is:
 * the defaults would bring back spellings they merged away.
 * The values come from GET /api/components/options (the whole catalogue, from the search index).
 * A failed read leaves the defaults.
 */
export const useComponentOptions = (): ComponentOptions => {
  const { data } = useApiQuery<ComponentOptions & ManagedClassOptions>(COMPONENT_OPTIONS_KEY);
  return useMemo(() => {
    const types = mergeOptions([], data?.types ?? []);
    return {
      manufacturers: mergeOptions(DEFAULT_MANUFACTURERS, data?.manufacturers ?? []),
      classes: data?.classesManaged ? data.classes : mergeOptions(DEFAULT_CLASSES, data?.classes ?? []),
      types: types.length > 0 ? types : [FALLBACK_TYPE],
      languages: data?.languages?.length ? data.languages : [...DEFAULT_CATALOGUE_LANGUAGES],
    };
  }, [data]);
};
