import { foldClassName, singularForms } from '#shared/class-list';
import { quantityUnits, type Quantity } from '#shared/units';
import { foldText, foldVariants, splitSearchText } from './folding';

/*
 * What the words of a search mean beyond their letters, read the same way by the index and by
 * its plain model:
 *
 * - A number with a unit (`2A`, `2 A`, `2,0 A`, `230VAC`, `2,5 mm²`, `500 mA`) is a measure: it
 *   is in a text that states the same amount of the same quantity as a whole number, never as
 *   the tail of another number or word (`2A` is not in `12A` nor in `22.5A`), in whichever of
 *   the quantity's units (`500mA` is `0.5A`).
 * - A whole number before a count word (`5 pol`, `6-pin`, `3 way`, `4 polig`, `2 pos`, `8
 *   circuits`) asks for that many terminals (or circuits): the part's count, or its descriptive
 *   text (not a part number) stating the same count. The words themselves need not be anywhere.
 * - A word, or two words together, that name a kind of part (`relay`, `Schütz`, `terminal
 *   block`, `Netzteil`) or one of the catalogue's classes (any class or type is named by its own
 *   name, in the singular or the plural) also find the parts of that class or type, and such
 *   parts rank first among equals.
 */

/** An amount of a quantity, in its catalogue unit (A, V, mm, mm², …). */
export interface Measure {
  quantity: Quantity;
  value: number;
}

/** Drops the binary noise of a unit factor (0.5 / 0.001 = 499.99999999999994). */
const clean = (value: number): number => Number(value.toPrecision(12));

/** Each unit as folded text spells it (`mm²` → `mm2`, `µA` → `ua`), with its quantity and factor. */
const units = new Map<string, { quantity: Quantity; factor: number }>();
for (const [quantity, written] of quantityUnits())
  for (const [unit, factor] of written) {
    const key = foldText(unit).replace(/[\s.]/g, '');
    if (key !== '' && !units.has(key)) units.set(key, { quantity, factor });
  }

