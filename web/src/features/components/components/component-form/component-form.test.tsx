import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { componentFields } from '#shared/schemas/component';
import { csrfHandler, mockApi, type Handler, type MockResponse } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { mergeOptions } from '#web/lib/component-options.ts';
import { AddComponentRoute } from '#web/features/components/routes/add-component.tsx';
import { DRAFT_FILE_MAX_AGE_MS, type Draft } from '#shared/schemas/drafts';
import { loadUnsavedInput, unsavedInputKey } from './unsaved-input';
import { checkFile } from './file-field';
import { formTabs } from './form-fields';
import { aUser } from '#web/testing/user-fixture.ts';
import { addFormTabLabels } from '#web/testing/field-groups.ts';

const user = aUser();
/** The catalogue's distinct values, as GET /api/components/options answers them. */
const catalogueOptions = {
  manufacturers: ['Harting', 'siemens'],
  classes: ['Relay', 'Terminal'],
  types: ['Crimp Contact'],
};

const baseHandlers = (): Record<string, Handler | MockResponse> => ({
  'GET /api/user': { body: user },
  'GET /api/csrf-token': csrfHandler,
  'GET /api/components/options': { body: catalogueOptions },
  // The duplicate check: nothing is alike what is typed unless a test says so.
  'GET /api/components/duplicates': { body: [] },
  'GET /api/drafts': { body: [] },
});

const api = (extra: Record<string, Handler | MockResponse> = {}) => mockApi({ ...baseHandlers(), ...extra });

const renderForm = () =>
  renderScreen(<AddComponentRoute />, '/component-hub/add-component', {
    '/component-hub/components': 'component list',
  });

const events = () => userEvent.setup({ applyAccept: false });

/** Types text in one go (the form re-renders every field per keystroke, which jsdom makes slow). */
const fill = async (element: HTMLElement, text: string) => {
  await userEvent.click(element);
  await userEvent.paste(text);
};

afterEach(() => vi.unstubAllGlobals());

describe('the form layout', () => {
  it('holds every field of the component once, but the username', () => {
    const placed = formTabs.flatMap((tab) => tab.fields.map((field) => field.name));
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual(componentFields.filter((field) => field !== 'username').sort());
    expect(formTabs.map((tab) => tab.label)).toEqual(addFormTabLabels);
  });

  it('merges default options with the catalogue, once each, Other last', () => {
    expect(mergeOptions(['Siemens', 'Other', 'ABB'], ['siemens', 'Harting', null, ' ', 'Other'])).toEqual([
      'ABB',
      'Harting',
      'Siemens',
      'Other',
    ]);
  });

  it('reads input kept in the browser, dropping files older than uploads are kept, and ignores garbage', () => {
    const savedAt = '2026-01-01T00:00:00.000Z';
    localStorage.setItem(
      'k',
      JSON.stringify({
        values: { reference: 'R', width: 12, dataSheet: 'uploads/u/X/a.pdf', colour: 'red' },
        fileNames: { dataSheet: 'a.pdf' },
        savedAt,
      }),
    );
    const fresh = loadUnsavedInput('k', Date.parse(savedAt) + 60_000)!;
    expect(fresh.values).toMatchObject({ reference: 'R', width: '12', dataSheet: 'uploads/u/X/a.pdf', class: '' });
    expect(fresh.values).not.toHaveProperty('colour');
    expect(fresh.fileNames).toEqual({ dataSheet: 'a.pdf' });
    expect(fresh.expiredFiles).toBeUndefined();
    const stale = loadUnsavedInput('k', Date.parse(savedAt) + DRAFT_FILE_MAX_AGE_MS + 1)!;
    expect(stale.values).toMatchObject({ reference: 'R', dataSheet: '' });
    expect(stale.fileNames).toEqual({});
    expect(stale.expiredFiles).toEqual(['dataSheet']);
    localStorage.setItem('k', 'not json');
    expect(loadUnsavedInput('k')).toBeNull();
    expect(loadUnsavedInput('absent')).toBeNull();
  });

  it('checks files by their size and their first bytes, as the server does', async () => {
    const pdf = new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], 'a.png', {
      type: 'image/png',
    });
    const textAsPng = new File(['just some text'], 'notes.png', { type: 'image/png' });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    const invalid = (description: string) => ({ type: 'error', title: 'Invalid file type', description });
    expect(await checkFile(pdf, 'pdf')).toBeNull();
    expect(await checkFile(png, 'image')).toBeNull();
    expect(await checkFile(png, 'pdf')).toEqual(invalid('Only PDF files are supported'));
    expect(await checkFile(pdf, 'image')).toEqual(invalid('Only image files are supported'));
    expect(await checkFile(textAsPng, 'image')).toEqual(invalid('Only image files are supported'));
    expect(await checkFile(pdf, 'any')).toBeNull();
    expect(await checkFile(big, 'any')).toEqual({
      type: 'error',
      title: 'File too large',
      description: 'The file size must be less than 10MB',
    });
    expect(
      await checkFile(new File(['x'.repeat(3 * 1024 * 1024)], 'c.pdf', { type: 'application/pdf' }), 'pdf', 2),
    ).toEqual({ type: 'error', title: 'File too large', description: 'The file size must be less than 2MB' });
  });
});

