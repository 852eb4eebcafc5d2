import {
  componentDecimalFields,
  componentDerivedFields,
  componentFileFields,
  componentIntegerFields,
  componentTextFields,
  partNumberSearchFields,
  quickSearchFields,
  readTranslatedField,
  searchTextFilterFields,
  type Component,
  type SearchTextFilterField,
} from '#shared/schemas/component';
import { absentChoice, confirmationFields } from '#shared/schemas/choice-fields';
import { componentFieldDefinitions } from '#shared/schemas/component-fields';
import type { Quantity } from '#shared/units';
import { componentChoiceFields } from '#shared/schemas/component';
import { catalogueTranslatedFields } from '#lib/catalogue-languages';
import { PackedStrings, type StringList } from './string-list';
import { NumberColumn, type NumberColumnData } from './number-column';
import { TextColumn, type Codes } from './text-column';
import type { PostingArrays } from './value-postings';

/*
 * The index's storage: one slot per component version, every column a typed array indexed by
 * slot. Text fields are dictionary-coded (text-column.ts); numbers are Float64Arrays with NaN
 * for "no value". A change appends a new slot and marks the old one dead; the dead stay until
 * the index is compacted. The store knows which fields are searched (their columns keep folded
 * forms) but not how a search runs: the matcher and the result order read its columns directly.
 */

/**
 * Text fields held per component (the file fields hold their S3 key or link, a choice field its
 * code, with when and where from it was last confirmed), and the values in the catalogue's
 * other languages (`description_de`), searched as their field is.
 */
export const storedTextFields = [
  ...componentTextFields,
  ...componentFileFields,
  ...componentChoiceFields,
  ...confirmationFields,
  'createdAt',
  'updatedAt',
  ...(catalogueTranslatedFields as unknown as readonly ['description_xx']),
] as const;
export type StoredTextField = (typeof storedTextFields)[number];
/** Number fields held per component; NaN stands for "no value". */
export const storedNumberFields = [
  ...componentDecimalFields,
  ...componentIntegerFields,
  ...componentDerivedFields,
  'version',
] as const;
export type StoredNumberField = (typeof storedNumberFields)[number];

/**
 * The number fields kept in a quantity's catalogue unit (rated voltage in V, width in mm, the
 * current read from its text in A, …), by quantity: a measure typed in the quick search also
 * finds the parts whose field has that amount.
 */
export const measuredNumberFields: ReadonlyMap<Quantity, readonly StoredNumberField[]> = (() => {
  const byQuantity = new Map<Quantity, StoredNumberField[]>();
  for (const definition of componentFieldDefinitions) {
    if (!('quantity' in definition) || definition.quantity === undefined) continue;
    if (!(storedNumberFields as readonly string[]).includes(definition.name)) continue;
    const fields =
      byQuantity.get(definition.quantity) ?? byQuantity.set(definition.quantity, []).get(definition.quantity)!;
    fields.push(definition.name as StoredNumberField);
  }
  return byQuantity;
})();

/** The value stored for a component without one: a choice field's absent value ('unknown'), else none. */
const absentValues: Partial<Record<StoredTextField, string>> = Object.fromEntries(
  componentChoiceFields.map((field) => [field, absentChoice(field)]),
);

type QuickField = (typeof quickSearchFields)[number];
export type SearchedField = QuickField | SearchTextFilterField | 'description_xx';

/** A searched field and its values in the catalogue's other languages: a search matches any language. */
export const inEveryLanguage = (field: QuickField | SearchTextFilterField): SearchedField[] => [
  field,
  ...(catalogueTranslatedFields.filter(
    (name) => readTranslatedField(name)!.field === field,
  ) as unknown as 'description_xx'[]),
];

/** What the quick search ('All Fields') looks in. */
export const quickFields: readonly SearchedField[] = quickSearchFields.flatMap(inEveryLanguage);

/** Fields whose values are searched (quick search and the advanced text filters). */
export const searchedFields: readonly SearchedField[] = [
  ...new Set<SearchedField>([...quickSearchFields, ...searchTextFilterFields].flatMap(inEveryLanguage)),
];

/** Fields compared in part-number form too (separators do not matter). */
export const partNumberFields: ReadonlySet<StoredTextField> = new Set<StoredTextField>(
  partNumberSearchFields.flatMap(inEveryLanguage) as StoredTextField[],
);

/** What a search reads from a component: the whole component (the index answers pages itself). */
export type SearchDocument = Component;

/** One text field as columns hold it. */
export interface TextColumnData {
  /** The distinct values (`values[0]` is '', no value). */
  values: StringList;
  /** Each component's code. */
  codes: Codes;
  /** A searched field's folded forms and plain folds per code, when known (so loading need not fold). */
  forms?: StringList;
  folded?: StringList;
}