/** The unit a run of letters after a number names, reading `mm2`, `vac/dc` whole before their letters alone. */
const unitOf = (run: string): { quantity: Quantity; factor: number } | undefined => {
  const whole = units.get(run);
  if (whole) return whole;
  const letters = /^[a-z"]+/.exec(run)?.[0];
  return letters === undefined || letters === run ? undefined : units.get(letters);
};

/** A search word (folded) that is a number with a unit: `2a`, `2.0a`, `230vac`, `2.5mm2`. */
export const readMeasure = (folded: string): Measure | undefined => {
  const match = /^(\d+(?:\.\d+)?)([a-z"][a-z"/]*2?)$/.exec(folded);
  if (!match) return undefined;
  const unit = units.get(match[2]!);
  return unit && { quantity: unit.quantity, value: clean(Number(match[1]) * unit.factor) };
};

/** A number standing on its own (not after a digit or a point: `DC24V` states 24 V) and the unit run after it. */
const MEASURE_IN_TEXT = /(?<![0-9.])(\d+(?:\.\d+)?)([a-z"]+(?:\/[a-z]+)?2?)/g;

/** Whether folded text states the measure as a whole number with a unit of its quantity. */
export const holdsMeasure = (folded: string, measure: Measure): boolean => {
  if (!/\d/.test(folded)) return false;
  MEASURE_IN_TEXT.lastIndex = 0;
  for (let match = MEASURE_IN_TEXT.exec(folded); match; match = MEASURE_IN_TEXT.exec(folded)) {
    const unit = unitOf(match[2]!);
    if (unit?.quantity === measure.quantity && clean(Number(match[1]) * unit.factor) === measure.value) return true;
  }
  return false;
};

/**
 * Pieces every folded text that holds the measure contains, whichever unit and however many
 * trailing zeros it is written with: the number in each unit followed by the unit's first
 * letter, and the number followed by its next decimal place. What the value index is asked
 * for; each value found is then checked whole.
 */
export const measureProbes = (measure: Measure): string[] => {
  const probes = new Set<string>();
  for (const [unit, { quantity, factor }] of units) {
    if (quantity !== measure.quantity) continue;
    const amount = clean(measure.value / factor);
    const numeral = String(amount);
    if (amount <= 0 || numeral.includes('e') || clean(amount * factor) !== measure.value) continue;
    probes.add(numeral + unit[0]);
    probes.add(Number.isInteger(amount) ? `${numeral}.0` : `${numeral}0`);
  }
  return [...probes];
};

/* ------------------------------------------------------------------ counts */

/** A number of terminals (or of circuits) asked for. */
export interface Count {
  field: 'numberOfTerminals' | 'numberOfCircuits';
  count: number;
}

/** Words that count terminals, poles, pins, ways or positions, in English and German (folded). */
const TERMINAL_WORDS = [
  'pin',
  'pins',
  'pol',
  'pole',
  'poles',
  'polig',
  'polige',
  'poliger',
  'poliges',
  'poligen',
  'way',
  'ways',
  'weg',
  'wege',
  'pos',
  'position',
  'positions',
  'positionen',
  'contact',
  'contacts',
  'kontakt',
  'kontakte',
  'conductor',
  'conductors',
  'leiter',
  'stift',
  'stifte',
];
/** Words that count circuits (folded). */
const CIRCUIT_WORDS = ['circuit', 'circuits', 'kreis', 'kreise', 'stromkreis', 'stromkreise'];

/** The words (folded) that count a count's field: terminals or circuits. */
export const countFamily = (field: Count['field']): readonly string[] =>
  field === 'numberOfCircuits' ? CIRCUIT_WORDS : TERMINAL_WORDS;
const countPattern = (words: readonly string[]) =>
  new RegExp(String.raw`(?<![0-9.])(\d+)-?(?:${words.join('|')})(?![a-z])`, 'g');
const COUNT_IN_TEXT: Record<Count['field'], RegExp> = {
  numberOfTerminals: countPattern(TERMINAL_WORDS),
  numberOfCircuits: countPattern(CIRCUIT_WORDS),
};

/** A search word (folded) that is a count: `5pol`, `6-pin`, `3way`, `4polig`, `2pos.`, `8circuits`. */
export const readCount = (folded: string): Count | undefined => {
  const match = /^(\d{1,4})-?([a-z]+)\.?$/.exec(folded);
  if (!match) return undefined;
  const count = Number(match[1]);
  if (TERMINAL_WORDS.includes(match[2]!)) return { field: 'numberOfTerminals', count };
  if (CIRCUIT_WORDS.includes(match[2]!)) return { field: 'numberOfCircuits', count };
  return undefined;
};

/** Whether folded text states the count (`5-pol`, `5pol`, `3-conductor`) as a whole number. */
export const holdsCount = (folded: string, count: Count): boolean => {
  const pattern = COUNT_IN_TEXT[count.field];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(folded); match; match = pattern.exec(folded))
    if (Number(match[1]) === count.count) return true;
  return false;
};

/**
 * Pieces every folded text stating the count contains, three characters at least so the value
 * index can be asked for them: the number and a count word's first two letters, or a hyphen and
 * its first letter.
 */
export const countProbes = (count: Count): string[] => [
  ...new Set(
    countFamily(count.field).flatMap((word) => [`${count.count}${word.slice(0, 2)}`, `${count.count}-${word[0]}`]),
  ),
];

/* ------------------------------------------------------------------ kinds of part */

/** Names of the same kind of part, in English and German (folded), each list one kind. */
const KINDS: readonly (readonly string[])[] = [
  ['relay', 'relais', 'koppelrelais', 'relay module', 'relaismodul'],
  ['contactor', 'schutz', 'schuetz', 'leistungsschutz', 'leistungsschuetz', 'power contactor'],
  [
    'terminal block',
    'terminal',
    'reihenklemme',
    'klemme',
    'durchgangsklemme',
    'feed-through terminal block',
    'terminal strip',
  ],
  ['fuse', 'sicherung', 'feinsicherung', 'schmelzsicherung', 'sicherungseinsatz', 'fuse link', 'fuse insert'],
  [
    'power supply',
    'power supplies',
    'psu',
    'netzteil',
    'stromversorgung',
    'netzgerat',
    'netzgeraet',
    'schaltnetzteil',
    'power supply unit',
  ],
  ['connector', 'steckverbinder', 'stecker', 'steckverbindung', 'plug connector'],
  ['circuit breaker', 'miniature circuit breaker', 'mcb', 'leitungsschutzschalter', 'ls-schalter'],
];

/** A class or type name's forms: folded without separators, with and without a plural ending. */
export const kindForms = (name: string): string[] => {
  const folded = foldClassName(name);
  return folded === '' ? [] : singularForms(folded);
};

const builtInKinds = new Map<string, readonly string[]>();
for (const names of KINDS) for (const name of names) for (const form of kindForms(name)) builtInKinds.set(form, names);

/**
 * The forms a class or type of the kind a name (a word or two words) names has: the name's own
 * and, for a kind this search knows, its other names'.
 */
export const kindOf = (name: string): Set<string> => {
  const forms = new Set(kindForms(name));
  for (const form of [...forms])
    for (const other of builtInKinds.get(form) ?? []) kindForms(other).forEach((f) => forms.add(f));
  return forms;
};

/** Whether a class or type value is of a kind (`forms` from kindOf). */
export const isOfKind = (value: string | null | undefined, forms: ReadonlySet<string>): boolean =>
  typeof value === 'string' && kindForms(value).some((form) => forms.has(form));

/* ------------------------------------------------------------------ a search text read */

export interface QueryWord {
  /** Folded variants (foldVariants). */
  forms: string[];
  measure?: Measure;
  /** The forms of classes or types this word names alone or with a word beside it (quick search only). */
  kind?: Set<string>;
}

const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
const STARTS_WITH_LETTER = /^\p{L}/u;

/**
 * A quick search's text split at white space, a number joined to the word after it when
 * together they are a measure (`24 V`, `2,5 mm²`) or a count (`5 pol`); otherwise both stay
 * words of their own (`MSTB 2,5 GF`: `2,5` and `GF`).
 */
const searchTokens = (text: string): string[] => {
  const pieces = text
    .normalize('NFKC')
    .split(/\s+/)
    .filter((piece) => foldText(piece) !== '');
  const tokens: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const next = pieces[i + 1];
    if (next !== undefined && NUMBER.test(piece) && STARTS_WITH_LETTER.test(next)) {
      const joined = foldText(piece + next);
      if (readMeasure(joined) || readCount(joined)) {
        tokens.push(piece + next);
        i++;
        continue;
      }
    }
    tokens.push(piece);
  }
  return tokens;
};

export interface ReadQuery {
  words: QueryWord[];
  counts: Count[];
}

/**
 * A search text's words. `quick`: the text searches every field, so measures, counts and kinds
 * are read; a filter on one field reads its words as written.
 */
export const readQuery = (text: string, quick: boolean): ReadQuery => {
  const words: QueryWord[] = [];
  const counts: Count[] = [];
  // A filter on one field reads its words as it always has: it names its field, and with it
  // what a unit means there (`0,5 mm` in a wire section is mm²).
  for (const written of quick ? searchTokens(text) : splitSearchText(text)) {
    const forms = foldVariants(written);
    const count = quick ? readCount(forms[0]!) : undefined;
    if (count) {
      counts.push(count);
      continue;
    }
    const measure = quick ? readMeasure(forms[0]!) : undefined;
    words.push(measure ? { forms, measure } : { forms });
  }
  if (quick)
    words.forEach((word, i) => {
      if (word.measure) return;
      const names = [word.forms[0]!];
      for (const beside of [words[i - 1], words[i + 1]])
        if (beside && !beside.measure)
          names.push(
            beside === words[i - 1] ? `${beside.forms[0]} ${word.forms[0]}` : `${word.forms[0]} ${beside.forms[0]}`,
          );
      const kind = new Set<string>();
      for (const name of names) kindOf(name).forEach((form) => kind.add(form));
      if (kind.size > 0) word.kind = kind;
    });
  return { words, counts };
};
