/*
 * The catalogue's languages. A deployment names them (CATALOGUE_LANGUAGES=en,de,fr), the first
 * one the default: a translatable field's value in the default language is the field itself,
 * every other language's value sits beside it. Codes are ISO 639-1 (two lowercase letters),
 * the codes SOLIDWORKS Electrical names its language columns with.
 */

export const LANGUAGE_CODE = /^[a-z]{2}$/;
/** SOLIDWORKS Electrical keeps translatable data in up to three languages; so does the catalogue. */
export const CATALOGUE_LANGUAGES_MAX = 3;
export const DEFAULT_CATALOGUE_LANGUAGES: readonly string[] = ['en'];

/**
 * Reads a deployment's language list ('en,de,fr', spaces allowed). Unset or blank is English
 * alone; a code that is not two letters, a repeat or more than three languages is refused with
 * a message naming the setting, so a mistyped deployment fails at start rather than storing
 * values under a language nobody can read.
 */
export const parseCatalogueLanguages = (text: string | undefined): readonly string[] => {
  const codes = (text ?? '')
    .split(/[\s,]+/)
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  if (codes.length === 0) return DEFAULT_CATALOGUE_LANGUAGES;
  const wrong = codes.find((code) => !LANGUAGE_CODE.test(code));
  if (wrong) throw new Error(`CATALOGUE_LANGUAGES: '${wrong}' is not a two-letter language code (en, de, fr)`);
  if (new Set(codes).size !== codes.length) throw new Error('CATALOGUE_LANGUAGES names a language twice');
  if (codes.length > CATALOGUE_LANGUAGES_MAX)
    throw new Error(`CATALOGUE_LANGUAGES names more than ${CATALOGUE_LANGUAGES_MAX} languages`);
  return codes;
};

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** A language's English name ('de' → 'German'), the code itself when unknown. */
export const languageName = (code: string): string => englishNames.of(code) ?? code;

/** A language's own name ('de' → 'Deutsch'), for the reader's choice of language. */
export const nativeLanguageName = (code: string): string => {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
};

/**
 * The catalogue language to show a reader first: the first of their preferred languages
 * (a browser's `navigator.languages`, 'de-CH' counting as 'de') the catalogue has, else the
 * catalogue's default.
 */
export const readerLanguage = (catalogue: readonly string[], preferred: readonly string[]): string => {
  for (const tag of preferred) {
    const code = tag.split(/[-_]/)[0]?.toLowerCase();
    if (code && catalogue.includes(code)) return code;
  }
  return catalogue[0] ?? DEFAULT_CATALOGUE_LANGUAGES[0]!;
};
