import { describe, expect, it } from 'vitest';
import { languageName, nativeLanguageName, parseCatalogueLanguages, readerLanguage } from './languages';
import { catalogueFields, columnHeading, fieldLabel, inFieldOrder, readTranslatedField } from './schemas/component';

describe('catalogue languages', () => {
  it('reads a deployment list, English alone when unset, and refuses a wrong one with the setting named', () => {
    expect(parseCatalogueLanguages(undefined)).toEqual(['en']);
    expect(parseCatalogueLanguages('  ')).toEqual(['en']);
    expect(parseCatalogueLanguages('EN, de fr')).toEqual(['en', 'de', 'fr']);
    expect(() => parseCatalogueLanguages('en,deu')).toThrow("CATALOGUE_LANGUAGES: 'deu' is not a two-letter");
    expect(() => parseCatalogueLanguages('en,de,en')).toThrow('twice');
    expect(() => parseCatalogueLanguages('en,de,fr,it')).toThrow('more than 3');
  });

  it("picks the reader's language from the browser's, a region counting as its language, else the default", () => {
    expect(readerLanguage(['en', 'de', 'fr'], ['de-CH', 'en-GB'])).toBe('de');
    expect(readerLanguage(['en', 'de', 'fr'], ['it-IT', 'fr'])).toBe('fr');
    expect(readerLanguage(['en', 'de', 'fr'], ['ja'])).toBe('en');
    expect(readerLanguage(['de', 'en'], [])).toBe('de');
  });

  it('names languages in English and in their own words', () => {
    expect(languageName('de')).toBe('German');
    expect(nativeLanguageName('de')).toBe('Deutsch');
    expect(nativeLanguageName('fr')).toBe('Français');
  });

  it('gives each translatable field a value per other language, in the catalogue order', () => {
    const fields = catalogueFields(['en', 'de', 'fr']);
    expect(fields.slice(fields.indexOf('description'), fields.indexOf('description') + 3)).toEqual([
      'description',
      'description_de',
      'description_fr',
    ]);
    expect(fields).not.toContain('series_de');
    expect(catalogueFields(['en'])).not.toContain('description_de');
    expect(readTranslatedField('commercialReference_de')).toEqual({ field: 'commercialReference', language: 'de' });
    expect(readTranslatedField('series_de')).toBeUndefined();
    expect(fieldLabel('translatableText2_fr')).toBe('Translatable Text 2 (French)');
    expect(columnHeading('description_de')).toBe('Description (de)');
    expect(inFieldOrder(['description_fr', 'width', 'reference', 'description'])).toEqual([
      'reference',
      'description',
      'description_fr',
      'width',
    ]);
  });
});
