import { describe, expect, it, vi } from 'vitest';
import type * as Fields from '#shared/schemas/component-fields';

/*
 * A field is one entry in the declarations. This test adds two (a rated insulation voltage, as
 * terminal-block datasheets give it, and a RoHS status chosen from a list, as distributors give
 * it) and finds them everywhere a field shows: the API's schemas, the search index's columns and
 * filters, the Add form, the detail page, the Advanced Search panel or the counts beside the
 * results, the import's headings and the export's columns.
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
      {
        name: 'rohsStatus',
        label: 'RoHS Status',
        kind: 'choice',
        tab: 'basic',
        choices: [
          { value: 'compliant', label: 'Compliant' },
          { value: 'exempt', label: 'Compliant by exemption' },
          { value: 'not-compliant', label: 'Not compliant' },
          { value: 'unknown', label: 'Unknown' },
        ],
        absent: 'unknown',
        facet: true,
        headings: ['RoHS'],
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
    const { exportColumns } = await import('#services/exports');
    const header = exportColumns('https://hub.example').map((column) => column.heading);
    expect(header).toContain('Insulation Voltage (V)');
  });

  it('a value from a list: read from a code or a label, stored, chosen and counted, offered and exported', async () => {
    const choice = 'rohsStatus';
    const { componentInputSchema, componentSchema, searchQuerySchema, searchFacetFields, choiceParam } =
      await import('#shared/schemas/component');
    const parsed = componentInputSchema.parse({
      reference: 'PT 2,5',
      class: 'Terminal Blocks',
      [choice]: 'not COMPLIANT',
    });
    expect((parsed as Record<string, unknown>)[choice]).toBe('not-compliant');
    expect(componentInputSchema.safeParse({ reference: 'PT 2,5', class: 'T', [choice]: 'green' }).success).toBe(false);
    expect(Object.keys(componentSchema.shape)).toContain(choice);
    const { storedTextFields } = await import('#services/search/column-store');
    expect(storedTextFields).toContain(choice);
    expect(searchFacetFields).toContain(choice);
    expect(choiceParam(choice as never)).toBe(choice);
    const query = searchQuerySchema.parse({ [choice]: 'compliant,Compliant by exemption' }) as Record<string, unknown>;
    expect(query[choice]).toEqual(['compliant', 'exempt']);
    const { formTabs } = await import('#web/features/components/components/component-form/form-fields.ts');
    expect(formTabs.find((tab) => tab.value === 'basic')!.fields).toContainEqual(
      expect.objectContaining({ name: choice, kind: 'choice' }),
    );
    const { additionalGroup } = await import('#web/features/component-detail/components/field-groups.ts');
    expect(additionalGroup({ class: 'Terminal Blocks' }).fields).toContain(choice);
    const { fieldForHeading } = await import('#services/import/column-headings');
    expect(fieldForHeading('RoHS')).toBe(choice);
    const { exportColumns } = await import('#services/exports');
    const header = exportColumns('https://hub.example').map((column) => column.heading);
    expect(header).toContain('RoHS Status');
  });
});
