import type { Component } from '#shared/schemas/component';

/**
 * A Mouser order number is the maker's number behind a 2- or 3-digit Mouser prefix
 * (595-LM358BAIPWR, 651-1725656): catalogues often keep one as the reference or the commercial
 * reference. The bare maker number is searched too, right after it.
 */
const DISTRIBUTOR_PREFIX = /^(\d{2,3})-(?=\S{4,})(.+)$/;

export const withoutDistributorPrefix = (key: string): string | undefined => {
  const match = DISTRIBUTOR_PREFIX.exec(key.trim());
  // A maker's own number may start with digits and a dash too (TE 1-1418448-1, Molex 53398-0271,
  // Harting 09-14-000-9960): only a 2-3 digit prefix is taken off, and only before a rest that
  // has letters or is one long run of digits (an order number such as Phoenix Contact's).
  if (!match) return undefined;
  const rest = match[2]!;
  return /[A-Za-z]/.test(rest) || /^\d{6,}$/.test(rest) ? rest : undefined;
};

/**
 * Every key a distributor may list the part under, in the order they are tried: the reference,
 * the article number (Phoenix Contact lists `PT 2,5-QUATTRO` as `3209590`), the commercial
 * reference; each followed by its form without a distributor prefix. Blanks and repeats go.
 */
export const partSearchKeys = (
  component: Pick<Component, 'reference'> & Partial<Pick<Component, 'articleNumber' | 'commercialReference'>>,
): string[] => {
  const keys: string[] = [];
  const add = (value: string | null | undefined) => {
    const key = value?.trim();
    if (!key) return;
    for (const one of [key, withoutDistributorPrefix(key)])
      if (one && !keys.some((known) => known.toUpperCase() === one.toUpperCase())) keys.push(one);
  };
  add(component.reference);
  add(component.articleNumber);
  add(component.commercialReference);
  return keys;
};
