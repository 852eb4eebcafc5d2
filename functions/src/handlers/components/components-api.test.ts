import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import {
  componentFields,
  searchNumberFilterFields,
  searchTextFilterFields,
  type Component,
  type ComponentData,
} from '#shared/schemas/component';
import { createComponents } from '#repositories/components';
import { addToCounter } from '#repositories/counters';
import { useTestApi, type TestClient } from '../../../../scripts/test/api-client';
import { useTestStack } from '../../../../scripts/test/stack';
import { createSignedInUser } from '../../../test/support';

useTestStack();
const api = useTestApi();

const blank = (): ComponentData =>
  Object.fromEntries(componentFields.map((field) => [field, null])) as unknown as ComponentData;
const part = (fields: Partial<ComponentData> & { reference: string }): ComponentData => ({
  ...blank(),
  class: 'Relay',
  ...fields,
});

let user: TestClient;
let created: Component[];

/** One component per advanced filter, holding a value no other component has in that field. */
const filterParts = [
  ...searchTextFilterFields.map((field) => part({ reference: `FILTER-${field}`, [field]: `Only-${field}-Value` })),
  ...searchNumberFilterFields.map((field, index) =>
    part({ reference: `FILTER-${field}`, [field]: 7000 + index + 0.5 * (index % 2) }),
  ),
];

beforeAll(async () => {
  created = await createComponents(
    [
      part({
        reference: '3RT2015-1BB41',
        manufacturer: 'Siemens',
        type: 'Power contactor',
        description: 'Contactor 3 kW, 24 V DC coil',
        voltage: 24,
        dataSheet: 'components/x/dataSheet/3RT2015-1BB41.pdf',
      }),
      part({
        reference: '3RT2016-1AP01',
        manufacturer: 'Siemens',
        type: 'Power contactor',
        description: 'Contactor 4 kW, 230 V AC coil',
        voltage: 230,
      }),
      part({
        reference: 'ut 2,5 bu',
        class: 'Terminal Block',
        manufacturer: 'Phoenix Contact',
        articleNumber: '3044089',
        width: 5.2,
      }),
      part({
        reference: 'UT 2,5',
        class: 'Terminal Block',
        manufacturer: 'PHOENIX CONTACT',
        series: 'CLIPLINE complete UT',
        width: 5.2,
      }),
      part({
        reference: 'S201-C16',
        class: 'Circuit Protection',
        manufacturer: 'ABB',
        description: 'Miniature circuit breaker, 1P, C, 16 A',
      }),
      part({
        reference: 'DT06-2S',
        class: 'Connector',
        manufacturer: 'TE Connectivity',
        description: 'DEUTSCH DT plug, 2 positions',
        dataSheet: 'https://example.com/dt06-2s.pdf',
      }),
      ...filterParts,
    ],
    { username: 'test' },
  );
  const { sessionToken } = await createSignedInUser('user');
  user = api.client();
  user.setCookie('ch_session', sessionToken);
});

const search = async (query: string) => {
  const answer = await user.get<Component[]>(`/api/components?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    references: answer.body.map((component) => component.reference),
    total: Number(answer.headers.get('x-total-count')),
    answer,
  };
};

describe('GET /api/components', () => {
  it('finds part numbers by fragments, whatever the case, in every quick field', async () => {
    expect((await search('query=3rt2015')).references).toEqual(['3RT2015-1BB41']);
    expect((await search('query=1BB4')).references).toEqual(['3RT2015-1BB41']);
    expect((await search('query=phoenix')).references).toEqual(['UT 2,5', 'ut 2,5 bu']);
    expect((await search('query=3044089')).references).toEqual(['ut 2,5 bu']);
    expect((await search('query=clipline')).references).toEqual(['UT 2,5']);
    expect((await search('query=24%20V%20DC')).references).toEqual(['3RT2015-1BB41']);
    expect((await search('query=terminal%20block')).references).toEqual(['UT 2,5', 'ut 2,5 bu']);
    expect((await search('query=no-such-part')).references).toEqual([]);
  });

  it('applies every advanced filter to its own field: text as a substring, numbers exactly', async () => {
    for (const [index, field] of searchTextFilterFields.entries()) {
      expect((await search(`${field}=${encodeURIComponent(`only-${field}-val`)}`)).references, field).toEqual([
        filterParts[index]!.reference,
      ]);
    }
    for (const [index, field] of searchNumberFilterFields.entries()) {
      expect((await search(`${field}=${7000 + index + 0.5 * (index % 2)}`)).references, field).toEqual([
        `FILTER-${field}`,
      ]);
    }
    expect((await search('manufacturer=siemens&voltage=230')).references).toEqual(['3RT2016-1AP01']);
    expect((await search('class=terminal&width=5.2%20mm&query=bu')).references).toEqual(['ut 2,5 bu']);
    expect((await search('voltage=23')).references).toEqual([]);
    // Empty filters are ignored.
    expect((await search('manufacturer=&voltage=&query=S201')).references).toEqual(['S201-C16']);
  });

  it('orders by reference then id, pages by limit and offset, and counts the total in X-Total-Count', async () => {
    const all = await search('limit=1000');
    expect(all.total).toBe(created.length);
    const sorted = [...all.references].sort((a, b) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : a < b ? -1 : 1,
    );
    expect(all.references).toEqual(sorted);
    expect(all.answer.headers.get('access-control-expose-headers')).toMatch(/X-Total-Count/i);

    const firstPage = await search('');
    expect(firstPage.references).toEqual(all.references.slice(0, 10));
    expect(firstPage.total).toBe(created.length);
    const secondPage = await search('limit=10&offset=10');
    expect(secondPage.references).toEqual(all.references.slice(10, 20));
    const beyond = await search('offset=5000');
    expect(beyond.references).toEqual([]);
    expect(beyond.total).toBe(created.length);
    expect((await search('query=siemens&limit=1&offset=1')).references).toEqual(['3RT2016-1AP01']);
    expect((await search('query=siemens&limit=1&offset=1')).total).toBe(2);
  });

  it('answers every field of a component, with file fields as links', async () => {
    const { answer } = await search('query=3RT2015');
    const [component] = answer.body;
    expect(Object.keys(component!)).toEqual(
      expect.arrayContaining([...componentFields, 'id', 'version', 'createdAt', 'updatedAt']),
    );
    expect(component).toMatchObject({ reference: '3RT2015-1BB41', voltage: 24, width: null, scheme: null });
    expect(component!.dataSheet).toBe(`/api/components/${component!.id}/files/dataSheet`);
    const [external] = (await search('query=DT06-2S')).answer.body;
    expect(external!.dataSheet).toBe('https://example.com/dt06-2s.pdf');
  });

  it('refuses bad paging numbers and non-numbers in numeric filters with a message', async () => {
    for (const [query, message] of [
      ['limit=1001', messages.searchLimitInvalid(1000)],
      ['limit=abc', messages.searchLimitInvalid(1000)],
      ['offset=-1', messages.searchOffsetInvalid],
      ['voltage=high', messages.numberInvalid('Voltage (V)')],
    ] as const) {
      const answer = await user.get<{ message: string }>(`/api/components?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe(message);
    }
  });

  it('is for signed-in users only', async () => {
    expect((await api.client().get('/api/components')).status).toBe(401);
    expect((await api.client().get('/api/stats')).status).toBe(401);
  });
});