describe('add new component', () => {
  it('shows the title, the notice, the seven tabs, the option lists and the input steps', async () => {
    api();
    renderForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add New Component' })).toBeInTheDocument();
    expect(screen.getByText('Submit a new component to the database')).toBeInTheDocument();
    expect(
      screen.getByText(/must be approved by an administrator.*Only Reference and Class are required\./),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(formTabs.map((tab) => tab.label));

    const classes = await screen.findByRole('option', { name: 'Terminal' });
    expect(classes).toBeInTheDocument();
    const optionsOf = (label: string) =>
      within(screen.getByLabelText(new RegExp(`^${label}`)))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(optionsOf('Class')).toEqual([
      'Select class',
      'Circuit Protection',
      'Connector',
      'PLC',
      'Power Supply',
      'Relay',
      'Sensor',
      'Switch',
      'Terminal',
      'Other',
    ]);
    expect(optionsOf('Manufacturer')).toEqual([
      'Select manufacturer',
      'ABB',
      'Eaton',
      'Harting',
      'Phoenix Contact',
      'Schneider Electric',
      'Siemens',
      'Other',
      'Other…',
    ]);
    expect(optionsOf('Type')).toEqual(['Select type', 'Crimp Contact', 'Other…']);

    const steps = Object.fromEntries(
      [
        'Width (mm)',
        'Height (mm)',
        'Depth (mm)',
        'Weight (kg)',
        'Voltage (V)',
        'Frequency (Hz)',
        'Number of Circuits',
      ].map((label) => [label, screen.getByLabelText(label).getAttribute('step')]),
    );
    expect(steps).toEqual({
      'Width (mm)': '0.01',
      'Height (mm)': '0.01',
      'Depth (mm)': '0.01',
      'Weight (kg)': '0.001',
      'Voltage (V)': '0.1',
      'Frequency (Hz)': '0.1',
      'Number of Circuits': '1',
    });
  });

  it('offers the class list administrators keep as it is, without the default classes, once they keep one', async () => {
    api({
      'GET /api/components/options': {
        body: { ...catalogueOptions, classes: ['Contactor', 'Relay', 'Terminal Block'], classesManaged: true },
      },
    });
    renderForm();
    await screen.findByRole('option', { name: 'Contactor' });
    const classes = within(screen.getByLabelText(/^Class/))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(classes).toEqual(['Select class', 'Contactor', 'Relay', 'Terminal Block']);
  });

  it("offers 'Terminal Block' as the only type when the catalogue has none", async () => {
    api({ 'GET /api/components/options': { body: { manufacturers: [], classes: [], types: [] } } });
    renderForm();
    const type = await screen.findByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select type', 'Terminal Block', 'Other…']);
  });

  it("keeps a manufacturer and a type the lists lack, typed after 'Other…'", async () => {
    const server = api({ 'POST /api/components': { status: 201, body: { requestId: '01JOTHER' } } });
    renderForm();
    await fill(await screen.findByLabelText(/^Reference/), 'NEW-MAKER-1');
    await userEvent.selectOptions(screen.getByLabelText(/^Class/), 'Relay');
    await userEvent.selectOptions(screen.getByLabelText('Manufacturer'), 'Other…');
    const maker = screen.getByLabelText('Other manufacturer');
    expect(maker).toHaveFocus();
    await fill(maker, 'Weidmüller');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Other…');
    await fill(screen.getByLabelText('Other type'), 'Feed-through terminal');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    await screen.findByRole('dialog', { name: 'Component Submitted Successfully' });
    expect(server.callsTo('POST /api/components')[0]!.body).toMatchObject({
      reference: 'NEW-MAKER-1',
      manufacturer: 'Weidmüller',
      type: 'Feed-through terminal',
    });
  });

  it('offers the lifecycles by their labels, Unknown until one is chosen, and sends the one chosen as its code', async () => {
    const server = api({ 'POST /api/components': { status: 201, body: { requestId: '01JLIFE' } } });
    renderForm();
    await fill(await screen.findByLabelText(/^Reference/), '3RT1015-1BB41');
    await userEvent.selectOptions(screen.getByLabelText(/^Class/), 'Relay');
    const lifecycle = screen.getByLabelText('Lifecycle');
    expect(
      within(lifecycle)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Active', 'NRND (not recommended for new designs)', 'Last time buy', 'Obsolete', 'Unknown']);
    expect(lifecycle).toHaveValue('');
    expect(lifecycle).toHaveDisplayValue('Unknown');
    await userEvent.selectOptions(lifecycle, 'Obsolete');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    await screen.findByRole('dialog', { name: 'Component Submitted Successfully' });
    expect(server.callsTo('POST /api/components')[0]!.body).toMatchObject({
      reference: '3RT1015-1BB41',
      lifecycle: 'obsolete',
    });
  });

  it('lists the parts and pending requests alike what is typed, as the typing pauses, and still submits', async () => {
    const server = api({
      'GET /api/components/duplicates': ({ query }) => ({
        body:
          query.get('reference') === '2002 1201'
            ? [
                { kind: 'part', id: 8, reference: '2002-1201', manufacturer: 'WAGO', exact: query.has('manufacturer') },
                {
                  kind: 'request',
                  id: '01JWAITING0000000000000000',
                  reference: '2002-1201',
                  manufacturer: null,
                  exact: true,
                },
                { kind: 'part', id: 9, reference: '2002-1204', manufacturer: 'WAGO', exact: false },
              ]
            : [],
      }),
      'POST /api/components': { status: 201, body: { requestId: '01JDUPLICATE' } },
    });
    renderForm();
    const reference = await screen.findByLabelText(/^Reference/);
    await fill(reference, '2002 1201');
    expect(await screen.findByText('Possible duplicates')).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2002-1201 (WAGO) Similar',
      '2002-1201, waiting for review (request 01JWAITING0000000000000000) Same part',
      '2002-1204 (WAGO) Similar',
    ]);
    expect(screen.getByRole('link', { name: '2002-1201' })).toHaveAttribute('href', '/component-hub/components/8');
    expect(screen.getByRole('link', { name: '2002-1204' })).toHaveAttribute('href', '/component-hub/components/9');
    // The pending request is a note: there is no page to open.
    expect(screen.getAllByRole('link').filter((link) => link.textContent === '2002-1201')).toHaveLength(1);

    // The maker and the article number go with the question, asked once the typing pauses.
    await userEvent.selectOptions(screen.getByLabelText('Manufacturer'), 'Other…');
    await fill(screen.getByLabelText('Other manufacturer'), 'WAGO');
    await fill(screen.getByLabelText('Article Number'), '2002-1201');
    await waitFor(() => expect(screen.getAllByText('Same part')).toHaveLength(2));
    const asked = () =>
      server
        .callsTo('GET /api/components/duplicates')
        .map((call) => Object.fromEntries(new URL(call.path, 'http://x').searchParams));
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({ reference: '2002 1201', manufacturer: 'WAGO', articleNumber: '2002-1201' }),
    );
    // Pauses, not keystrokes: far fewer questions than characters typed.
    expect(asked().length).toBeLessThan(6);

    // It only informs: the part can be submitted anyway.
    await userEvent.selectOptions(screen.getByLabelText(/^Class/), 'Terminal');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    await screen.findByRole('dialog', { name: 'Component Submitted Successfully' });
    expect(server.callsTo('POST /api/components')[0]!.body).toMatchObject({
      reference: '2002 1201',
      manufacturer: 'WAGO',
    });
  });

  it('lists nothing while nothing typed can identify a part, and drops what no longer matches', async () => {
    const server = api({
      'GET /api/components/duplicates': ({ query }) => ({
        body:
          query.get('reference') === '3rt2016 1bb41'
            ? [{ kind: 'part', id: 8, reference: '3RT2016-1BB41', manufacturer: 'Siemens', exact: true }]
            : [],
      }),
    });
    renderForm();
    await userEvent.selectOptions(await screen.findByLabelText('Manufacturer'), 'Siemens');
    const reference = screen.getByLabelText(/^Reference/);
    await fill(reference, '3rt2016 1bb41');
    expect(await screen.findByText('Same part')).toBeInTheDocument();
    expect(server.callsTo('GET /api/components/duplicates')).toHaveLength(1);
    await fill(reference, '-X');
    await waitFor(() => expect(screen.queryByText('Possible duplicates')).toBeNull());
  });

  it('refuses numbers out of range or finer than their step before sending', async () => {
    const server = api();
    renderForm();
    await fill(await screen.findByLabelText(/^Reference/), 'R-1');
    await userEvent.selectOptions(screen.getByLabelText(/^Class/), 'Relay');
    await userEvent.click(screen.getByRole('tab', { name: 'Physical Properties' }));
    expect(screen.getByLabelText('Width (mm)')).toHaveAttribute('min', '0');
    await fill(screen.getByLabelText('Width (mm)'), '-5');
    await fill(screen.getByLabelText('Depth (mm)'), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByText('Width (mm) must be 0 or more')).toBeInTheDocument();
    expect(screen.getByLabelText('Depth (mm)')).toHaveAccessibleDescription(
      'Depth (mm) can have at most 2 decimal places',
    );
    expect(server.callsTo('POST /api/components')).toHaveLength(0);
  });

  it('asks before Cancel discards unsaved input, and leaves at once when there is none', async () => {
    api();
    const { router } = renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/component-hub/components'));
  });

  it('keeps the input when the person chooses to stay, and discards it when they confirm', async () => {
    api();
    const { router } = renderForm();
    await fill(await screen.findByLabelText(/^Reference/), 'HALF-DONE');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText(/^Reference/)).toHaveValue('HALF-DONE');
    expect(router.state.location.pathname).toBe('/component-hub/add-component');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/component-hub/components'));
  });

  it('requires Reference and Class, showing them from any tab, and sends nothing until they are there', async () => {
    const server = api({ 'POST /api/components': { status: 201, body: { requestId: '01JREQ' } } });
    renderForm();
    await userEvent.click(await screen.findByRole('tab', { name: 'Tooling' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));

    expect(await screen.findByText('Reference is required')).toBeInTheDocument();
    expect(screen.getByText('Class is required')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Basic Information/, selected: true })).toHaveAccessibleName(
      /^Basic Information ?\(has errors\)$/,
    );
    expect(server.callsTo('POST /api/components')).toHaveLength(0);
    await vi.waitFor(() => expect(screen.getByLabelText(/^Reference/)).toHaveFocus());

    await fill(screen.getByLabelText(/^Reference/), 'RT-1');
    expect(screen.queryByText('Reference is required')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(screen.getByText('Class is required')).toBeInTheDocument();
    expect(server.callsTo('POST /api/components')).toHaveLength(0);
  });

  it("submits for review and shows 'Component Submitted Successfully' with the Request ID", async () => {
    let answer: (value: MockResponse) => void = () => undefined;
    const server = api({ 'POST /api/components': () => new Promise((resolve) => (answer = resolve)) });
    renderForm();
    await screen.findByRole('option', { name: 'Terminal' });
    await fill(screen.getByLabelText(/^Reference/), '  3RT2015-1BB41 ');
    await userEvent.selectOptions(screen.getByLabelText(/^Class/), 'Relay');
    await userEvent.selectOptions(screen.getByLabelText('Manufacturer'), 'Siemens');
    await fill(screen.getByLabelText('Description'), 'Contactor, 3 kW');
    await userEvent.click(screen.getByRole('tab', { name: 'Physical Properties' }));
    await fill(screen.getByLabelText('Width (mm)'), '45.25');
    await userEvent.click(screen.getByRole('tab', { name: 'Wire Specifications' }));
    await fill(screen.getByLabelText('Max Wire Number'), '2');

    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByRole('button', { name: /Submitting/ })).toBeDisabled();
    answer({ status: 201, body: { requestId: '01JREQUEST' } });

    const dialog = await screen.findByRole('dialog', { name: 'Component Submitted Successfully' });
    expect(within(dialog).getByTestId('request-id')).toHaveTextContent('01JREQUEST');
    expect(
      within(dialog).getByText('The component will be added to the database once approved by an administrator.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /api/components')[0]!.body).toEqual({
      reference: '3RT2015-1BB41',
      class: 'Relay',
      manufacturer: 'Siemens',
      description: 'Contactor, 3 kW',
      width: 45.25,
      maxWireNumber: 2,
      username: 'jo',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText(/^Reference/)).toHaveValue('');
  });

  it("shows 'Error' / 'Failed to submit component: {message}' and the server's field message", async () => {
    api({
      'POST /api/components': {
        status: 400,
        body: {
          message: 'Reference must be at most 1000 characters',
          fields: { reference: 'Reference must be at most 1000 characters' },
        },
      },
    });
    renderForm();
    await fill(await screen.findByLabelText(/^Reference/), 'X');
    await userEvent.selectOptions(screen.getByLabelText(/^Class/), 'PLC');
    await userEvent.click(screen.getByRole('tab', { name: 'Tooling' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(
      await screen.findByText('Failed to submit component: Reference must be at most 1000 characters'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Basic Information/, selected: true })).toBeInTheDocument();
    expect(screen.getByText('Reference must be at most 1000 characters')).toBeInTheDocument();
  });

  it('keeps typing in this browser, per person, and restores it after a reload', async () => {
    api();
    const first = renderForm();
    await fill(await screen.findByLabelText(/^Reference/), 'TYPED-ONLY');
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(unsavedInputKey('u1', null)) ?? '{}').values).toMatchObject({
        reference: 'TYPED-ONLY',
      }),
    );
    first.unmount();

    renderForm();
    expect(await screen.findByText('Unsaved input restored')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Reference/)).toHaveValue('TYPED-ONLY');
    // Another person on the same browser starts empty.
    expect(localStorage.getItem(unsavedInputKey('u2', null))).toBeNull();
  });

  it('restores a draft kept in this browser by the earlier Save as Draft, once', async () => {
    localStorage.setItem('componentDraft:u1', JSON.stringify({ values: { reference: 'OLD-LOCAL' }, fileNames: {} }));
    api();
    renderForm();
    expect(await screen.findByText('Unsaved input restored')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Reference/)).toHaveValue('OLD-LOCAL');
    expect(localStorage.getItem('componentDraft:u1')).toBeNull();
    expect(JSON.parse(localStorage.getItem(unsavedInputKey('u1', null))!).values.reference).toBe('OLD-LOCAL');
  });

  it('asks before a link leaves unsaved input: Stay keeps it, Leave goes', async () => {
    api();
    const { router } = renderForm();
    await fill(await screen.findByLabelText(/^Reference/), 'HALF');
    await router.navigate('/component-hub/components');
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/component-hub/add-component');
    expect(screen.getByLabelText(/^Reference/)).toHaveValue('HALF');

    await router.navigate('/component-hub/components');
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/component-hub/components'));
  });

  it('saves a draft on the server, opens it at its own address, and submitting it deletes the draft', async () => {
    // The handlers grow as the server would: the draft saved can then be read and deleted.
    const handlers = baseHandlers();
    handlers['POST /api/components'] = { status: 201, body: { requestId: '01JDRAFT' } };
    handlers['POST /api/drafts'] = ({ body }) => {
      const input = body as Draft;
      const stored = { ...input, revision: 1, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
      handlers[`GET /api/drafts/${input.id}`] = { body: stored };
      handlers[`DELETE /api/drafts/${input.id}`] = { status: 204 };
      return { status: 201, body: stored };
    };
    const server = mockApi(handlers);
    const { router } = renderForm();
    await screen.findByRole('option', { name: 'Terminal' });
    await fill(screen.getByLabelText(/^Reference/), 'DRAFT-1');
    await userEvent.selectOptions(screen.getByLabelText(/^Class/), 'Terminal');
    await userEvent.click(screen.getByRole('tab', { name: 'Physical Properties' }));
    await fill(screen.getByLabelText('Weight (kg)'), '0.125');
    await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Draft Saved')).toBeInTheDocument();
    const sent = server.callsTo('POST /api/drafts')[0]!.body as Draft;
    expect(sent.values).toEqual({ reference: 'DRAFT-1', class: 'Terminal', weight: '0.125' });
    expect(sent.id).toMatch(/^[0-9A-Z]{26}$/);
    await waitFor(() => expect(router.state.location.search).toBe(`?draft=${sent.id}`));
    // Saved: nothing is kept locally, and leaving asks nothing.
    expect(localStorage.getItem(unsavedInputKey('u1', null))).toBeNull();
    expect(await screen.findByRole('button', { name: 'Delete Draft' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Reference/)).toHaveValue('DRAFT-1');

    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByRole('dialog', { name: 'Component Submitted Successfully' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/components')[0]!.body).toMatchObject({ reference: 'DRAFT-1', weight: 0.125 });
    await waitFor(() => expect(server.callsTo(`DELETE /api/drafts/${sent.id}`)).toHaveLength(1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("says why a draft was not saved, in the server's words, and keeps the input", async () => {
    api({ 'POST /api/drafts': { status: 409, body: { message: 'You already have 20 drafts.' } } });
    renderForm();
    await fill(await screen.findByLabelText(/^Reference/), 'ONE-TOO-MANY');
    await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Draft not saved')).toBeInTheDocument();
    expect(screen.getByText('You already have 20 drafts.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Reference/)).toHaveValue('ONE-TOO-MANY');
  });
});

describe('file widgets', () => {
  const pdf = () => new File(['%PDF-1.7'], 'relay.pdf', { type: 'application/pdf' });

  it.each([
    ['Data Sheet', new File(['png'], 'photo.png', { type: 'image/png' }), 'Only PDF files are supported'],
    ['SWE Symbol', new File(['%PDF'], 'symbol.pdf', { type: 'application/pdf' }), 'Only image files are supported'],
    ['SWE Symbol', new File(['plain text'], 'renamed.png', { type: 'image/png' }), 'Only image files are supported'],
  ])('refuse a file of the wrong type for %s before sending anything', async (label, file, message) => {
    const server = api();
    renderForm();
    await userEvent.click(await screen.findByRole('tab', { name: 'Files & Documents' }));
    await events().upload(screen.getByLabelText(label, { selector: 'input' }), file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Invalid file type')).toBeInTheDocument();
    expect(server.callsTo('POST /api/uploads')).toHaveLength(0);
  });

  it('accept any type for the 3D Symbol, but not over 10 MB', async () => {
    const server = api();
    renderForm();
    await userEvent.click(await screen.findByRole('tab', { name: 'Files & Documents' }));
    await events().upload(
      screen.getByLabelText('3D Symbol', { selector: 'input' }),
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'part.step'),
    );
    expect(await screen.findByText('The file size must be less than 10MB')).toBeInTheDocument();
    expect(screen.getByText('File too large')).toBeInTheDocument();
    expect(server.callsTo('POST /api/uploads')).toHaveLength(0);
  });

  it("say 'Failed to process the file.' when the upload cannot be made", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api({ 'POST /api/uploads': { status: 404, body: { message: 'Not Found' } } });
    renderForm();
    await userEvent.click(await screen.findByRole('tab', { name: 'Files & Documents' }));
    await events().upload(screen.getByLabelText('Data Sheet', { selector: 'input' }), pdf());
    expect(await screen.findByText('Failed to process the file.')).toBeInTheDocument();
    expect(screen.getAllByText('No file chosen')).toHaveLength(3);
  });

  it('upload through the presigned POST, then submit the upload key', async () => {
    const server = api({
      'POST /api/uploads': {
        body: {
          url: 'http://s3.test/component-hub-attachments',
          fields: { key: 'uploads/u1/01JUP/relay.pdf', Policy: 'p' },
          uploadKey: 'uploads/u1/01JUP/relay.pdf',
          maxSize: 10485760,
        },
      },
      'POST /component-hub-attachments': { status: 204 },
      'POST /api/components': { status: 201, body: { requestId: '01JFILES' } },
    });
    renderForm();
    await fill(await screen.findByLabelText(/^Reference/), 'WITH-FILE');
    await userEvent.selectOptions(screen.getByLabelText(/^Class/), 'Relay');
    await userEvent.click(screen.getByRole('tab', { name: 'Files & Documents' }));
    await events().upload(screen.getByLabelText('Data Sheet', { selector: 'input' }), pdf());

    expect(await screen.findByText('File selected')).toBeInTheDocument();
    expect(screen.getByText('relay.pdf has been selected successfully.')).toBeInTheDocument();
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('relay.pdf');
    expect(server.callsTo('POST /api/uploads')[0]!.body).toEqual({
      fileName: 'relay.pdf',
      fileType: 'application/pdf',
      size: 8,
      purpose: 'component-file',
    });
    expect(server.callsTo('POST /component-hub-attachments')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    await screen.findByRole('dialog', { name: 'Component Submitted Successfully' });
    expect(server.callsTo('POST /api/components')[0]!.body).toMatchObject({
      reference: 'WITH-FILE',
      dataSheet: 'uploads/u1/01JUP/relay.pdf',
    });
  });
});
