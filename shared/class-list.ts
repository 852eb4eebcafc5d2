import { messages } from './messages';

/*
 * Classes as one list administrators keep. Until an administrator changes it, the list is the
 * catalogue's own distinct classes; every change (adding a class, renaming one, merging several
 * into one) is an approval request, and a rename or merge gives every part of the old classes
 * the new one. Spellings of one class (`Relay`, `relay`, `Relays`) are found by comparing names
 * without case, accents, separators and a plural ending.
 *
 * Plain functions and types without zod, so screens that only show a change stay light; the
 * request body's schema is in schemas/classes.ts.
 */

/** A change of the class list, as filed (`POST /api/admin/classes`) and kept in its request. */
export type ClassChange =
  | { action: 'add'; name: string }
  | { action: 'rename'; from: string; to: string }
  | { action: 'merge'; classes: string[]; into: string };

/** The classes a change takes parts away from (the new name itself never moves). */
export const classChangeSources = (change: ClassChange): string[] =>
  change.action === 'add'
    ? []
    : change.action === 'rename'
      ? [change.from]
      : change.classes.filter((name) => name !== change.into);

/** The class a change adds, or moves parts to. */
export const classChangeTarget = (change: ClassChange): string =>
  change.action === 'add' ? change.name : change.action === 'rename' ? change.to : change.into;

/**
 * What a change does, without a full stop: on its own ('Rename the class 'relay' to 'Relay''), or
 * inside a sentence about the request ('renaming the class 'relay' to 'Relay'').
 */
export const describeClassChange = (change: ClassChange, form: 'alone' | 'in-sentence' = 'alone'): string => {
  const alone = form === 'alone';
  if (change.action === 'add') return (alone ? messages.classChangeAdd : messages.classChangeAdding)(change.name);
  if (change.action === 'rename')
    return (alone ? messages.classChangeRename : messages.classChangeRenaming)(change.from, change.to);
  return (alone ? messages.classChangeMerge : messages.classChangeMerging)(change.classes, change.into);
};

/** The class list with the change made: names sorted without regard to case, each once. */
export const listWithChange = (list: readonly string[], change: ClassChange): string[] => {
  const sources = new Set(change.action === 'merge' ? change.classes : classChangeSources(change));
  return sortClassNames([...new Set([...list.filter((name) => !sources.has(name)), classChangeTarget(change)])]);
};

/** Names in the order the screens list them: without regard to case, then as written. */
export const sortClassNames = (names: Iterable<string>): string[] =>
  [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0));

/** A class name as compared for variants: no case, no accents, no spaces or other separators. */
export const foldClassName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The singular forms a folded name may stand for: itself, and without a plural 's' or 'es'
 * (`switches` may be `switche` or `switch`, `fuses` `fuse` or `fus`), where two letters remain.
 * Two names are variants of each other when they share a form.
 */
export const singularForms = (folded: string): string[] => {
  const forms = [folded];
  if (folded.endsWith('s') && folded.length >= 3) forms.push(folded.slice(0, -1));
  if (folded.endsWith('es') && folded.length >= 4) forms.push(folded.slice(0, -2));
  return forms;
};

/** Whether two class names are likely one class spelled two ways. */
export const areClassVariants = (a: string, b: string): boolean => {
  const foldedA = foldClassName(a);
  const foldedB = foldClassName(b);
  if (!foldedA || !foldedB) return false;
  const forms = new Set(singularForms(foldedA));
  return singularForms(foldedB).some((form) => forms.has(form));
};

/**
 * The names that are likely spellings of one class, in groups of two or more (a name that only
 * shares a form through another joins that group too), each group in the order given.
 */
export const groupClassVariants = (names: readonly string[]): string[][] => {
  const parent = names.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const firstWithForm = new Map<string, number>();
  names.forEach((name, index) => {
    const folded = foldClassName(name);
    if (!folded) return;
    for (const form of singularForms(folded)) {
      const other = firstWithForm.get(form);
      if (other === undefined) firstWithForm.set(form, index);
      else parent[root(index)] = root(other);
    }
  });
  const groups = new Map<number, string[]>();
  names.forEach((name, index) => {
    const group = groups.get(root(index)) ?? [];
    group.push(name);
    groups.set(root(index), group);
  });
  return [...groups.values()].filter((group) => group.length > 1);
};

