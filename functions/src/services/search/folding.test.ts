import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, foldVariants, oneEditApart, partNumberKey, searchWords, splitSearchText } from './folding';

describe('search text folding', () => {
  it('folds case, diacritics and other scripts to plain Latin', () => {
    expect(foldText('Weidmüller')).toBe('weidmuller');
    expect(foldText('Łódź')).toBe('lodz');
    expect(foldText('Straße')).toBe('strasse');
    expect(foldText('Ærø')).toBe('aero');
    expect(foldText('Реле')).toBe('rele');
    // Decomposed input folds like composed input.
    expect(foldText('Weidmu\u0308ller')).toBe('weidmuller');
  });

  it('spells out German umlauts as a second form', () => {
    expect(foldVariants('Weidmüller')).toEqual(['weidmuller', 'weidmueller']);
    expect(foldVariants('Müller Öl Äther')).toEqual(['muller ol ather', 'mueller oel aether']);
    expect(foldVariants('Weidmueller')).toEqual(['weidmueller']);
    expect(foldVariants('Crème')).toEqual(['creme']);
  });

  it('reads units as engineers type them: micro, ohm, superscripts, the multiplication sign', () => {
    expect(foldText('10 µF')).toBe('10uf');
    expect(foldText('10 μF')).toBe('10uf');
    expect(foldText('4,7 kΩ')).toBe('4.7kohm');
    expect(foldText('2,5 mm²')).toBe('2.5mm2');
    expect(foldText('2,5 qmm')).toBe('2.5mm2');
    expect(foldText('qmmx 2qmmx')).toBe('qmmx 2qmmx');
    expect(foldText('4×24VDC')).toBe('4x24vdc');
    expect(foldText('１２３')).toBe('123');
  });

  it('turns a decimal comma into a point, collapses spaces, joins a number to its unit', () => {
    expect(foldText('  UT   2,5  ')).toBe('ut 2.5');
    expect(foldText('24 V DC')).toBe('24v dc');
    expect(foldText('Series 2010, 2210')).toBe('series 2010, 2210');
    expect(foldText('a\tb\nc')).toBe('a b c');
    expect(foldText('Terminal block 2,5 mm² grey')).toBe('terminal block 2.5mm2 grey');
    // Only a number standing alone takes the unit after it.
    expect(foldText('M12 connector')).toBe('m12 connector');
    expect(foldText('EL1018 8Ch. 24V')).toBe('el1018 8ch. 24v');
  });

  it('gives part numbers written with different separators one key', () => {
    for (const written of ['750-1420', '750 1420', '7501420', '750.1420', '750/1420', '750_1420', '750,1420'])
      expect(partNumberKey(written), written).toBe('7501420');
    expect(partNumberKey('EK 1100')).toBe(partNumberKey('ek1100'));
    expect(partNumberKey('CJ1W-ID232')).toBe(partNumberKey('cj1w id232'));
    expect(partNumberKey('09 33 010 2601')).toBe('09330102601');
    expect(partNumberKey('750-1420')).not.toBe(partNumberKey('750-1421'));
  });

  it('splits a search text into words, keeping a number with its unit', () => {
    expect(splitSearchText(' wago   750-1420 ')).toEqual(['wago', '750-1420']);
    expect(splitSearchText('2,5 mm² terminal')).toEqual(['2,5mm2', 'terminal']);
    expect(splitSearchText('M12 connector 4 pole')).toEqual(['M12', 'connector', '4pole']);
    expect(searchWords('Weidmüller UR20')).toEqual([['weidmuller', 'weidmueller'], ['ur20']]);
    expect(splitSearchText('   ')).toEqual([]);
  });

  it('is the same for printable ASCII with and without its fast path', () => {
    const slow = (text: string) => foldText(`${text}\u00a0`).trimEnd();
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...'aZ09 ,.-xM/_(+'.split('')), { maxLength: 24 }).map((chars) => chars.join('')),
        (text) => {
          expect(foldText(text)).toBe(slow(text));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('tells texts one character apart: one added, dropped or changed, never the same text or two apart', () => {
    expect(oneEditApart('3rt20151bb41', '3rt20161bb41')).toBe(true);
    expect(oneEditApart('20021201', '2002120')).toBe(true);
    expect(oneEditApart('pt25', 'xpt25')).toBe(true);
    expect(oneEditApart('pt25', 'pt25')).toBe(false);
    expect(oneEditApart('3rt20161bb41', '3rt20261bb40')).toBe(false);
    expect(oneEditApart('ab', 'ba')).toBe(false);
    expect(oneEditApart('abc', 'abcde')).toBe(false);
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.nat(12),
        fc.string({ minLength: 1, maxLength: 1 }),
        (text, at, inserted) => {
          const place = Math.min(at, text.length);
          const longer = text.slice(0, place) + inserted + text.slice(place);
          expect(oneEditApart(text, longer)).toBe(true);
          expect(oneEditApart(longer, text)).toBe(true);
        },
      ),
    );
  });
});
