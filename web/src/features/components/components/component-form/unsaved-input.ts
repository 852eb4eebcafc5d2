import { componentFileFields, type ComponentFileField } from '#shared/schemas/component';
import { DRAFT_FILE_MAX_AGE_MS } from '#shared/schemas/drafts';
import { emptyValues, formFields, type FormValues } from './form-fields';

/*
 * What the Add New Component form holds but has not saved, kept in this browser while typing, so
 * a reload, a closed tab or a link followed loses nothing. One copy per person and per draft (or
 * the new form), so a shared computer never hands one person's input to the next.
 */

export interface UnsavedInput {
  values: FormValues;
  fileNames: Partial<Record<ComponentFileField, string>>;
  savedAt: string;
  /** Files it held that are too old to submit; the form asks for them again. */
  expiredFiles?: ComponentFileField[];
}

export const unsavedInputKey = (userId: string, draftId: string | null) =>
  `componentForm:${userId}:${draftId ?? 'new'}`;

/**
 * Where Save as Draft kept a draft before drafts were kept on the server: read once as unsaved
 * input of the new form (then forgotten), so a draft saved that way is not lost.
 */
export const earlierDraftKey = (userId: string) => `componentDraft:${userId}`;

/** The kept input, or null when there is none or it cannot be read (storage off, or garbage). */
export const loadUnsavedInput = (key: string, now = Date.now()): UnsavedInput | null => {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<UnsavedInput> | null;
    if (!parsed || typeof parsed !== 'object' || !parsed.values || typeof parsed.values !== 'object') return null;
    const values = emptyValues();
    for (const field of formFields) {
      const value = (parsed.values as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'number') values[field] = String(value);
    }
    const fileNames: UnsavedInput['fileNames'] = {};
    for (const [field, name] of Object.entries(parsed.fileNames ?? {})) {
      if (typeof name === 'string') fileNames[field as ComponentFileField] = name;
    }
    const savedAt = typeof parsed.savedAt === 'string' ? parsed.savedAt : '';
    const age = now - Date.parse(savedAt);
    const expiredFiles = componentFileFields.filter((field) => values[field] && !(age <= DRAFT_FILE_MAX_AGE_MS));
    for (const field of expiredFiles) {
      values[field] = '';
      delete fileNames[field];
    }
    return { values, fileNames, savedAt, ...(expiredFiles.length ? { expiredFiles } : {}) };
  } catch {
    return null;
  }
};

/** Keeps the input; false when the browser refuses (private mode, full storage). */
export const keepUnsavedInput = (key: string, input: Omit<UnsavedInput, 'savedAt'>): boolean => {
  try {
    localStorage.setItem(key, JSON.stringify({ ...input, savedAt: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
};

export const forgetUnsavedInput = (key: string): void => {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to forget.
  }
};
