import transliterate from '@sindresorhus/transliterate';

/*
 * How search compares text: the same text folding on the catalogue side and on the query side,
 * so what an engineer types finds what the catalogue holds however either was written.
 *
 * - Case, diacritics and other scripts fold to plain lower-case Latin (`Weidmüller` → `weidmuller`,
 *   `Łódź` → `lodz`, `ß` → `ss`), through a transliteration library. German umlauts also have
 *   their usual spelling out (`ü` → `ue`) as a second form, so `Weidmuller`, `Weidmueller` and
 *   `Weidmüller` all find one another.
 * - Micro is `u` (`µF` → `uf`), ohm is `ohm`, superscripts and full-width digits are plain digits
 *   (`mm²` → `mm2`, and German `2,5 qmm` too), the multiplication sign is `x`.
 * - A decimal comma between digits is a decimal point (`2,5` → `2.5`); runs of white space are one
 *   space, and a number is joined to the unit after it (`2.5 mm2` → `2.5mm2`, `24 V` → `24v`).
 * - The part-number key drops spaces, `-`, `.`, `/`, `_` and `,` (`750 1420`, `750-1420` and
 *   `7501420` all become `7501420`): how references, article numbers and commercial references
 *   are compared, and what an import can use to tell the same part written two ways.
 *
 * Pure functions, no state: the search index, the suggestions and the Excel import share them.
 */

const replacements: [string, string][] = [
  ['μ', 'u'], // micro (U+00B5 decomposes to the Greek letter)
  ['Ω', 'ohm'], // ohm (U+2126 decomposes to the Greek letter)
  ['×', 'x'],
];
const options = { customReplacements: replacements };
const germanOptions = { customReplacements: replacements, locale: 'de' };

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const MARKS = /\p{M}/gu;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const DECIMAL_COMMA = /(\d),(?=\d)/g;
const SPACES = /\s+/g;
/** A number standing alone (`24`, `2.5`, `-3`) and the space before a word after it. */
const NUMBER_THEN_UNIT = /(^|[\s(])([+-]?\d+(?:[.,]\d+)?) (?=\p{L})/gu;
const GERMAN_UMLAUTS = /[äöüÄÖÜ]/;
const PART_NUMBER_SEPARATORS = /[\s\-./_,]+/g;

/** Lower case, decimal points, single spaces, numbers joined to their units: the last steps of every fold. */
const tidy = (text: string): string =>
  text
    .toLowerCase()
    .replace(CONTROL, ' ')
    .replace(DECIMAL_COMMA, '$1.')
    .replace(SPACES, ' ')
    .trim()
    .replace(NUMBER_THEN_UNIT, '$1$2');

const isDigit = (code: number) => code >= 48 && code <= 57;
const isLetter = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);

let buffer = new Uint16Array(256);

/** Whether the word that ends at `end` in the buffer is a number standing alone: `24`, `2.5`, `-3`. */
const endsWithNumber = (end: number): boolean => {
  let start = end;
  while (start > 0 && buffer[start - 1] !== 32 && buffer[start - 1] !== 40) start--;
  let i = start;
  if (buffer[i] === 43 || buffer[i] === 45) i++;
  const digitsFrom = i;
  while (i < end && isDigit(buffer[i]!)) i++;
  if (i === digitsFrom) return false;
  if (i === end) return true;
  if (buffer[i] !== 46 && buffer[i] !== 44) return false;
  const fractionFrom = ++i;
  while (i < end && isDigit(buffer[i]!)) i++;
  return i === end && i > fractionFrom;
};

/**
 * `tidy` for printable ASCII in one pass (most part data is such, and an index folds every
 * value when it loads): the same result, without the regular expressions.
 */
