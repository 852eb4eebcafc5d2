import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassListAnswer } from '#shared/class-list';
import { messages } from '#shared/messages';
import { csrfHandler, mockApi, type Handler, type MockResponse } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { AdminDashboardRoute } from '../routes/admin-dashboard';

afterEach(() => vi.unstubAllGlobals());

const dashboard = <AdminDashboardRoute overview={<p>users card</p>} userManagement={<p>users feature</p>} />;

const kept: ClassListAnswer = {
  managed: true,
  classes: [
    { name: 'Fuse', parts: 0, listed: true },
    { name: 'Relay', parts: 40, listed: true },
    { name: 'relay', parts: 3, listed: false },
    { name: 'Relays', parts: 1, listed: false },
    { name: 'Sensor', parts: 12, listed: true },
  ],
  variantGroups: [['Relay', 'relay', 'Relays']],
  applying: null,
  pending: [
    {
      id: '01JCLASSREQUEST0000000000',
      description: "Rename the class 'Sensor' to 'Proximity sensor'",
      username: 'ada',
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

const renderClasses = (extra: Record<string, Handler | MockResponse> = {}, list: ClassListAnswer = kept) => {
  const api = mockApi({
    'GET /api/admin/classes': { body: list },
    'GET /api/csrf-token': csrfHandler,
    ...extra,
  });
  renderScreen(dashboard, '/component-hub/admin#classes');
  return api;
};

const section = (name: string) => screen.getByRole('region', { name });

describe('the Classes tab', () => {
  it('lists every class with its parts, marks those not on the list, groups likely variants and shows what waits', async () => {
    renderClasses();
    expect(await screen.findByRole('tab', { name: 'Classes', selected: true })).toBeInTheDocument();
    const all = await screen.findByRole('region', { name: 'All classes (5)' });
    const rows = within(all).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByText(/./)[0]!.textContent)).toEqual([
      'Fuse',
      'Relay',
      'relay',
      'Relays',
      'Sensor',
    ]);
    expect(within(rows[0]!).getByText('0 parts')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('40 parts')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Not on the list')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText('Not on the list')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('1 part')).toBeInTheDocument();

    expect(
      within(section('Likely the same class')).getByText('Relay (40 parts), relay (3 parts), Relays (1 part)'),
    ).toBeInTheDocument();
    const waiting = section('Waiting for review');
    expect(within(waiting).getByText("Rename the class 'Sensor' to 'Proximity sensor'")).toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/component-hub\/approval-queue$/),
    );
    expect(screen.queryByText('The list follows the catalogue')).not.toBeInTheDocument();
  });

  it('says while no list is kept that it follows the catalogue', async () => {
    renderClasses({}, { ...kept, managed: false, pending: [] });
    expect(await screen.findByText('The list follows the catalogue')).toBeInTheDocument();
  });

  it('files a merge of a variant group, keeping the most used name unless another is typed, and shows the request id', async () => {
    const api = renderClasses({
      'POST /api/admin/classes': { status: 201, body: { requestId: '01JMERGEREQUEST00000000000' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Merge Relay, relay, Relays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Classes' });
    expect(within(dialog).getByRole('list', { name: 'Classes to merge' })).toHaveTextContent(
      '‘Relay’: 40 parts‘relay’: 3 parts‘Relays’: 1 part',
    );
    expect(within(dialog).getByLabelText(/^Name of the merged class/)).toHaveValue('Relay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));

    const submitted = await screen.findByRole('dialog', { name: 'Class Change Submitted' });
    expect(within(submitted).getByTestId('request-id')).toHaveTextContent('01JMERGEREQUEST00000000000');
    expect(
      within(submitted).getByText("Merge the classes 'Relay', 'relay', 'Relays' into 'Relay'."),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/classes')[0]!.body).toEqual({
      action: 'merge',
      classes: ['Relay', 'relay', 'Relays'],
      into: 'Relay',
    });
    // The list is read again, with the request now waiting.
    await waitFor(() => expect(api.callsTo('GET /api/admin/classes').length).toBeGreaterThan(1));
  });

  it('merges the classes ticked on the list, and offers it only once two are ticked', async () => {
    const api = renderClasses({
      'POST /api/admin/classes': { status: 201, body: { requestId: '01JMERGEREQUEST00000000001' } },
    });
    const merge = await screen.findByRole('button', { name: /^Merge Selected/ });
    expect(merge).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Sensor to merge' }));
    expect(merge).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Fuse to merge' }));
    expect(merge).toHaveTextContent('Merge Selected (2)');
    await userEvent.click(merge);
    const dialog = await screen.findByRole('dialog', { name: 'Merge Classes' });
    const name = within(dialog).getByLabelText(/^Name of the merged class/);
    expect(name).toHaveValue('Sensor');
    await userEvent.clear(name);
    await userEvent.type(name, 'Protection');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    await screen.findByRole('dialog', { name: 'Class Change Submitted' });
    expect(api.callsTo('POST /api/admin/classes')[0]!.body).toEqual({
      action: 'merge',
      classes: ['Sensor', 'Fuse'],
      into: 'Protection',
    });
  });

  it('renames a class, refusing the same name before sending and showing the server’s reason on the field', async () => {
    const refusal = messages.classIsVariant('Sensors', 'Sensor');
    const api = renderClasses({
      'POST /api/admin/classes': { status: 400, body: { message: refusal, fields: { to: refusal } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename relay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Class' });
    expect(within(dialog).getByText(/Every part of ‘relay’ \(3 parts\) gets the new name/)).toBeInTheDocument();
    const to = within(dialog).getByLabelText(/^New name/);
    expect(to).toHaveValue('relay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(await within(dialog).findByText(messages.classRenameSame)).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/classes')).toHaveLength(0);

    await userEvent.clear(to);
    await userEvent.type(to, 'Sensors');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(to).toHaveAccessibleDescription(refusal);
    expect(api.callsTo('POST /api/admin/classes')[0]!.body).toEqual({ action: 'rename', from: 'relay', to: 'Sensors' });
    expect(screen.queryByRole('dialog', { name: 'Class Change Submitted' })).not.toBeInTheDocument();
  });

  it('adds a class, refusing an empty name', async () => {
    const api = renderClasses({
      'POST /api/admin/classes': { status: 201, body: { requestId: '01JADDREQUEST0000000000000' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(await within(dialog).findByText(messages.classNameRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Class name/), 'Terminal Block');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    await screen.findByRole('dialog', { name: 'Class Change Submitted' });
    expect(api.callsTo('POST /api/admin/classes')[0]!.body).toEqual({ action: 'add', name: 'Terminal Block' });
  });

  it('says when a change is being applied', async () => {
    renderClasses(
      {},
      {
        ...kept,
        applying: { requestId: '01JX', description: "Rename the class 'relay' to 'Relay'", moved: 1350 },
      },
    );
    expect(await screen.findByText('A class change is being applied')).toBeInTheDocument();
    expect(screen.getByText(/Rename the class 'relay' to 'Relay': 1,350 parts moved so far/)).toBeInTheDocument();
  });
});

describe('reviewer groups on the Classes tab', () => {
  it("shows a class's reviewer groups and saves new ones typed with commas", async () => {
    let stored = [{ className: 'Relay', groups: ['Relay team'], updatedAt: '2026-11-20T10:00:00.000Z' }];
    const api = renderClasses({
      'GET /api/admin/classes/reviewers': () => ({ body: stored }),
      'PUT /api/admin/classes/reviewers': ({ body }) => {
        const { className, groups } = body as { className: string; groups: string[] };
        stored = [{ className, groups, updatedAt: '2026-11-21T10:00:00.000Z' }];
        return { body: stored[0] };
      },
    });
    const all = await screen.findByRole('region', { name: 'All classes (5)' });
    // Spellings of one class that differ only in case share its reviewers.
    expect(await within(all).findAllByText('Reviewers: Relay team')).toHaveLength(2);
    await userEvent.click(within(all).getByRole('button', { name: 'Reviewers of Sensor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Class Reviewers' });
    await userEvent.type(within(dialog).getByLabelText('Reviewer groups'), 'Sensors, Safety ,');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Reviewers' }));
    expect(await screen.findByText('Reviewers saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/admin/classes/reviewers')[0]!.body).toEqual({
      className: 'Sensor',
      groups: ['Sensors', 'Safety'],
    });
    expect(await within(all).findByText('Reviewers: Sensors, Safety')).toBeInTheDocument();
  });
});
