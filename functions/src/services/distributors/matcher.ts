/**
 * How well a distributor's product fits a catalogue part: the `sourceConfidence` of what we
 * store. Part numbers are compared exactly, then normalised (case, spaces, dashes, dots,
 * slashes, packaging suffixes), then by prefix; the manufacturer (with its aliases) raises or
 * lowers the score. Below MIN_CONFIDENCE a candidate is not used.
 */
export interface PartQuery {
  reference: string;
  manufacturer?: string | null;
}

export interface Candidate {
  manufacturerPartNumber: string;
  manufacturer: string;
}

export const MIN_CONFIDENCE = 0.5;
/** At or above this an image is published at once; below it waits in the approval queue. */
export const AUTO_APPROVE_CONFIDENCE = 0.9;

/** Distributors' packaging and ordering suffixes: tape and reel, cut tape, bulk, Digi-Key's own codes. */
const PACKAGING_SUFFIX = /(?:[-/#](?:TR|CT|DKR|ND|T&R|BULK|REEL|TAPE|PBF|LF)|-?(?:TR|CT|DKR|ND))$/i;

export const normalisePartNumber = (partNumber: string): string => {
  let text = partNumber.trim().toUpperCase();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(PACKAGING_SUFFIX, '');
  }
  return text.replace(/[\s\-_./\\]+/g, '');
};

const LEGAL_FORMS =
  /\b(gmbh|co|kg|ag|inc|incorporated|corp|corporation|ltd|limited|llc|plc|sa|sas|se|spa|bv|nv|ab|oy|electric|electronics|connectivity|&)\b/g;

/** Names that are one maker under different spellings. */
const aliases: Record<string, string> = {
  te: 'te',
  tyco: 'te',
  tycoelectronics: 'te',
  teconnectivity: 'te',
  amp: 'te',
  schneider: 'schneider',
  telemecanique: 'schneider',
  phoenixcontact: 'phoenixcontact',
  phoenix: 'phoenixcontact',
  harting: 'harting',
  hartingtechnologygroup: 'harting',
  siemens: 'siemens',
  abb: 'abb',
  eaton: 'eaton',
  moeller: 'eaton',
  weidmuller: 'weidmuller',
  weidmueller: 'weidmuller',
  wago: 'wago',
};

export const normaliseManufacturer = (name: string): string => {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9& ]+/g, ' ')
    .replace(LEGAL_FORMS, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const joined = words.join('');
  return aliases[joined] ?? aliases[words[0] ?? ''] ?? joined;
};

const sameManufacturer = (a: string, b: string): boolean => {
  const left = normaliseManufacturer(a);
  const right = normaliseManufacturer(b);
  return left.length > 0 && (left === right || left.startsWith(right) || right.startsWith(left));
};

/** 0..1: 1 exact, about 0.95 normalised exact, lower for a prefix, adjusted by the manufacturer. */
export const scoreCandidate = (part: PartQuery, candidate: Candidate): number => {
  const wanted = part.reference.trim();
  const offered = candidate.manufacturerPartNumber.trim();
  if (!wanted || !offered) return 0;
  const manufacturerKnown = Boolean(part.manufacturer?.trim());
  const manufacturerMatches = manufacturerKnown && sameManufacturer(part.manufacturer!, candidate.manufacturer);
  const manufacturerFactor = !manufacturerKnown ? 0.95 : manufacturerMatches ? 1 : 0.6;

  let base: number;
  if (wanted === offered) base = 1;
  else {
    const a = normalisePartNumber(wanted);
    const b = normalisePartNumber(offered);
    if (!a || !b) return 0;
    if (a === b) base = 0.95;
    else if (b.startsWith(a) || a.startsWith(b)) {
      // The shorter one is a family prefix: the more of the longer it covers, the better.
      const coverage = Math.min(a.length, b.length) / Math.max(a.length, b.length);
      base = 0.5 + 0.3 * coverage;
    } else return 0;
  }
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
