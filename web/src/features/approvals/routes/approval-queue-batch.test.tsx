import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { ApprovalQueueRoute } from './approval-queue';

const admin = {
  id: 'a1',
  email: 'admin@example.com',
  username: 'admin',
  name: 'Admin',
  firstName: '',
  lastName: '',
  role: 'admin',
};

afterEach(() => vi.unstubAllGlobals());

describe('approval queue of one data batch', () => {
  it('asks for the requests the batch filed alone, says so, and offers the whole queue', async () => {
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': { body: [] },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue?batch=01KB0000000000000000000000');
    expect(await screen.findByText("Showing one data batch's requests")).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/approval-requests')).toHaveLength(1));
    expect(server.callsTo('GET /api/approval-requests')[0]!.path).toBe(
      '/api/approval-requests?status=pending&batch=01KB0000000000000000000000',
    );
    expect(screen.getByRole('link', { name: 'Show all requests' })).toHaveAttribute(
      'href',
      '/component-hub/approval-queue',
    );
  });

  it('lists the whole queue without a batch', async () => {
    const server = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/approval-requests': { body: [] },
    });
    renderScreen(<ApprovalQueueRoute />, '/component-hub/approval-queue');
    expect(await screen.findByText('No pending requests found.')).toBeInTheDocument();
    expect(server.callsTo('GET /api/approval-requests')[0]!.path).toBe('/api/approval-requests?status=pending');
    expect(screen.queryByText("Showing one data batch's requests")).toBeNull();
  });
});