const tidyAscii = (text: string): string => {
  const length = text.length;
  if (buffer.length < length) buffer = new Uint16Array(length * 2);
  let out = 0;
  let pendingSpace = false;
  for (let i = 0; i < length; i++) {
    let code = text.charCodeAt(i);
    if (code === 32) {
      pendingSpace = out > 0;
      continue;
    }
    if (pendingSpace) {
      // A number standing alone is joined to the unit after it.
      if (!(isLetter(code) && endsWithNumber(out))) buffer[out++] = 32;
      pendingSpace = false;
    }
    if (code >= 65 && code <= 90) code += 32;
    else if (code === 44 && out > 0 && isDigit(buffer[out - 1]!) && isDigit(text.charCodeAt(i + 1))) code = 46;
    buffer[out++] = code;
  }
  return String.fromCharCode.apply(null, buffer.subarray(0, out) as unknown as number[]);
};

const SQUARE_MILLIMETRES = /(\d)qmm(?![a-z])/g;

/** The folded form of a text: what every comparison in search uses. */
export const foldText = (text: string): string => {
  // Plain ASCII (most part data) has nothing to transliterate.
  const folded = PRINTABLE_ASCII.test(text)
    ? tidyAscii(text)
    : tidy(transliterate(text.normalize('NFKD').replace(MARKS, ''), options));
  // German catalogues write square millimetres `qmm`.
  return folded.includes('qmm') ? folded.replace(SQUARE_MILLIMETRES, '$1mm2') : folded;
};

/**
 * Every folded form of a text: the plain one, and for text with German umlauts the form with
 * them spelled out (`Weidmüller` → `weidmuller` and `weidmueller`).
 */
export const foldVariants = (text: string): string[] => {
  const plain = foldText(text);
  if (PRINTABLE_ASCII.test(text)) return [plain];
  const nfc = text.normalize('NFC');
  if (!GERMAN_UMLAUTS.test(nfc)) return [plain];
  const spelled = foldText(transliterate(nfc, germanOptions));
  return spelled === plain ? [plain] : [plain, spelled];
};

const HAS_PART_NUMBER_SEPARATOR = /[\s\-./_,]/;

/** The part-number form of folded text: without the separators that do not matter in a part number. */
export const compactFolded = (folded: string): string =>
  HAS_PART_NUMBER_SEPARATOR.test(folded) ? folded.replace(PART_NUMBER_SEPARATORS, '') : folded;

const WORD_SPACING = /[\s\-_/]+/g;
const HAS_WORD_SPACING = /[\s\-_/]/;

/**
 * Folded text with its words run together: without spaces, `-`, `_` and `/`, decimal points
 * kept. How words of descriptive fields are compared when typed together (`ET200SP` finds
 * `ET 200SP`, `RS232` finds `RS-232`) without a `2.5mm2` finding `1.25mm2`.
 */
export const joinedFolded = (folded: string): string =>
  HAS_WORD_SPACING.test(folded) ? folded.replace(WORD_SPACING, '') : folded;

/**
 * A part number's key: folded, without spaces, `-`, `.`, `/`, `_` and `,`. Two part numbers with
 * the same key are the same number written two ways (`EK 1100` and `EK1100`, `750-1420` and
 * `750 1420`).
 */
export const partNumberKey = (text: string): string => compactFolded(foldText(text));

/**
 * Whether two texts are the same but for one character: one added, dropped or changed
 * (`3RT2015` and `3RT2016`, `2002120` and `20021201`). Identical texts are not one apart.
 */
export const oneEditApart = (a: string, b: string): boolean => {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let start = 0;
  while (start < short.length && short[start] === long[start]) start++;
  // After the first difference the rest must agree: shifted by one where one is longer.
  return short.length === long.length
    ? short.slice(start + 1) === long.slice(start + 1)
    : short.slice(start) === long.slice(start + 1);
};

/**
 * A search text split into words as an engineer separates them: at white space, except that a
 * number stays with the unit after it (`2,5 mm²` is one word).
 */
export const splitSearchText = (text: string): string[] =>
  text
    .normalize('NFKC')
    .replace(/(^|[\s(])([+-]?\d+(?:[.,]\d+)?)\s+(?=\p{L})/gu, '$1$2')
    .split(/\s+/)
    .filter((word) => foldText(word) !== '');

/** The words of a search text (splitSearchText), each as its folded forms. */
export const searchWords = (text: string): string[][] => splitSearchText(text).map(foldVariants);
