import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { choiceLabel, confirmationSource, confirmationsOf, readChoice, readConfirmationSource } from './choice-fields';
import { componentInputSchema, fieldValueSchema, searchQuerySchema, withAbsentValues } from './component';

const lifecycleMessage = messages.choiceInvalid('Lifecycle', [
  'Active',
  'NRND (not recommended for new designs)',
  'Last time buy',
  'Obsolete',
  'Unknown',
]);

describe('a lifecycle as typed', () => {
  it('takes the codes and the labels in any case, spaces around them ignored', () => {
    const parse = (value: unknown) => fieldValueSchema('lifecycle').parse(value);
    expect(parse('obsolete')).toBe('obsolete');
    expect(parse(' OBSOLETE ')).toBe('obsolete');
    expect(parse('NRND')).toBe('nrnd');
    expect(parse('nrnd (Not Recommended for New Designs)')).toBe('nrnd');
    expect(parse('Last time buy')).toBe('last-time-buy');
    expect(parse('LAST-TIME-BUY')).toBe('last-time-buy');
    expect(parse('Unknown')).toBe('unknown');
    expect(parse('')).toBeNull();
    expect(parse(null)).toBeNull();
  });

  it('refuses anything else, naming the choices', () => {
    for (const value of ['discontinued', 'Not For New Designs', 'last time', 'obsolete,nrnd', 3, true]) {
      const result = fieldValueSchema('lifecycle').safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(lifecycleMessage);
    }
    const filed = componentInputSchema.safeParse({ reference: '3RT1015-1BB41', class: 'Contactor', lifecycle: 'EOL' });
    expect(filed.error?.issues[0]).toMatchObject({ path: ['lifecycle'], message: lifecycleMessage });
  });

  it('reads labels back from codes, and a part without one is unknown', () => {
    expect(readChoice('lifecycle', 'Obsolete')).toBe('obsolete');
    expect(choiceLabel('lifecycle', 'nrnd')).toBe('NRND (not recommended for new designs)');
    expect(choiceLabel('lifecycle', null)).toBe('Unknown');
    expect(withAbsentValues({ id: 1 })).toEqual({
      id: 1,
      lifecycle: 'unknown',
      lifecycleConfirmedAt: null,
      lifecycleSource: null,
    });
    expect(withAbsentValues({ lifecycle: 'obsolete' }).lifecycle).toBe('obsolete');
  });
});

describe('the lifecycle filter', () => {
  const lifecycleOf = (text: string) =>
    (searchQuerySchema.parse({ lifecycle: text }) as unknown as { lifecycle?: string[] }).lifecycle;

  it('takes one value or several, separated by commas, codes or labels', () => {
    expect(lifecycleOf('obsolete')).toEqual(['obsolete']);
    expect(lifecycleOf('obsolete, nrnd')).toEqual(['obsolete', 'nrnd']);
    expect(lifecycleOf('Obsolete,OBSOLETE,Last time buy')).toEqual(['obsolete', 'last-time-buy']);
    expect(lifecycleOf(' , ')).toBeUndefined();
  });

  it('names a long refused value cut short', () => {
    const result = searchQuerySchema.safeParse({ lifecycle: 'x'.repeat(500) });
    expect(result.error?.issues[0]?.message).toBe(
      messages.searchChoiceInvalid('lifecycle', `${'x'.repeat(40)}…`, [
        'active',
        'nrnd',
        'last-time-buy',
        'obsolete',
        'unknown',
      ]),
    );
  });

  it('refuses a value it does not know, naming it and the codes it takes', () => {
    const result = searchQuerySchema.safeParse({ lifecycle: 'obsolete,sold-out' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['lifecycle'],
      message: messages.searchChoiceInvalid('lifecycle', 'sold-out', [
        'active',
        'nrnd',
        'last-time-buy',
        'obsolete',
        'unknown',
      ]),
    });
  });
});

describe('lifecycle confirmations', () => {
  const at = '2026-03-02T10:00:00.000Z';

  it('records when and where from a known lifecycle was set', () => {
    expect(confirmationsOf({ lifecycle: 'obsolete' }, confirmationSource.person('Ada Admin'), at)).toEqual({
      lifecycleConfirmedAt: at,
      lifecycleSource: 'person: Ada Admin',
    });
    expect(confirmationsOf({ lifecycle: 'active', description: 'x' }, confirmationSource.import, at)).toEqual({
      lifecycleConfirmedAt: at,
      lifecycleSource: 'import',
    });
  });

  it('records nothing for a change without a lifecycle, and clears it when the lifecycle becomes unknown', () => {
    expect(confirmationsOf({ description: 'x' }, confirmationSource.import, at)).toEqual({});
    for (const lifecycle of ['unknown', null])
      expect(confirmationsOf({ lifecycle }, confirmationSource.import, at)).toEqual({
        lifecycleConfirmedAt: null,
        lifecycleSource: null,
      });
  });

  it('reads a stored source as its kind', () => {
    expect(readConfirmationSource('person: Ada Admin')).toEqual({ kind: 'person', name: 'Ada Admin' });
    expect(readConfirmationSource('import')).toEqual({ kind: 'import' });
    expect(readConfirmationSource(confirmationSource.distributor('mouser'))).toEqual({
      kind: 'distributor',
      name: 'mouser',
    });
    expect(readConfirmationSource('distributor: ')).toBeUndefined();
    expect(readConfirmationSource('person: ')).toBeUndefined();
    expect(readConfirmationSource(null)).toBeUndefined();
  });
});