/** The index's content as columns in result order: what a snapshot stores. */
export interface IndexColumns {
  ids: Float64Array;
  text: Record<StoredTextField, TextColumnData>;
  /** Each component's code and each code's value (code 0, NaN: no value). */
  numbers: Record<StoredNumberField, NumberColumnData>;
  /** The value index over exactly these dictionaries, when known (so loading need not build it). */
  postings?: PostingArrays;
}

/** A copy of `array` with room for `capacity` entries (the new ones zero). */
export const grow = <T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(
  array: T,
  capacity: number,
): T => {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
};

/**
 * The live slot of each id. Ids are whole numbers handed out in turn, so most are kept in an
 * array indexed by id (4 bytes each, where a map entry takes several times that and a million
 * of them take long to insert); an id far past the others, or not a small whole number, is kept
 * in a map beside it.
 */
export class SlotsById {
  private dense = new Int32Array(0);
  private readonly sparse = new Map<number, number>();
  /** Ids held in the array. */
  private held = 0;

  get(id: number): number | undefined {
    if (id >= 0 && id < this.dense.length && Number.isInteger(id)) {
      const slot = this.dense[id]!;
      if (slot !== -1) return slot;
    }
    return this.sparse.size === 0 ? undefined : this.sparse.get(id);
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  set(id: number, slot: number): void {
    // An id within a few times the ids held goes in the array (grown as needed).
    if (Number.isInteger(id) && id >= 0 && id < 4 * (this.held + this.sparse.size) + 4096) {
      if (id >= this.dense.length) this.reserve(Math.max(id + 1, 2 * this.dense.length));
      if (this.dense[id] === -1) this.held++;
      this.dense[id] = slot;
      if (this.sparse.size > 0) this.sparse.delete(id);
    } else this.sparse.set(id, slot);
  }

  delete(id: number): void {
    if (id >= 0 && id < this.dense.length && Number.isInteger(id) && this.dense[id] !== -1) {
      this.dense[id] = -1;
      this.held--;
    }
    this.sparse.delete(id);
  }

  /** Room in the array for ids below `size`. */
  reserve(size: number): void {
    if (size <= this.dense.length) return;
    const next = new Int32Array(size).fill(-1);
    next.set(this.dense);
    this.dense = next;
  }
}

/** The columns a store holds: every stored field, or a few (the catalogue summary's). */
export interface StoreFields {
  text: readonly StoredTextField[];
  numbers: readonly StoredNumberField[];
}
export const allStoredFields: StoreFields = { text: storedTextFields, numbers: storedNumberFields };

export class ColumnStore {
  /** Slots the columns have room for; they double when full. */
  capacity = 0;
  /** Slots used, live or dead. */
  slotCount = 0;
  liveCount = 0;
  ids: Float64Array = new Float64Array(0);
  /** 1 for a live slot, 0 for a dead one. */
  alive = new Uint8Array(0);
  text = {} as Record<StoredTextField, TextColumn>;
  numbers = {} as Record<StoredNumberField, NumberColumn>;
  /** The live slot of each id. */
  slotOfId = new SlotsById();

  /** Fields outside these have no column (and read as absent). */
  readonly fields: StoreFields;

  constructor(capacity: number, fields: StoreFields = allStoredFields) {
    this.fields = fields;
    this.reset(capacity);
  }

  /** Empties the store, with room for `capacity` slots (at least 16). */
  reset(capacity: number): void {
    this.capacity = Math.max(16, capacity);
    this.slotCount = 0;
    this.liveCount = 0;
    this.ids = new Float64Array(this.capacity);
    this.alive = new Uint8Array(this.capacity);
    this.slotOfId = new SlotsById();
    const searched = new Set<string>(searchedFields);
    this.text = Object.fromEntries(
      this.fields.text.map((field) => [
        field,
        new TextColumn(this.capacity, searched.has(field), partNumberFields.has(field)),
      ]),
    ) as Record<StoredTextField, TextColumn>;
    this.numbers = Object.fromEntries(
      this.fields.numbers.map((field) => [field, new NumberColumn(this.capacity)]),
    ) as Record<StoredNumberField, NumberColumn>;
  }

