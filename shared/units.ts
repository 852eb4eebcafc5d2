/*
 * Numbers with units, as designers and datasheets write them. One table of units per quantity
 * (a factor to the quantity's catalogue unit), one reader of numbers, and the American Wire
 * Gauge by its defining formula; every field with a unit reads its values through here, so
 * '500 mA', '0.024 kV', '2,5 qmm' and '14 AWG' mean the same in the Add form, an import, an
 * edit and a search filter.
 */

export type Quantity = 'current' | 'voltage' | 'length' | 'mass' | 'frequency' | 'wireSection' | 'power';

/**
 * Per quantity: the units it may be written in (lower case, without spaces or dots) and the
 * factor to its catalogue unit, which comes first.
 */
const unitFactors: Record<Quantity, Readonly<Record<string, number>>> = {
  current: { a: 1, amp: 1, amps: 1, ampere: 1, ma: 1e-3, ka: 1e3, µa: 1e-6, μa: 1e-6, ua: 1e-6 },
  voltage: { v: 1, vac: 1, vdc: 1, 'vac/dc': 1, vuc: 1, volt: 1, mv: 1e-3, kv: 1e3 },
  length: { mm: 1, cm: 10, m: 1000, µm: 1e-3, μm: 1e-3, in: 25.4, '"': 25.4 },
  mass: { kg: 1, g: 1e-3, mg: 1e-6, lb: 0.45359237 },
  frequency: { hz: 1, khz: 1e3, mhz: 1e6 },
  wireSection: { 'mm²': 1, mm2: 1, 'mm^2': 1, qmm: 1, sqmm: 1, mmsq: 1 },
  power: { w: 1, mw: 1e-3, kw: 1e3, va: 1 },
};

/** Every quantity, and the units each may be written in with their factors (search reads numbers with any of them). */
export const quantityUnits = (): [Quantity, [string, number][]][] =>
  (Object.keys(unitFactors) as Quantity[]).map((quantity) => [quantity, Object.entries(unitFactors[quantity])]);

/** The unit a quantity is kept in. */
export const catalogueUnit: Record<Quantity, string> = {
  current: 'A',
  voltage: 'V',
  length: 'mm',
  mass: 'kg',
  frequency: 'Hz',
  wireSection: 'mm²',
  power: 'W',
};

/** '2,5 qmm' -> 'qmm', 'V AC' -> 'vac', 'sq. mm' -> 'sqmm'. */
const unitKey = (unit: string): string => unit.toLowerCase().replace(/[\s.]/g, '');

/** The factor of `unit` for `quantity`, or undefined when it is not one of its units. */
export const unitFactor = (quantity: Quantity, unit: string): number | undefined =>
  unitFactors[quantity][unitKey(unit)];

/** A decimal as people type it: '12.5', '12,5', '.5'. */
const NUMBER = String.raw`(?:\d+(?:[.,]\d*)?|[.,]\d+)`;
const toNumber = (text: string): number => Number(text.replace(',', '.'));

/**
 * Reads one number, bare or with a unit of `quantity` after it ('12 mm', '24V', '500 mA',
 * '-3'), in the quantity's catalogue unit. Undefined when the text is anything else (another
 * quantity's unit, two numbers, words). Without a quantity only a bare number is read.
 */
export const parseQuantity = (text: string, quantity?: Quantity): number | undefined => {
  const match = new RegExp(String.raw`^([+-]?${NUMBER})\s*(.*)$`).exec(text.trim());
  if (!match) return undefined;
  const value = toNumber(match[1]!);
  const unit = match[2]!;
  const factor = unit === '' ? 1 : quantity ? unitFactor(quantity, unit) : undefined;
  if (factor === undefined || !Number.isFinite(value)) return undefined;
  return roundClean(value * factor);
};

/** Drops the binary noise a unit factor leaves (0.024 * 1000 = 24.000000000000004). */
const roundClean = (value: number): number => Number(value.toPrecision(12));

/**
 * The first number in free text that carries a unit of `quantity` ('Rated current 16 A (IEC),
 * 15 A (UL)' -> 16), or the whole text read as one number. Undefined when there is neither.
 */
export const findQuantity = (text: string | null | undefined, quantity: Quantity): number | undefined => {
  if (!text) return undefined;
  const whole = parseQuantity(text, quantity);
  if (whole !== undefined) return whole;
  const pattern = new RegExp(String.raw`(?<![\w.,])(${NUMBER})\s*([a-zµμ²^/"]+)`, 'gi');
  for (const match of text.matchAll(pattern)) {
    const factor = unitFactor(quantity, match[2]!);
    if (factor !== undefined) return roundClean(toNumber(match[1]!) * factor);
  }
  return undefined;
};

