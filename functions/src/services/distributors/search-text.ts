import transliterate from '@sindresorhus/transliterate';

/**
 * Signs a catalogue writes that have a plain-text form a distributor's search understands: the
 * micro sign and Greek mu as u (µF), ohm as Ohm, the multiplication sign as x, plus-minus as +/-.
 * Accented letters lose their accent (Ö to O, not Oe: part numbers are not German words).
 */
const replacements: readonly [RegExp, string][] = [
  [/[µμ]/g, 'u'],
  [/Ω/g, 'Ohm'],
  [/×/g, 'x'],
  [/±/g, '+/-'],
  [/°/g, ' deg '],
  [/ß/g, 'ss'],
  [/Ø/g, 'O'],
  [/ø/g, 'o'],
];

/**
 * The reference written in ASCII only, for a distributor that refuses other characters
 * (Mouser's InvalidCharacters): ÖLFLEX CLASSIC 110 3G1,5 becomes OLFLEX CLASSIC 110 3G1,5,
 * 10µF becomes 10uF, 2,5mm² becomes 2,5mm2. Whatever has no plain form is dropped.
 */
export const asciiSearchText = (text: string): string => {
  let folded = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  for (const [pattern, replacement] of replacements) folded = folded.replace(pattern, replacement);
  // Anything left (Cyrillic, CJK ...) gets the general transliteration, then only printable ASCII stays.
  folded = transliterate(folded);
  return folded
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
};
