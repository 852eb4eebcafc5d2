import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import {
  componentFields,
  fieldDefinition,
  searchFacetsSchema,
  searchNumberColumn,
  searchNumberFilterFields,
  searchCorrectionSchema,
  searchSuggestionsSchema,
  searchTextFilterFields,
  type Component,
  type ComponentData,
  type UnreadValue,
} from '#shared/schemas/component';
import { dynamo } from '#lib/clients';
import { createComponents } from '#repositories/components';
import { addToCounter } from '#repositories/counters';
import { useTestApi, type TestClient } from '../../../../scripts/test/api-client';
import { useTestStack } from '../../../../scripts/test/stack';
import { signedInClient } from '../../../test/support';

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
  ...searchNumberFilterFields.map((field, index) => {
    const value = 7000 + index + 0.5 * (index % 2);
    const column = searchNumberColumn(field);
    // A derived number (the current) is given as the text it is read from.
    if (column === field) return part({ reference: `FILTER-${field}`, [field]: value } as { reference: string });
    const { from, unit } = fieldDefinition(column) as { from: readonly string[]; unit: string };
    return part({ reference: `FILTER-${field}`, [from[0]!]: `${value} ${unit}` });
  }),
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
      part({ reference: 'UR20-4DI-P', class: 'I/O Module', manufacturer: 'Weidmüller', voltage: 24 }),
      part({ reference: '750-1420', class: 'I/O Module', manufacturer: 'WAGO', description: '4DI 24V DC 3ms' }),
      part({ reference: '750-14200', class: 'I/O Module', manufacturer: 'WAGO' }),
      // Wire and current as their makers write them (shared/fixtures/units).
      part({
        reference: 'WIRE PT',

        minWireSection: '0,14 mm²',
        maxWireSection: '4 mm²',
        current: 'nominal current: 24 A',
      }),
      part({
        reference: 'WIRE 4PCV-06-006',

        maxWireGauge: 'Wire Size 22  12 AWG',
        current: '20 AMP',
      }),
      part({
        reference: 'WIRE AWG 26-14',

        minWireGauge: '26',
        maxWireGauge: '14',
        current: '500 mA',
      }),
      ...filterParts,
    ],
    { username: 'test' },
  );
  user = await signedInClient(api, 'user');
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