/* ------------------------------------------------------------------ wire sizes */

/** The diameter of an AWG wire in mm: 0.127 mm × 92^((36 − n) / 39), the gauge's definition (ASTM B258). */
const awgDiameter = (gauge: number): number => 0.127 * 92 ** ((36 - gauge) / 39);

/** The cross-section of an AWG wire in mm² (14 AWG = 2.08 mm²), to three significant digits as tables give it. */
export const awgToSquareMillimetres = (gauge: number): number =>
  Number(((Math.PI / 4) * awgDiameter(gauge) ** 2).toPrecision(3));

/** The gauge (fractional) of a wire of this cross-section in mm². */
export const squareMillimetresToAwg = (section: number): number => {
  const diameter = Math.sqrt((4 * section) / Math.PI);
  return Number((36 - 39 * (Math.log(diameter / 0.127) / Math.log(92))).toFixed(2));
};

/** An AWG size as written: '14', '1/0' (= 0), '4/0' or '0000' (= -3). */
const gaugeNumber = (text: string): number | undefined => {
  const slash = /^([1-4])\/0$/.exec(text);
  if (slash) return 1 - Number(slash[1]);
  if (/^0{2,4}$/.test(text)) return 1 - text.length;
  return /^\d{1,2}$/.test(text) ? Number(text) : undefined;
};

export interface WireRange {
  min: number;
  max: number;
}

const rangeOf = (values: readonly number[]): WireRange | undefined =>
  values.length === 0 ? undefined : { min: Math.min(...values), max: Math.max(...values) };

/**
 * The numbers of wire-size texts, each in the unit it is written in: `sections` in mm², `gauges`
 * in AWG. A text says AWG by that word; otherwise it is read in `assume` (what its field holds):
 * '0,5 - 2,5 mm²', '0.2...4', '26-14 AWG', 'AWG 24-12', '4/0'.
 */
export const readWireSizes = (
  texts: readonly (string | null | undefined)[],
  assume: 'mm²' | 'AWG',
): { sections: number[]; gauges: number[] } => {
  const sections: number[] = [];
  const gauges: number[] = [];
  // '0.5-2.5 mm² / 20-14 AWG' is two statements, each read in its own unit.
  const parts = texts.flatMap((text) => text?.split(/\s\/\s|[;|()]/) ?? []);
  for (const text of parts) {
    if (!text.trim()) continue;
    const awg = /\bawg\b/i.test(text) || (assume === 'AWG' && !/mm|qmm/i.test(text));
    if (awg) {
      for (const token of text.match(/\d\/0|\d+/g) ?? []) {
        const gauge = gaugeNumber(token);
        if (gauge !== undefined && gauge <= 40) gauges.push(gauge);
      }
    } else {
      // The 2 of 'mm2' is the unit's, not a size.
      for (const token of text.replace(/mm\s?\^?2/gi, 'mm²').match(new RegExp(NUMBER, 'g')) ?? []) {
        const value = toNumber(token);
        // A cross-section written as '2' in '2 x 1,5 mm²' (a count) is not told apart; sections over 500 mm² are no wire.
        if (Number.isFinite(value) && value > 0 && value <= 500) sections.push(value);
      }
    }
  }
  return { sections, gauges };
};

/**
 * A part's wire-section range in mm², from what its wire fields say: the sections as written,
 * or, where none are written in mm², the gauges converted (26–14 AWG = 0.129–2.08 mm²).
 */
export const wireSectionRange = (sizes: { sections: number[]; gauges: number[] }): WireRange | undefined =>
  rangeOf(sizes.sections) ?? rangeOf(sizes.gauges.map(awgToSquareMillimetres));

/** A part's gauge range in AWG, as written (smaller numbers are thicker wire). */
export const wireGaugeRange = (sizes: { sections: number[]; gauges: number[] }): WireRange | undefined =>
  rangeOf(sizes.gauges);

/**
 * A wire size typed into a filter, in mm²: '2.5', '2,5 mm²', '2.5 qmm' read as mm², '14 AWG' or
 * '4/0 AWG' converted; a bare number is read in `assume`.
 */
export const parseWireSize = (text: string, assume: 'mm²' | 'AWG'): number | undefined => {
  const trimmed = text.trim();
  const awg = /^(?:awg\s*)?(\d\/0|\d{1,2})\s*(awg)?$/i.exec(trimmed);
  if (awg && (assume === 'AWG' || /awg/i.test(trimmed))) {
    const gauge = gaugeNumber(awg[1]!);
    return gauge === undefined ? undefined : awgToSquareMillimetres(gauge);
  }
  const value = parseQuantity(trimmed, 'wireSection');
  return value !== undefined && value > 0 ? value : undefined;
};