describe('GET /api/components/{id}', () => {
  it('answers the component, 404 with a message when there is none, 400 when the id is not a whole number', async () => {
    const target = created.find((component) => component.reference === 'S201-C16')!;
    const found = await user.get<Component>(`/api/components/${target.id}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: target.id, reference: 'S201-C16', manufacturer: 'ABB', version: 1 });

    const missing = await user.get<{ message: string }>('/api/components/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.componentNotFound);
    for (const id of ['abc', '1.5', '-3', '0']) {
      const bad = await user.get<{ message: string }>(`/api/components/${id}`);
      expect(bad.status, id).toBe(400);
      expect(bad.body.message).toBe(messages.componentIdInvalid);
    }
  });

  it('redirects a file field to a short-lived link, and 404s when the field is empty', async () => {
    const withSheet = created.find((component) => component.reference === '3RT2015-1BB41')!;
    const redirect = await user.get(`/api/components/${withSheet.id}/files/dataSheet`);
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    expect(location.pathname).toMatch(/\/components\/x\/dataSheet\/3RT2015-1BB41\.pdf$/);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('response-content-disposition')).toMatch(/^inline; filename="3RT2015-1BB41.pdf"/);
    expect((await user.get(`/api/components/${withSheet.id}/files/scheme`)).status).toBe(404);
    expect((await user.get(`/api/components/${withSheet.id}/files/other`)).status).toBe(400);
  });
});

describe('GET /api/components/classes, GET /api/components/options and GET /api/stats', () => {
  it('lists the distinct classes, sorted', async () => {
    const answer = await user.get<string[]>('/api/components/classes');
    expect(answer.body).toEqual(['Circuit Protection', 'Connector', 'Only-class-Value', 'Relay', 'Terminal Block']);
  });

  it("lists the whole catalogue's distinct manufacturers, classes and types for the add form", async () => {
    const answer = await user.get<{ manufacturers: string[]; classes: string[]; types: string[] }>(
      '/api/components/options',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.classes).toEqual([
      'Circuit Protection',
      'Connector',
      'Only-class-Value',
      'Relay',
      'Terminal Block',
    ]);
    expect(answer.body.manufacturers).toEqual(
      expect.arrayContaining(['ABB', 'PHOENIX CONTACT', 'Phoenix Contact', 'Siemens', 'TE Connectivity']),
    );
    expect(answer.body.types).toContain('Power contactor');
    expect(new Set(answer.body.types).size).toBe(answer.body.types.length);
  });

  it('counts components, datasheets, manufacturers and pending approvals', async () => {
    const before = await user.get('/api/stats');
    // Siemens, Phoenix Contact (in two spellings), ABB, TE Connectivity and the filter part's maker.
    expect(before.body).toEqual({
      totalComponents: created.length,
      withDatasheets: 2,
      manufacturers: 5,
      pendingApprovals: 0,
    });
    // The approval engine moves this counter in its transactions; stats reads it.
    await addToCounter('pending-approvals', 3);
    expect((await user.get<{ pendingApprovals: number }>('/api/stats')).body.pendingApprovals).toBe(3);
  });
});
