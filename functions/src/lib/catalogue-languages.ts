import { parseCatalogueLanguages } from '#shared/languages';
import { catalogueFields, translatedFields } from '#shared/schemas/component';

/**
 * The deployment's catalogue languages (CATALOGUE_LANGUAGES, the first the default; English
 * alone when unset), read once per container. A wrong setting stops the function at start.
 */
export const catalogueLanguages = parseCatalogueLanguages(process.env.CATALOGUE_LANGUAGES);

/** The other-language values this catalogue holds (`description_de`, …). */
export const catalogueTranslatedFields = translatedFields(catalogueLanguages);
const translatedNames = new Set<string>(catalogueTranslatedFields);
export const isCatalogueTranslatedField = (name: string): boolean => translatedNames.has(name);

/** Every field one gives a value in this catalogue, other languages after their field. */
export const catalogueFieldList = catalogueFields(catalogueLanguages);
