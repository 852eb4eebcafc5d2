import { useMemo } from 'react';
import useSWR from 'swr';
import type { Component } from '#shared/schemas/component';

/** Spec §9: the manufacturers and classes offered even before the catalogue has any. */
export const DEFAULT_MANUFACTURERS = ['Siemens', 'ABB', 'Schneider Electric', 'Eaton', 'Phoenix Contact', 'Other'] as const;
export const DEFAULT_CLASSES = ['Connector', 'Relay', 'Switch', 'Sensor', 'PLC', 'Circuit Protection', 'Power Supply', 'Other'] as const;
/** Spec §5: the one type offered when the catalogue has none. */
export const FALLBACK_TYPE = 'Terminal Block';

/**
 * How many components the manufacturer and type lists are read from: the API's largest page.
 * There is no endpoint for distinct manufacturers or types yet; classes have one.
 */
export const OPTIONS_SAMPLE_LIMIT = 1000;

export const COMPONENT_CLASSES_KEY = '/components/classes';
export const OPTIONS_SAMPLE_KEY = `/components?limit=${OPTIONS_SAMPLE_LIMIT}`;

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

export interface ComponentOptions {
  manufacturers: string[];
  classes: string[];
  types: string[];
}

/**
 * The add form's option lists (spec §5): manufacturers and classes merge the defaults with the
 * catalogue's values (GET /api/components/classes; manufacturers and types from up to 1000
 * components); types come only from the catalogue, or 'Terminal Block' when it has none. A
 * failed read leaves the defaults.
 */
export const useComponentOptions = (): ComponentOptions => {
  const { data: classes } = useSWR<string[] | null>(COMPONENT_CLASSES_KEY);
  const { data: sample } = useSWR<Component[] | null>(OPTIONS_SAMPLE_KEY);
  return useMemo(() => {
    const components = Array.isArray(sample) ? sample : [];
    const types = mergeOptions([], components.map((component) => component.type));
    return {
      manufacturers: mergeOptions(DEFAULT_MANUFACTURERS, components.map((component) => component.manufacturer)),
      classes: mergeOptions(DEFAULT_CLASSES, [...(Array.isArray(classes) ? classes : []), ...components.map((component) => component.class)]),
      types: types.length > 0 ? types : [FALLBACK_TYPE],
    };
  }, [classes, sample]);
};
