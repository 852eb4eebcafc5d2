import { manufacturerAliases } from './manufacturer-aliases';

/**
 * How well a distributor's product fits a catalogue part: the `sourceConfidence` of what we
 * store. The part is compared by every key it has (reference, article number, commercial
 * reference, a distributor number with its prefix taken off) against the product's maker part
 * number and the distributor's own order numbers: exactly, then folded (case, accents,
 * separators, leading zeros, packaging suffixes that are packaging for that distributor or
 * maker), then as a family prefix. The manufacturer (with its aliases, renames and a
 * distributor's "(Formerly X)") raises or lowers the score. Below MIN_CONFIDENCE a product is
 * not used.
 */
export interface PartQuery {
  reference: string;
  manufacturer?: string | null;
  /** The part's other keys (article number, commercial reference ...), compared like the reference. */
  otherKeys?: readonly string[];
}

export interface Candidate {
  manufacturerPartNumber: string;
  manufacturer: string;
  /** The distributor's own order numbers for the product (Mouser 595-..., Digi-Key ...-ND). */
  orderNumbers?: readonly string[];
}

export const MIN_CONFIDENCE = 0.5;
/** At or above this an image is published at once; below it waits in the approval queue. */
export const AUTO_APPROVE_CONFIDENCE = 0.9;

const EXACT = 1;
const FOLDED = 0.95;

/** Accents off, compatibility forms folded (² to 2), upper case. */
const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .trim();

/**
 * Packaging and ordering suffixes that do not change the part. Only with their separator (a
 * `CT` or `TR` written into a maker's number, as in 0402B104K160CT, is part of it), except
 * Digi-Key's own order numbers, which end in a packaging code directly before `-ND`.
 */
const packagingSuffixes: readonly (readonly [RegExp, string])[] = [
  // Digi-Key order numbers: cut tape, tape and reel, Digi-Reel, or none, then -ND.
  [/(?:CT|TR|DKR)?-ND$/, ''],
  // Analog Devices (Linear Technology): #TRPBF is #PBF on a reel; #TR and #PBF themselves.
  [/#TR(?=PBF$)/, '#'],
  [/#(?:TR|PBF)$/, ''],
  // Reel, tape and bulk written after a separator, and lead-free markings.
  [/[-/](?:TR|T&R|REEL|TAPE|BULK|PBF|LF)$/, ''],
];

/** A maker's or distributor's part number in the form the matcher compares. */
export const normalisePartNumber = (partNumber: string): string => {
  let text = fold(partNumber);
  for (let previous = ''; previous !== text;) {
    previous = text;
    for (const [suffix, replacement] of packagingSuffixes) text = text.replace(suffix, replacement);
  }
  return text.replace(/[\s\-_./\\]+/g, '');
};

/** Molex and others write the same number with and without its leading zeros (53398-0271, 0533980271). */
const withoutLeadingZeros = (normalised: string): string => normalised.replace(/^0+(?=\d)/, '');

const LEGAL_FORMS = new Set([
  'gmbh',
  'co',
  'kg',
  'ag',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'company',
  'ltd',
  'limited',
  'llc',
  'plc',
  'sa',
  'sas',
  'se',
  'spa',
  'bv',
  'nv',
  'ab',
  'oy',
  'kk',
  'electric',
  'electronics',
  'connectivity',
  'group',
  'and',
]);

const nameWords = (name: string): string[] =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word && !LEGAL_FORMS.has(word));

/** Folded name to the maker it belongs to (the first name of its alias group, folded). */
const aliasIndex: ReadonlyMap<string, string> = (() => {
  const index = new Map<string, string>();
  for (const names of manufacturerAliases) {
    const canonical = nameWords(names[0]!).join('');
    for (const name of names) index.set(nameWords(name).join(''), canonical);
  }
  return index;
})();

/** One maker name folded to its canonical form: aliases by the whole name, then by its first word. */
export const normaliseManufacturer = (name: string): string => {
  const words = nameWords(name);
  const joined = words.join('');
  return aliasIndex.get(joined) ?? aliasIndex.get(words[0] ?? '') ?? joined;
};

/** "Same Sky (Formerly CUI Devices)": the name and every earlier name a distributor gives. */
const FORMERLY = /\(?\s*\b(?:formerly|previously|ehemals)\b(?:\s+known\s+as)?\s*:?\s*([^)]+)\)?/gi;

