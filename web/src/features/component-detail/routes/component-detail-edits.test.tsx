import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDetail, toastWith } from './component-detail-test-setup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('component detail', () => {
  it("refuses an empty edit ('Error' / 'Please enter a value') and sends a filled one as a request", async () => {
    const { server } = renderDetail({
      extra: { 'PATCH /api/components/7': { status: 201, body: { requestId: '01JREQ' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Description' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Description' });
    const input = within(dialog).getByLabelText('New value');
    expect(input).toHaveValue('Contactor, 3 kW');
    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    await toastWith('Error', 'Please enter a value');
    expect(server.callsTo('PATCH /api/components/7')).toHaveLength(0);

    await userEvent.type(input, 'Contactor, 3 kW');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    expect(await within(dialog).findByText('The new value is the same as the current one.')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/components/7')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'Contactor, 4 kW');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    await toastWith('Update Submitted', 'Your changes have been submitted for approval.');
    expect(server.callsTo('PATCH /api/components/7')[0]!.body).toEqual({
      description: 'Contactor, 4 kW',
      username: 'jo',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Description' })).toBeNull());
  });

  it('asks before Escape or a click outside discards a changed value, and closes at once when nothing changed', async () => {
    // jsdom works out the layered dialogs' pointer-events without their styles, so its check
    // would refuse clicks a browser lets through (e2e/drafts.spec.ts clicks them for real).
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit Description' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Description' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Description' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit Description' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Description' });
    const input = within(dialog).getByLabelText('New value');
    await user.clear(input);
    await user.type(input, 'Typed with care');
    await user.keyboard('{Escape}');
    let question = await screen.findByRole('alertdialog', { name: 'Discard your change?' });
    // A click alone: jsdom does not stack the two dialogs' layers as a browser does, so a pointer
    // press on the question can reach the edit dialog as a press outside it, which asks again
    // (e2e/drafts.spec.ts presses the button in a real browser).
    fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(screen.getByRole('dialog', { name: 'Edit Description' })).getByLabelText('New value')).toHaveValue(
      'Typed with care',
    );

    // A click outside the dialog (the page behind it takes no pointer events while it is open).
    fireEvent.pointerDown(document.body);
    fireEvent.pointerUp(document.body);
    fireEvent.click(document.body);
    question = await screen.findByRole('alertdialog', { name: 'Discard your change?' });
    await user.click(within(question).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Description' })).toBeNull());
  });

  it("edits a number with its field's step and shows the server's refusal", async () => {
    renderDetail({
      extra: {
        'PATCH /api/components/7': {
          status: 400,
          body: { message: 'Width (mm) must be a number', fields: { width: 'Width (mm) must be a number' } },
        },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Technical Specs' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Width (mm)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Width (mm)' });
    const input = within(dialog).getByLabelText('New value');
    expect(input).toHaveAttribute('step', '0.01');
    await userEvent.clear(input);
    await userEvent.type(input, '46');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    await toastWith('Error', 'Failed to submit changes: Width (mm) must be a number');
    expect(within(dialog).getByText('Width (mm) must be a number')).toBeInTheDocument();
  });

  it('refuses a number out of range or finer than its step, as the server would, without sending it', async () => {
    const { server } = renderDetail({
      extra: { 'PATCH /api/components/7': { status: 201, body: { requestId: 'R' } } },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Technical Specs' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Width (mm)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Width (mm)' });
    const input = within(dialog).getByLabelText('New value');
    expect(input).toHaveAttribute('min', '0');
    await userEvent.clear(input);
    await userEvent.type(input, '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    expect(await within(dialog).findByText('Width (mm) must be 0 or more')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    expect(await within(dialog).findByText('Width (mm) can have at most 2 decimal places')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Width (mm) can have at most 2 decimal places');
    expect(server.callsTo('PATCH /api/components/7')).toHaveLength(0);
  });

  it('edits Class with the same select as the Add form, and a manufacturer the list lacks as free text', async () => {
    const { server } = renderDetail({
      extra: { 'PATCH /api/components/7': { status: 201, body: { requestId: 'R' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Class' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    const classes = within(dialog).getByLabelText('New value');
    expect(classes.tagName).toBe('SELECT');
    await waitFor(() => expect(within(classes).getByRole('option', { name: 'Connectors' })).toBeInTheDocument());
    expect(within(classes).getByRole('option', { name: 'Power Supply' })).toBeInTheDocument();
    expect(within(classes).queryByRole('option', { name: 'Other…' })).toBeNull();
    await userEvent.selectOptions(classes, 'Connectors');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    await toastWith('Update Submitted', 'Your changes have been submitted for approval.');
    expect(server.callsTo('PATCH /api/components/7')[0]!.body).toEqual({ class: 'Connectors', username: 'jo' });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Manufacturer' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Manufacturer' });
    await userEvent.selectOptions(within(dialog).getByLabelText('New value'), 'Other…');
    await userEvent.type(within(dialog).getByLabelText('Other manufacturer'), 'Weidmüller');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    await toastWith('Update Submitted', 'Your changes have been submitted for approval.');
    expect(server.callsTo('PATCH /api/components/7')[1]!.body).toEqual({ manufacturer: 'Weidmüller', username: 'jo' });
  });

  it('warns before submitting a reference another part already has', async () => {
    renderDetail({
      extra: {
        'GET /api/components/duplicates': ({ query }) => ({
          body:
            query.get('reference') === '3RT2016 1bb41'
              ? [{ kind: 'part', id: 8, reference: '3RT2016-1BB41', manufacturer: 'Siemens', exact: true }]
              : [],
        }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Reference' });
    const input = within(dialog).getByLabelText('New value');
    await userEvent.clear(input);
    await userEvent.type(input, '3RT2016 1bb41');
    expect(await within(dialog).findByText('This reference is already in use')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '3RT2016-1BB41' })).toHaveAttribute(
      'href',
      '/component-hub/components/8',
    );
    await userEvent.type(input, '-X');
    await waitFor(() => expect(within(dialog).queryByText('This reference is already in use')).toBeNull());
  });
});