/** Every DynamoDB call made until `stop()`, by command and the kinds of key it reads (`SESSION#`, …). */
const countReads = () => {
  const sent: { command: string; keys: string[] }[] = [];
  const stack = dynamo().middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      const input = (
        args as { input: { Key?: { pk: string }; RequestItems?: Record<string, { Keys?: { pk: string }[] }> } }
      ).input;
      const keys = input.Key
        ? [input.Key]
        : Object.values(input.RequestItems ?? {}).flatMap((table) => table.Keys ?? []);
      sent.push({ command: context.commandName ?? '', keys: keys.map((key) => key.pk.replace(/#.*/, '#')) });
      return next(args);
    },
    { step: 'initialize', name: 'countReads' },
  );
  return { sent, stop: () => stack.remove('countReads') };
};

describe('GET /api/components', () => {
  it('finds part numbers by fragments, whatever the case, in every quick field', async () => {
    expect((await search('query=3rt2015')).references).toEqual(['3RT2015-1BB41']);
    expect((await search('query=1BB4')).references).toEqual(['3RT2015-1BB41']);
    expect((await search('query=phoenix')).references).toEqual(['UT 2,5', 'ut 2,5 bu']);
    expect((await search('query=3044089')).references).toEqual(['ut 2,5 bu']);
    expect((await search('query=clipline')).references).toEqual(['UT 2,5']);
    expect((await search('query=24%20V%20DC')).references).toEqual(['3RT2015-1BB41', '750-1420']);
    expect((await search('query=terminal%20block')).references).toEqual(['UT 2,5', 'ut 2,5 bu']);
    expect((await search('query=no-such-part')).references).toEqual([]);
  });

  it('applies every advanced filter to its own field: text by its words, numbers exactly', async () => {
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

  it('refuses bad paging numbers, non-numbers in numeric filters and upside-down ranges with a message', async () => {
    for (const [query, message, field] of [
      ['limit=1001', messages.searchLimitInvalid(1000), 'limit'],
      ['limit=abc', messages.searchLimitInvalid(1000), 'limit'],
      ['offset=-1', messages.searchOffsetInvalid, 'offset'],
      ['voltage=high', messages.numberInvalid('Voltage (V)'), 'voltage'],
      ['voltageMin=%3E100', messages.numberInvalid('Voltage (V) from'), 'voltageMin'],
      ['widthMax=abc', messages.numberInvalid('Width (mm) to'), 'widthMax'],
      ['voltageMin=230&voltageMax=24', messages.searchRangeInvalid('Voltage (V)'), 'voltageMin'],
      ['sort=price', messages.searchSortInvalid, 'sort'],
      ['order=up', messages.searchOrderInvalid, 'order'],
    ] as const) {
      const answer = await user.get<{ message: string; fields?: Record<string, string> }>(`/api/components?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe(message);
      expect(answer.body.fields?.[`query.${field}`], query).toBe(message);
    }
  });

  it('finds part numbers however they are spaced, maker and number together, the exact part first', async () => {
    for (const query of ['750%201420', '7501420', 'wago%20750-1420', '750-1420'])
      expect((await search(`query=${query}`)).references, query).toEqual(['750-1420', '750-14200']);
    expect((await search('query=14200')).references).toEqual(['750-14200']);
    expect((await search('query=Weidmuller')).references).toEqual(['UR20-4DI-P']);
    expect((await search('query=weidmueller%20ur20%204di%20p')).references).toEqual(['UR20-4DI-P']);
    expect((await search('query=2,5')).references).toEqual(['UT 2,5', 'ut 2,5 bu']);
    // The reference filter of Quick Search's Reference field ranks the same way.
    expect((await search('reference=750%2014200')).references).toEqual(['750-14200']);
  });

  it('takes ranges on numeric filters, an exact value still meaning equality', async () => {
    expect((await search('voltageMin=24&voltageMax=230&limit=100')).references).toEqual([
      '3RT2015-1BB41',
      '3RT2016-1AP01',
      'UR20-4DI-P',
    ]);
    expect((await search('voltageMin=25%20V')).references).toEqual(['3RT2016-1AP01', 'FILTER-voltage']);
    expect((await search('voltageMax=24')).references).toEqual(['3RT2015-1BB41', 'UR20-4DI-P']);
    expect((await search('voltage=24&voltageMax=100')).references).toEqual(['3RT2015-1BB41', 'UR20-4DI-P']);
    expect((await search('voltage=230&voltageMax=100')).references).toEqual([]);
    expect((await search('widthMin=5&widthMax=6&query=bu')).references).toEqual(['ut 2,5 bu']);
  });

  it('filters on the current and on the wire a part takes, read from the text as written, in any unit', async () => {
    const wire = async (query: string) =>
      (await search(`${query}&query=WIRE&limit=100`)).references.filter((reference) => reference.startsWith('WIRE'));
    expect(await wire('wireSection=2.5')).toEqual(['WIRE 4PCV-06-006', 'WIRE PT']);
    expect(await wire('wireSection=2%2C5%20qmm')).toEqual(['WIRE 4PCV-06-006', 'WIRE PT']);
    // 14 AWG is 2.08 mm²: the part listed 26-14 AWG takes it, and so do the ones listed in mm².
    expect(await wire('wireGauge=14')).toEqual(['WIRE 4PCV-06-006', 'WIRE AWG 26-14', 'WIRE PT']);
    expect(await wire('wireSection=14%20AWG')).toEqual(['WIRE 4PCV-06-006', 'WIRE AWG 26-14', 'WIRE PT']);
    expect(await wire('wireSection=6')).toEqual([]);
    expect(await wire('currentMin=10&currentMax=100')).toEqual(['WIRE 4PCV-06-006', 'WIRE PT']);
    expect(await wire('currentMax=600%20mA')).toEqual(['WIRE AWG 26-14']);
    expect(await wire('current=0.5')).toEqual(['WIRE AWG 26-14']);

    const [pt] = (await user.get<Component[]>('/api/components?reference=WIRE%20PT')).body;
    expect(pt).toMatchObject({ currentAmps: 24, wireSectionMin: 0.14, wireSectionMax: 4, wireGaugeMin: null });

    const refused = await user.get<{ error: string }>('/api/components?wireSection=thick');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(messages.numberInvalid('Takes Wire Section (mm²)'));
  });

  it('sorts by a column on request, in either direction', async () => {
    expect((await search('query=siemens&sort=reference&order=desc')).references).toEqual([
      '3RT2016-1AP01',
      '3RT2015-1BB41',
    ]);
    const byMaker = await search('class=i%2Fo&sort=manufacturer');
    expect(byMaker.references).toEqual(['750-1420', '750-14200', 'UR20-4DI-P']);
    expect((await search('class=i%2Fo&sort=manufacturer&order=desc')).references).toEqual([
      'UR20-4DI-P',
      '750-1420',
      '750-14200',
    ]);
  });

  it('counts classes, manufacturers and types beside the results when asked, in a header', async () => {
    const plain = await search('query=contact');
    expect(plain.answer.headers.get('x-search-facets')).toBeNull();
    const { answer, references } = await search('query=contact&facets=true&limit=1');
    expect(references).toHaveLength(1);
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/X-Search-Facets/i);
    const facets = searchFacetsSchema.parse(JSON.parse(answer.headers.get('x-search-facets')!));
    expect(facets.manufacturer).toEqual([
      { value: 'PHOENIX CONTACT', count: 2 },
      { value: 'Siemens', count: 2 },
    ]);
    expect(facets.class).toEqual([
      { value: 'Relay', count: 2 },
      { value: 'Terminal Block', count: 2 },
    ]);
    // Non-ASCII values travel escaped, and come back as they were.
    const umlaut = await search('query=ur20&facets=1');
    expect(umlaut.answer.headers.get('x-search-facets')).toMatch(/Weidm\\u00fcller/);
    expect(JSON.parse(umlaut.answer.headers.get('x-search-facets')!).manufacturer).toEqual([
      { value: 'Weidmüller', count: 1 },
    ]);
  });

  it('answers a misspelt search with its one clear correction, named in a header; asTyped=true takes the text as typed', async () => {
    const corrected = await search('query=weidmuler');
    expect(corrected.total).toBe(1);
    expect(corrected.answer.headers.get('access-control-expose-headers')).toMatch(/X-Search-Corrected/i);
    expect(searchCorrectionSchema.parse(JSON.parse(corrected.answer.headers.get('x-search-corrected')!))).toEqual({
      field: 'query',
      text: 'Weidmüller',
      original: 'weidmuler',
    });
    expect(corrected.answer.headers.get('x-search-suggestions')).toBeNull();
    // A search that finds something as typed is never corrected.
    expect((await search('query=weidmuller')).answer.headers.get('x-search-corrected')).toBeNull();
  });

  it("offers 'Did you mean' searches in a header when nothing is found", async () => {
    const missed = await search('query=weidmuler&asTyped=true');
    expect(missed.total).toBe(0);
    expect(missed.answer.headers.get('x-search-corrected')).toBeNull();
    expect(searchSuggestionsSchema.parse(JSON.parse(missed.answer.headers.get('x-search-suggestions')!))).toEqual([
      { field: 'query', text: 'Weidmüller' },
    ]);
    expect((await search('query=weidmuller')).answer.headers.get('x-search-suggestions')).toBeNull();
    expect((await search('query=qqqqqqqq')).answer.headers.get('x-search-suggestions')).toBeNull();
  });

  it('answers a page in one DynamoDB round trip: the session, its user and the catalogue revision', async () => {
    await search('query=siemens');
    const { sent, stop } = countReads();
    try {
      const { references } = await search('query=siemens&limit=100');
      expect(references).toEqual(['3RT2015-1BB41', '3RT2016-1AP01']);
    } finally {
      stop();
    }
    expect(sent).toEqual([
      { command: 'BatchGetItemCommand', keys: expect.arrayContaining(['SESSION#', 'USER#', 'CATALOGUE#']) },
    ]);
    expect(sent[0]!.keys).toHaveLength(3);
  });

  it('still answers each of several searches at once in one DynamoDB round trip', async () => {
    await search('query=siemens');
    const { sent, stop } = countReads();
    const searches = 6;
    try {
      const pages = await Promise.all(Array.from({ length: searches }, () => search('query=siemens&limit=100')));
      for (const { references } of pages) expect(references).toEqual(['3RT2015-1BB41', '3RT2016-1AP01']);
    } finally {
      stop();
    }
    // Each search's catalogue revision is read in its own batched read, none after it.
    expect(sent).toHaveLength(searches);
    for (const call of sent)
      expect(call).toEqual({
        command: 'BatchGetItemCommand',
        keys: expect.arrayContaining(['SESSION#', 'USER#', 'CATALOGUE#']),
      });
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
    expect(answer.body).toEqual([
      'Circuit Protection',
      'Connector',
      'I/O Module',
      'Only-class-Value',
      'Relay',
      'Terminal Block',
    ]);
  });

  it("lists the whole catalogue's distinct manufacturers, classes and types for the add form", async () => {
    const answer = await user.get<{ manufacturers: string[]; classes: string[]; types: string[] }>(
      '/api/components/options',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.classes).toEqual([
      'Circuit Protection',
      'Connector',
      'I/O Module',
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
    // Siemens, Phoenix Contact (in two spellings), ABB, TE Connectivity, Weidmüller, WAGO and the filter part's maker.
    expect(before.body).toEqual({
      totalComponents: created.length,
      withDatasheets: 2,
      manufacturers: 7,
      pendingApprovals: 0,
      pendingApprovalsScope: 'own',
      // None of these parts has a lifecycle yet.
      lifecycle: { active: 0, nrnd: 0, 'last-time-buy': 0, obsolete: 0, unknown: created.length },
    });
    // An administrator sees every waiting request: the counter the approval engine moves in its
    // transactions. A user sees only their own, so the counter does not move theirs.
    const admin = await signedInClient(api, 'admin');
    const adminBefore = (await admin.get<{ pendingApprovals: number }>('/api/stats')).body.pendingApprovals;
    await addToCounter('pending-approvals', 3);
    expect(
      (await admin.get<{ pendingApprovals: number; pendingApprovalsScope: string }>('/api/stats')).body,
    ).toMatchObject({ pendingApprovals: adminBefore + 3, pendingApprovalsScope: 'all' });
    expect((await user.get<{ pendingApprovals: number }>('/api/stats')).body.pendingApprovals).toBe(0);
  });
});

describe('GET /api/admin/unread-values', () => {
  it('lists the current and wire texts no number could be read from, with the parts holding them', async () => {
    const unread = await createComponents(
      [
        part({ reference: 'UNREAD-1', current: 'see datasheet', maxWireSection: 'thick' }),
        part({ reference: 'UNREAD-2', current: 'see datasheet', maxWireGauge: '12 AWG' }),
      ],
      { username: 'test' },
    );
    const admin = await signedInClient(api, 'admin');
    const answer = await admin.get<UnreadValue[]>('/api/admin/unread-values');
    expect(answer.status).toBe(200);
    const rows = answer.body.filter((row) => row.components.some((c) => c.reference.startsWith('UNREAD')));
    expect(rows).toEqual([
      {
        field: 'current',
        label: 'Current',
        value: 'see datasheet',
        count: 2,
        components: unread.map(({ id, reference }) => ({ id, reference })),
      },
      {
        field: 'maxWireSection',
        label: 'Max Wire Section',
        value: 'thick',
        count: 1,
        components: [{ id: unread[0]!.id, reference: 'UNREAD-1' }],
      },
    ]);
    // The other parts' current and wire texts were read, but for the text filters' made-up values.
    const others = answer.body.filter((row) => !rows.includes(row));
    expect(others.flatMap((row) => row.components.map((c) => c.reference))).toEqual(
      others.map((row) => `FILTER-${row.field}`),
    );
    expect((await user.get('/api/admin/unread-values')).status).toBe(403);
  });
});