interface MakerName {
  /** The maker it belongs to (alias groups applied), as one folded word. */
  canonical: string;
  /** The name's own words, folded, legal forms dropped. */
  words: string[];
}

const makerNamesOf = (name: string): MakerName[] => {
  const former = [...name.matchAll(FORMERLY)].map((match) => match[1]!.trim());
  const current = name.replace(FORMERLY, ' ').trim();
  return [current, ...former]
    .map((one) => ({ canonical: normaliseManufacturer(one), words: nameWords(one) }))
    .filter((one) => one.canonical);
};

/** Every maker this name stands for, folded: the current name and each "(Formerly X)". */
export const manufacturerNames = (name: string): string[] => [
  ...new Set(makerNamesOf(name).map((one) => one.canonical)),
];

const startsWithWords = (longer: readonly string[], shorter: readonly string[]): boolean =>
  shorter.length > 0 && shorter.length < longer.length && shorter.every((word, index) => longer[index] === word);

/**
 * Whether two maker names are one maker: the same maker after aliases and renames, or one name
 * the longer form of the other word by word ("Harting" and "Harting Electric Stiftung").
 */
export const sameManufacturer = (a: string, b: string): boolean => {
  const left = makerNamesOf(a);
  const right = makerNamesOf(b);
  return left.some((one) =>
    right.some(
      (other) =>
        one.canonical === other.canonical ||
        startsWithWords(one.words, other.words) ||
        startsWithWords(other.words, one.words),
    ),
  );
};

/** 0..1 for one key against one number: 1 exact, 0.95 folded, lower for a family prefix, 0 otherwise. */
const scoreNumber = (key: string, offered: string): number => {
  const wanted = key.trim();
  const given = offered.trim();
  if (!wanted || !given) return 0;
  if (wanted === given) return EXACT;
  const a = normalisePartNumber(wanted);
  const b = normalisePartNumber(given);
  if (!a || !b) return 0;
  if (a === b || withoutLeadingZeros(a) === withoutLeadingZeros(b)) return FOLDED;
  if (b.startsWith(a) || a.startsWith(b)) {
    // The shorter one is a family prefix: the more of the longer it covers, the better.
    const coverage = Math.min(a.length, b.length) / Math.max(a.length, b.length);
    return 0.5 + 0.3 * coverage;
  }
  return 0;
};

/** Every key of the part, reference first, without blanks or repeats. */
const keysOf = (part: PartQuery): string[] => [
  ...new Set([part.reference, ...(part.otherKeys ?? [])].map((key) => key.trim()).filter(Boolean)),
];

/** 0..1: the best of the part's keys against the product's numbers, adjusted by the manufacturer. */
export const scoreCandidate = (part: PartQuery, candidate: Candidate): number => {
  const keys = keysOf(part);
  if (keys.length === 0 || !candidate.manufacturerPartNumber.trim()) return 0;
  let base = 0;
  for (const key of keys) {
    base = Math.max(base, scoreNumber(key, candidate.manufacturerPartNumber));
    // An order number names one product: only a full match counts, never a prefix.
    for (const orderNumber of candidate.orderNumbers ?? []) {
      const score = scoreNumber(key, orderNumber);
      if (score >= FOLDED) base = Math.max(base, score);
    }
  }
  if (base === 0) return 0;
  const manufacturerKnown = Boolean(part.manufacturer?.trim()) && Boolean(candidate.manufacturer.trim());
  const manufacturerFactor = !manufacturerKnown
    ? 0.95
    : sameManufacturer(part.manufacturer!, candidate.manufacturer)
      ? 1
      : 0.6;
  return Math.round(base * manufacturerFactor * 1000) / 1000;
};

/** The best candidate worth using, with its score, or undefined. */
export const bestMatch = <C extends Candidate>(
  part: PartQuery,
  candidates: readonly C[],
): { candidate: C; confidence: number } | undefined => {
  let best: { candidate: C; confidence: number } | undefined;
  for (const candidate of candidates) {
    const confidence = scoreCandidate(part, candidate);
    if (confidence >= MIN_CONFIDENCE && (!best || confidence > best.confidence)) best = { candidate, confidence };
  }
  return best;
};
