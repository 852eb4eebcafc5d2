import { componentFileFields, type ComponentFileField } from '#shared/schemas/component';
import { emptyValues, formFields, type FormValues } from './form-fields';

/**
 * Uploaded files wait in the bucket's uploads/ area for a day before it is cleared (the data
 * stack's lifecycle rule); a draft older than this asks for its files again rather than submit
 * keys that may be gone.
 */
export const DRAFT_FILE_MAX_AGE_MS = 20 * 60 * 60 * 1000;

/** A saved add-component form: the values, and the names of the files already uploaded. */
export interface ComponentDraft {
  values: FormValues;
  fileNames: Partial<Record<ComponentFileField, string>>;
  savedAt: string;
  /** Files the draft held that are too old to submit; the form asks for them again. */
  expiredFiles?: ComponentFileField[];
}

/** One draft per user, so a shared computer does not hand one person's draft to the next. */
export const draftKey = (userId: string) => `componentDraft:${userId}`;

/** The stored draft, or null when there is none or it cannot be read (storage off, or garbage). */
export const loadDraft = (key: string, now = Date.now()): ComponentDraft | null => {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ComponentDraft> | null;
    if (!parsed || typeof parsed !== 'object' || !parsed.values || typeof parsed.values !== 'object') return null;
    const values = emptyValues();
    for (const field of formFields) {
      const value = (parsed.values as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'number') values[field] = String(value);
    }
    const fileNames: ComponentDraft['fileNames'] = {};
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

/** Stores the draft; false when the browser refuses (private mode, full storage). */
export const saveDraft = (key: string, draft: Omit<ComponentDraft, 'savedAt'>): boolean => {
  try {
    localStorage.setItem(key, JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
};

export const clearDraft = (key: string): void => {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
};
