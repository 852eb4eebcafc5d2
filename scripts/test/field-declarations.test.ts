import { describe, expect, it, vi } from 'vitest';
import type * as Fields from '#shared/schemas/component-fields';

/*
 * A field is one entry in the declarations. This test adds one (a rated insulation voltage, as
 * terminal-block datasheets give it) and finds it everywhere a field shows: the API's schemas,
 * the search index's columns and filters, the Add form, the detail page, the Advanced Search
 * panel, the import's headings and the export's columns.
 */
vi.mock('#shared/schemas/component-fields', async (importOriginal) => {
  const original = await importOriginal<typeof Fields>();
  return {
    ...original,
    componentFieldDefinitions: [
      ...original.componentFieldDefinitions,
      {
        name: 'insulationVoltage',
        label: 'Insulation Voltage (V)',
        kind: 'number',
        tab: 'electrical',
        technical: 'electricalSpecifications',
        quantity: 'voltage',
        unit: 'V',
        min: 0,
        step: '1',
        range: true,
        headings: ['Rated insulation voltage'],
      },
    ],
  };
});

const field = 'insulationVoltage';

describe('a field declared once', () => {
  it('is validated and answered by the API, units converted on the way in', async () => {
    const { componentInputSchema, componentSchema, componentFields } = await import('#shared/schemas/component');
    expect(componentFields).toContain(field);
    const parsed = componentInputSchema.parse({ reference: 'PT 2,5', class: 'Terminal Blocks', [field]: '0.8 kV' });
    expect((parsed as Record<string, unknown>)[field]).toBe(800);
    expect(Object.keys(componentSchema.shape)).toContain(field);
  });

  it('is a column of the search index and a range filter of the search', async () => {
    const { storedNumberFields } = await import('#services/search/column-store');
    expect(storedNumberFields).toContain(field);
    const { searchQuerySchema, searchNumberFilterFields } = await import('#shared/schemas/component');
    expect(searchNumberFilterFields).toContain(field);
    const query = searchQuerySchema.parse({ [`${field}Min`]: '500 V', [`${field}Max`]: '1 kV' }) as Record<
      string,
      unknown
    >;
    expect([query[`${field}Min`], query[`${field}Max`]]).toEqual([500, 1000]);
  });

  it('shows on the Add form, the detail page and the Advanced Search panel', async () => {
    const { formTabs } = await import('#web/features/components/components/component-form/form-fields.ts');
    const electrical = formTabs.find((tab) => tab.value === 'electrical')!;
    expect(electrical.fields).toContainEqual({ name: field, kind: 'number', min: 0, step: '1' });
    const { technicalGroups } = await import('#web/features/component-detail/components/field-groups.ts');
    expect(technicalGroups.find((group) => group.title === 'Electrical Specifications')!.fields).toContain(field);
    const { advancedSearchGroups } = await import('#web/features/components/utils/search-params.ts');
    expect(advancedSearchGroups.find((group) => group.id === 'electrical')!.fields).toContain(field);
  });

  it('is read by the import under its label and its other headings, and is an export column', async () => {
    const { fieldForHeading } = await import('#services/import/column-headings');
    expect(fieldForHeading('Insulation Voltage (V)')).toBe(field);
    expect(fieldForHeading('Rated insulation voltage')).toBe(field);
    const { buildExportWorkbook } = await import('#web/features/components/utils/export-workbook.ts');
    const sheet = buildExportWorkbook([]).Sheets.Components!;
    const header = Object.entries(sheet)
      .filter(([cell]) => /^[A-Z]+1$/.test(cell))
      .map(([, value]) => (value as { v: unknown }).v);
    expect(header).toContain('Insulation Voltage (V)');
  });
});
