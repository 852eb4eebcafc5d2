import { describe, expect, it } from 'vitest';
import { searchQuerySchema } from '#shared/schemas/component';
import { componentsQuery, listSearchParams, numberProblems, readListState, sortOf } from './search-params';

describe('the list URL', () => {
  it('reads the search and the page, ignoring empty values, unknown parameters and bad pages', () => {
    expect(readListState(new URLSearchParams('query=%203RT%20&manufacturer=&class=Relay&page=3&foo=bar'))).toEqual({
      criteria: { query: '3RT', class: 'Relay' },
      page: 3,
    });
    for (const page of ['0', '-2', 'two', '1.5', ''])
      expect(readListState(new URLSearchParams(`page=${page}`)).page).toBe(1);
  });

  it('writes them back the same way, leaving out page 1 and empty filters', () => {
    const params = listSearchParams({ criteria: { manufacturer: 'Phoenix Contact', width: ' ', query: '' }, page: 1 });
    expect(params.toString()).toBe('manufacturer=Phoenix+Contact');
    const round = listSearchParams({ criteria: { query: 'a&b', numberOfTerminals: '10' }, page: 2 });
    expect(readListState(round)).toEqual({ criteria: { query: 'a&b', numberOfTerminals: '10' }, page: 2 });
  });

  it("asks the API for the criteria with limit and offset, in the shape the server's schema reads", () => {
    const query = componentsQuery(
      { query: '3rt', manufacturer: 'Siemens', voltage: '24 V' },
      { limit: 10, offset: 20 },
    );
    expect(query).toBe('query=3rt&manufacturer=Siemens&voltage=24+V&limit=10&offset=20');
    const parsed = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    expect(parsed).toMatchObject({ query: '3rt', manufacturer: 'Siemens', voltage: 24, limit: 10, offset: 20 });
  });

  it('keeps ranges, sort and order in the URL', () => {
    const state = readListState(new URLSearchParams('voltageMin=24&voltageMax=230&sort=manufacturer&order=desc&foo=1'));
    expect(state.criteria).toEqual({ voltageMin: '24', voltageMax: '230', sort: 'manufacturer', order: 'desc' });
    expect(sortOf(state.criteria)).toEqual({ sort: 'manufacturer', descending: true });
    expect(sortOf({ sort: 'price' })).toEqual({ sort: 'relevance', descending: false });
  });

  it('leaves out of the API request the numbers it would refuse, naming each for its input', () => {
    const criteria = {
      query: 'relay',
      widthMin: 'wide',
      voltageMin: '230',
      voltageMax: '24 V',
      height: '>5',
      depthMax: '12,5',
    };
    expect(numberProblems(criteria)).toEqual({
      widthMin: 'Width (mm) from must be a number',
      height: 'Height (mm) must be a number',
      voltageMin: 'Voltage (V): the "from" value must not be above the "to" value',
    });
    const query = componentsQuery(criteria, { limit: 10, offset: 0, facets: true });
    expect(query).toBe('query=relay&depthMax=12%2C5&voltageMax=24+V&limit=10&offset=0&facets=true');
    expect(searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))).toMatchObject({
      voltageMax: 24,
      depthMax: 12.5,
      facets: true,
    });
  });
});
