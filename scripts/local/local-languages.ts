/*
 * The local catalogue keeps three languages, so every screen shows what a multilingual one does
 * (CATALOGUE_LANGUAGES overrides them). Imported first by the local start: the functions read
 * their languages once, when first loaded, and the local API gateway loads some of them with the
 * start itself, before the rest of their environment is applied.
 */
export const LOCAL_CATALOGUE_LANGUAGES = 'en,de,fr';

process.env.CATALOGUE_LANGUAGES = process.env.CATALOGUE_LANGUAGES?.trim() || LOCAL_CATALOGUE_LANGUAGES;
