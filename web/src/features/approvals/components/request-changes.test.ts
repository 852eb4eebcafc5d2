import { describe, expect, it } from 'vitest';
import { displayValue } from './request-changes';

describe("a request's values as the queue shows them", () => {
  it('names a lifecycle by its label, and leaves other text as it is', () => {
    expect(displayValue('lifecycle', 'nrnd')).toBe('NRND (not recommended for new designs)');
    expect(displayValue('lifecycle', 'unknown')).toBe('Unknown');
    expect(displayValue('description', 'obsolete')).toBe('obsolete');
    expect(displayValue('dataSheet', 'requests/01J/dataSheet/3RT1015.pdf')).toBe('3RT1015.pdf');
  });
});