/** What a change is checked against: the list as it stands and the classes parts hold, with their counts. */
export interface ClassListState {
  /** The list: the administrators' one, or while none is kept, the catalogue's classes. */
  listed: readonly string[];
  /** Each class parts hold (trimmed), with how many hold it. */
  used: ReadonlyMap<string, number>;
}

/** Why a change cannot be made to the list as it stands, on the field at fault; null when it can. */
export const classChangeProblem = (
  change: ClassChange,
  state: ClassListState,
): { field: string; message: string } | null => {
  const known = new Set([...state.listed, ...state.used.keys()]);
  const variantAmong = (name: string, except: ReadonlySet<string>) =>
    [...known].find((other) => other !== name && !except.has(other) && areClassVariants(name, other));
  switch (change.action) {
    case 'add': {
      if (state.listed.includes(change.name))
        return { field: 'name', message: messages.classAlreadyListed(change.name) };
      const variant = variantAmong(change.name, new Set());
      return variant ? { field: 'name', message: messages.classIsVariant(change.name, variant) } : null;
    }
    case 'rename': {
      if (!known.has(change.from)) return { field: 'from', message: messages.classUnknown(change.from) };
      if (known.has(change.to)) return { field: 'to', message: messages.classRenameTaken(change.to) };
      const variant = variantAmong(change.to, new Set([change.from]));
      return variant ? { field: 'to', message: messages.classIsVariant(change.to, variant) } : null;
    }
    case 'merge': {
      const unknown = change.classes.find((name) => !known.has(name));
      if (unknown !== undefined) return { field: 'classes', message: messages.classUnknown(unknown) };
      if (!change.classes.includes(change.into) && known.has(change.into))
        return { field: 'into', message: messages.classMergeIntoOther(change.into) };
      const variant = variantAmong(change.into, new Set(change.classes));
      return variant ? { field: 'into', message: messages.classIsVariant(change.into, variant) } : null;
    }
  }
};

/** One class of the list or of the catalogue, as the Classes tab shows it. */
export interface ClassEntry {
  name: string;
  /** How many parts have it. */
  parts: number;
  /** On the list (always, while no list is kept). */
  listed: boolean;
}

/** `GET /api/admin/classes`. */
export interface ClassListAnswer {
  /** Whether administrators keep the list (false: it is the catalogue's own classes, as before). */
  managed: boolean;
  /** The listed classes and the classes parts hold, sorted. */
  classes: ClassEntry[];
  /** Names that are likely one class spelled several ways, the most used first in each. */
  variantGroups: string[][];
  /** A rename or merge being applied (its parts moving), if one is. */
  applying: { requestId: string; description: string; moved: number } | null;
  /** Class changes waiting for review, oldest first. */
  pending: { id: string; description: string; username: string; createdAt: string }[];
}

/** `GET /api/components/options` says whether its classes are the administrators' list. */
export interface ManagedClassOptions {
  /** True once administrators keep the class list: then `classes` is that list, to offer as it is. */
  classesManaged?: boolean;
}

/** A stored class-change request's data: the change, and how many parts held each named class when it was filed. */
export type ClassChangeRequestData = ClassChange & { parts?: Record<string, number> };

/** The change a request's data holds, or null when the data is not one. */
export const classChangeOf = (data: Record<string, unknown>): ClassChange | null => {
  const named = (value: unknown): value is string => typeof value === 'string' && value !== '';
  if (data.action === 'add' && named(data.name)) return { action: 'add', name: data.name };
  if (data.action === 'rename' && named(data.from) && named(data.to))
    return { action: 'rename', from: data.from, to: data.to };
  if (data.action === 'merge' && Array.isArray(data.classes) && data.classes.every(named) && named(data.into))
    return { action: 'merge', classes: data.classes, into: data.into };
  return null;
};
