import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '#shared/schemas/comments';
import { componentFields, componentFileFields } from '#shared/schemas/component';
import { aComponent } from '#web/testing/component-fixture.ts';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { ComponentDetailRoute } from './component-detail';
import { user, version, renderDetail, toastWith } from './component-detail-test-setup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('component detail', () => {
  it('shows the header, the notice, the Details layout, records the view and lists related parts', async () => {
    const { server } = renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: '3RT2015-1BB41' })).toBeInTheDocument();
    expect(screen.getByTestId('component-summary')).toHaveTextContent('Siemens · Relay · Contactor');
    expect(
      screen.getByText('Component edits require approval before they are published to the database.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to List' })).toHaveAttribute('href', '/component-hub/components');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Details',
      'Technical Specs',
      'Attachments',
      'Version History',
    ]);

    const details = screen.getByRole('tabpanel', { name: 'Details' });
    expect(
      within(details)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Basic Information', 'Description', 'Additional Information']);
    expect(within(details).getByRole('button', { name: 'Edit Series' })).toBeInTheDocument();
    expect(within(details).getByText('SIRIUS')).toBeInTheDocument();
    // Every editable field (all but the three files and the username) has exactly one pencil across Details and Technical Specs.
    const pencils = within(details)
      .getAllByRole('button', { name: /^Edit / })
      .map((button) => button.getAttribute('aria-label'));
    await userEvent.click(screen.getByRole('tab', { name: 'Technical Specs' }));
    const technical = screen.getByRole('tabpanel', { name: 'Technical Specs' });
    pencils.push(
      ...within(technical)
        .getAllByRole('button', { name: /^Edit / })
        .map((button) => button.getAttribute('aria-label')),
    );
    expect(new Set(pencils).size).toBe(pencils.length);
    expect(pencils).toHaveLength(
      componentFields.filter((field) => !componentFileFields.includes(field as never) && field !== 'username').length,
    );

    await waitFor(() => expect(server.callsTo('POST /api/components/7/view')).toHaveLength(1));
    expect(server.callsTo('POST /api/components/7/view')[0]!.body).toEqual({ userId: 'u1' });
    const related = await screen.findByRole('list', { name: 'Related Components' });
    expect(within(related).getAllByRole('listitem')).toHaveLength(1);
    expect(within(related).getByRole('link', { name: '3RT2016-1BB41' })).toHaveAttribute(
      'href',
      '/component-hub/components/8',
    );
    expect(screen.getByText('No image available for this component')).toBeInTheDocument();
  });

  it("lays out connectors and contacts specially, with 'Mating Connector P/N' only for class 'Connectors'", async () => {
    const connector = aComponent({ id: 7, reference: 'HAN-10E', class: 'Connectors', value1: 'HAN-10E-F' });
    renderDetail({ component: connector });
    const details = await screen.findByRole('tabpanel', { name: 'Details' });
    expect(
      within(details)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Description', 'Mating Connector P/N', 'Tooling', 'Technical Specifications', 'Additional Information']);
    expect(within(details).getByRole('button', { name: 'Edit Mating Connector P/N' })).toBeInTheDocument();
    expect(within(details).getByText('HAN-10E-F')).toBeInTheDocument();
    // The reference and class stay editable.
    expect(within(details).getByRole('button', { name: 'Edit Reference' })).toBeInTheDocument();
  });

  it("keeps value1 as 'Value 1' for class 'Contact'", async () => {
    renderDetail({ component: aComponent({ id: 7, reference: 'C-1', class: 'Contact', value1: 'X' }) });
    const details = await screen.findByRole('tabpanel', { name: 'Details' });
    expect(
      within(details)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Description', 'Tooling', 'Technical Specifications', 'Additional Information']);
    expect(within(details).getByRole('button', { name: 'Edit Value 1' })).toBeInTheDocument();
    expect(within(details).queryByText('Mating Connector P/N')).toBeNull();
  });

  it("asks 'Confirm Deletion', files the request and shows its id", async () => {
    const { server } = renderDetail({
      extra: {
        'POST /api/components/7/delete-request': { status: 201, body: { requestId: '01JDELETE00000000000000000' } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Component' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this component? This action requires approval.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /api/components/7/delete-request')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const submitted = await screen.findByRole('dialog', { name: 'Delete Request Submitted' });
    expect(within(submitted).getByTestId('request-id')).toHaveTextContent('01JDELETE00000000000000000');
    expect(server.callsTo('POST /api/components/7/delete-request')[0]!.body).toEqual({ username: 'jo' });
  });

  it('says why a deletion request failed', async () => {
    renderDetail({
      extra: { 'POST /api/components/7/delete-request': { status: 404, body: { message: 'Component not found' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Component' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirm Deletion' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await toastWith('Error', 'Failed to submit delete request: Component not found');
  });

  it('lists the versions newest first and expands one to its previous and new values', async () => {
    renderDetail({
      versions: [
        version(2, {
          changedFields: ['description'],
          previousData: { description: 'Contactor' },
          changeData: { description: 'Contactor, 3 kW' },
          username: 'sam',
        }),
        version(1, { changedFields: ['reference'], changeData: { reference: '3RT2015-1BB41' } }),
      ],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Version History' }));
    const table = await screen.findByRole('table', { name: 'Version History' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['v2', 'v1']);
    expect(within(table).queryByText('Previous')).toBeNull();
    const show = within(table).getByRole('button', { name: 'Show changes of version 2' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(within(table).getByRole('button', { name: 'Hide changes of version 2' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(table).getByText('Previous').parentElement).toHaveTextContent('PreviousContactor');
    expect(within(table).getByText('New').parentElement).toHaveTextContent('NewContactor, 3 kW');
    // The creation has nothing before it: only its values.
    await userEvent.click(within(table).getByRole('button', { name: 'Show changes of version 1' }));
    expect(within(table).getAllByText('Previous')).toHaveLength(1);
    expect(within(table).getAllByText('New')).toHaveLength(1);
    expect(within(table).getByText('Reference').nextElementSibling).toHaveTextContent('3RT2015-1BB41');
  });

  it("offers 'Revert to this version' on older versions and files it as a request after confirming", async () => {
    const { server } = renderDetail({
      versions: [
        version(3, { changedFields: ['width'], previousData: { width: 40 }, changeData: { width: 45 } }),
        version(2, {
          changedFields: ['description'],
          previousData: { description: 'A' },
          changeData: { description: 'B' },
        }),
        version(1, { changedFields: ['reference'], changeData: { reference: '3RT2015-1BB41' } }),
      ],
      extra: {
        'POST /api/components/7/versions/1/revert': { status: 201, body: { requestId: '01JREVERT0000000000000000A' } },
        'POST /api/components/7/versions/2/revert': {
          status: 400,
          body: { message: 'The part already has the values of version 2: there is nothing to revert.' },
        },
        'GET /api/approval-requests': { body: [] },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Version History' }));
    const table = await screen.findByRole('table', { name: 'Version History' });
    expect(within(table).queryByRole('button', { name: 'Revert to version 3' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Revert to version 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revert to Version 1' });
    expect(confirm).toHaveTextContent('restores the values version 1 had for every field changed since');
    expect(server.callsTo('POST /api/components/7/versions/1/revert')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Submit for Approval' }));
    const submitted = await screen.findByRole('dialog', { name: 'Revert Submitted' });
    expect(within(submitted).getByTestId('request-id')).toHaveTextContent('01JREVERT0000000000000000A');
    await userEvent.click(within(submitted).getByRole('button', { name: 'Close' }));

    await userEvent.click(within(table).getByRole('button', { name: 'Revert to version 2' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Revert to Version 2' })).getByRole('button', {
        name: 'Submit for Approval',
      }),
    );
    await toastWith(
      'Error',
      'Failed to submit the revert: The part already has the values of version 2: there is nothing to revert.',
    );
  });

  it("says 'No version history available.'", async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('tab', { name: 'Version History' }));
    expect(await screen.findByText('No version history available.')).toBeInTheDocument();
  });

  it("adds a comment under an editable author name that defaults to the user's name; refuses an empty one", async () => {
    let comments: Comment[] = [];
    const { server } = renderDetail({
      extra: {
        'GET /api/components/7/comments': () => ({ body: comments }),
        'POST /api/components/7/comments': ({ body }) => {
          const { username, comment } = body as { username: string; comment: string };
          comments = [{ id: 'c1', componentId: 7, username, comment, createdAt: '2026-03-05T10:00:00.000Z' }];
          return { status: 201, body: comments[0] };
        },
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Comments' }));
    await waitFor(() => expect(card.getByLabelText('Your name')).toHaveValue('Jo Miller'));
    await userEvent.type(card.getByLabelText('Comment'), '   ');
    await userEvent.click(card.getByRole('button', { name: 'Add Comment' }));
    await toastWith('Empty Comment', 'Please enter a comment before submitting.');
    expect(server.callsTo('POST /api/components/7/comments')).toHaveLength(0);

    await userEvent.clear(card.getByLabelText('Your name'));
    await userEvent.type(card.getByLabelText('Your name'), 'Line 3 team');
    await userEvent.type(card.getByLabelText('Comment'), 'Fits the line 3 cabinet.');
    await userEvent.click(card.getByRole('button', { name: 'Add Comment' }));
    await toastWith('Comment Added', 'Your comment has been added successfully.');
    expect(server.callsTo('POST /api/components/7/comments')[0]!.body).toEqual({
      username: 'Line 3 team',
      comment: 'Fits the line 3 cabinet.',
      componentId: 7,
    });
    expect(await card.findByText('Fits the line 3 cabinet.')).toBeInTheDocument();
    expect(card.getByLabelText('Comment')).toHaveValue('');
  });

  it('says why the component could not be loaded, and the other reads fail with their own toasts', async () => {
    mockApi({
      'GET /api/user': { body: user },
      'GET /api/components/99': { status: 404, body: { message: 'Component not found' } },
    });
    renderRoutes(
      [{ path: '/component-hub/components/:id', element: <ComponentDetailRoute /> }],
      '/component-hub/components/99',
    );
    await toastWith('Failed to load component: 404 Component not found');
    expect(screen.getByRole('link', { name: 'Back to List' })).toBeInTheDocument();
  });

  it("toasts 'Failed to load comments' and only logs a failed view", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDetail({
      extra: {
        'GET /api/components/7/comments': { status: 500, body: { message: 'Internal Server Error' } },
        'POST /api/components/7/view': { status: 500, body: { message: 'Internal Server Error' } },
      },
    });
    await toastWith('Failed to load comments');
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Could not record the view', expect.anything()));
  });
});
