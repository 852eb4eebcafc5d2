import { useEffect, useState } from 'react';
import type { Component } from '#shared/schemas/component';
import { useApiQuery } from './api-query.ts';

/** How long the typing must pause before the catalogue is asked. */
const TYPING_PAUSE_MS = 300;

/** A reference as parts are told apart: case and separators do not matter ('3rt2015 1bb41' is '3RT2015-1BB41'). */
const foldReference = (reference: string): string => reference.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Another part that already has this reference (GET /api/components?query=…, whose relevance
 * order puts exact references first), or undefined. Asked once the typing pauses.
 */
export const useReferenceTakenBy = (reference: string, ownId?: number): Component | undefined => {
  const wanted = reference.trim();
  const [asked, setAsked] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const { data } = useApiQuery<Component[]>(asked ? `/components?query=${encodeURIComponent(asked)}&limit=10` : null);
  if (!asked || asked !== wanted) return undefined;
  const folded = foldReference(asked);
  return (data ?? []).find((part) => part.id !== ownId && foldReference(part.reference) === folded);
};