  /**
   * Empties the store and takes over columns, every slot live. Arrays of exactly the room the
   * store takes (a snapshot's, a compaction's) become its columns as they are, not copied: the
   * store writes only past them, and grows into new arrays first.
   */
  load(columns: IndexColumns): void {
    const count = columns.ids.length;
    this.reset(0);
    const capacity = Math.max(16, count);
    this.capacity = capacity;
    const own = <T extends Float64Array>(array: T, fill: number): T => {
      if (array.length === capacity) return array;
      const copy = new (array.constructor as new (length: number) => T)(capacity).fill(fill);
      copy.set(array);
      return copy;
    };
    this.ids = own(columns.ids, 0);
    this.alive = new Uint8Array(capacity);
    this.alive.fill(1, 0, count);
    for (const field of this.fields.text) this.text[field].adopt(columns.text[field], capacity);
    for (const field of this.fields.numbers) this.numbers[field].adopt(columns.numbers[field], capacity);
    this.slotCount = count;
    this.liveCount = count;
    let largest = 0;
    for (let slot = 0; slot < count; slot++) largest = Math.max(largest, columns.ids[slot]!);
    if (largest < 4 * count + 4096) this.slotOfId.reserve(largest + 1);
    for (let slot = 0; slot < count; slot++) this.slotOfId.set(columns.ids[slot]!, slot);
  }

  /** The slots of `order` as columns in that order, each dictionary holding only used values. */
  toColumns(order: Int32Array): IndexColumns {
    const count = order.length;
    const ids = new Float64Array(count);
    const text = {} as IndexColumns['text'];
    const numbers = {} as IndexColumns['numbers'];
    for (let position = 0; position < count; position++) ids[position] = this.ids[order[position]!]!;
    for (const field of this.fields.text) {
      const column = this.text[field];
      const renumbered = new Int32Array(column.size).fill(-1);
      renumbered[0] = 0;
      // The old code of each new one, in turn: the lists are gathered from them at the end.
      const kept = [0];
      const codes = new Uint32Array(count);
      const { forms, folded } = column;
      for (let position = 0; position < count; position++) {
        const code = column.codes[order[position]!]!;
        if (renumbered[code] === -1) {
          renumbered[code] = kept.length;
          kept.push(code);
        }
        codes[position] = renumbered[code]!;
      }
      const values = PackedStrings.gather(column.values, kept);
      const built = forms &&
        folded && { forms: PackedStrings.gather(forms, kept), folded: PackedStrings.gather(folded, kept) };
      text[field] = { values, codes, ...built };
    }
    for (const field of this.fields.numbers) numbers[field] = this.numbers[field].data(order);
    return { ids, text, numbers };
  }

  /** The component held in a slot. */
  document(slot: number): Component {
    const document: Record<string, unknown> = { id: this.ids[slot]! };
    for (const field of this.fields.text) document[field] = this.text[field].value(slot);
    for (const field of this.fields.numbers) {
      const value = this.numbers[field].at(slot);
      document[field] = Number.isNaN(value) ? null : value;
    }
    document.reference ??= '';
    document.class ??= '';
    document.version ??= 1;
    document.createdAt ??= '';
    document.updatedAt ??= document.createdAt;
    return document as Component;
  }

  /** Puts a component in a new slot (its old slot, if any, dies) and returns the slot. */
  append(document: SearchDocument): number {
    this.ensureCapacity();
    const slot = this.slotCount++;
    this.ids[slot] = document.id;
    this.alive[slot] = 1;
    const fields = document as unknown as Record<string, unknown>;
    for (const field of this.fields.text) {
      const value = fields[field];
      // Encoding may widen the code array, so the code is stored after it.
      const code = this.text[field].encode(typeof value === 'string' ? value : (absentValues[field] ?? null));
      this.text[field].codes[slot] = code;
    }
    for (const field of this.fields.numbers) {
      const value = fields[field];
      this.numbers[field].set(slot, typeof value === 'number' ? value : Number.NaN);
    }
    this.kill(document.id);
    this.slotOfId.set(document.id, slot);
    this.liveCount++;
    return slot;
  }

  /** Marks the id's slot dead; an id not in the store is ignored. */
  kill(id: number): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.slotOfId.delete(id);
    this.alive[slot] = 0;
    this.liveCount--;
  }

  /** Whether dead slots have piled up enough to be worth compacting away. */
  needsCompaction(): boolean {
    return this.slotCount - this.liveCount > Math.max(1024, this.slotCount / 4);
  }

  /** Forgets each text column's value-to-code lookup (rebuilt when next needed). */
  forgetLookups(): void {
    for (const field of this.fields.text) this.text[field].forgetLookup();
  }

  private ensureCapacity(): void {
    if (this.slotCount < this.capacity) return;
    const capacity = this.capacity * 2;
    this.ids = grow(this.ids, capacity);
    this.alive = grow(this.alive, capacity);
    for (const field of this.fields.text) this.text[field].grow(capacity);
    for (const field of this.fields.numbers) this.numbers[field].grow(capacity);
    this.capacity = capacity;
  }
}
