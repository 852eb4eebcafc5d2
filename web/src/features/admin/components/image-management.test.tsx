import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { FRESH_FOR_MS } from '#web/lib/swr.ts';
import type { ImageBatch, ImageStats, RecentImage } from '#shared/schemas/images';
import { csrfHandler, mockApi, type Handler, type MockResponse } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { confidenceVariant, truncateDescription } from './image-figures';
import { ImageManagement } from './image-management';
import { ImageCoverageChart, ImageOverviewCards } from './image-overview';

const stats: ImageStats = {
  totalComponents: 200,
  componentsWithImages: 50,
  componentsWithoutImages: 150,
  imageSuccessRate: 87.5,
  recentlyProcessed: [
    { partNumber: '3RT2015-1BB41', success: true },
    { partNumber: 'XX-UNKNOWN', success: false },
  ],
  byClass: [
    { componentClass: 'Relay', total: 120, withImages: 30 },
    { componentClass: 'Terminal Block', total: 80, withImages: 20 },
  ],
  distributors: [
    {
      provider: 'digikey',
      state: 'daily-limit',
      usedToday: 412,
      dailyLimit: 1000,
      searchShare: 700,
      message: 'Digi-Key has reached its daily request limit for Component Hub. Digi-Key searches resume at 06:00 UTC.',
      resumesAt: '2026-11-24T06:00:00.000Z',
    },
    {
      provider: 'mouser',
      state: 'ready',
      usedToday: 38,
      dailyLimit: 1000,
      searchShare: 700,
      message: null,
      resumesAt: null,
    },
  ],
};
const image = (id: number, sourceConfidence: number, extra: Partial<RecentImage> = {}): RecentImage => ({
  id,
  reference: `PART-${id}`,
  manufacturer: 'Siemens',
  class: 'Relay',
  description: 'A contactor',
  imageAddedAt: '2026-11-20T10:00:00.000Z',
  imageSource: 'digikey',
  sourceConfidence,
  ...extra,
});
const batch = (extra: Partial<ImageBatch>): ImageBatch => ({
  batchId: 'b1',
  provider: 'both',
  componentClass: 'Relay',
  status: 'running',
  total: 10,
  processed: 4,
  success: 3,
  failed: 1,
  sources: { digikey: 2, mouser: 1 },
  startedAt: '2026-11-23T03:00:00.000Z',
  finishedAt: null,
  startedBy: 'admin',
  message: null,
  ...extra,
});

const adminApi = (extra: Record<string, Handler | MockResponse> = {}) =>
  mockApi({
    'GET /api/csrf-token': csrfHandler,
    'GET /api/admin/image-stats': { body: stats },
    'GET /api/admin/recent-images': {
      body: [image(1, 1), image(2, 0.85, { imageSource: 'mouser', description: 'x'.repeat(100) }), image(3, 0.6)],
    },
    'GET /api/admin/image-batch': { body: { batch: null } },
    'GET /api/components/classes': { body: ['Relay', 'Terminal Block'] },
    ...extra,
  });

describe('image figures', () => {
  it('badges confidence above 0.9 default, above 0.8 secondary, else destructive', () => {
    expect([0.95, 0.9, 0.85, 0.8, 0.5].map(confidenceVariant)).toEqual([
      'default',
      'secondary',
      'secondary',
      'destructive',
      'destructive',
    ]);
  });
  it('cuts descriptions at 80 characters', () => {
    expect(truncateDescription('a'.repeat(80))).toBe('a'.repeat(80));
    expect(truncateDescription('a'.repeat(81))).toBe(`${'a'.repeat(80)}...`);
  });
});

describe('admin overview: image cards and coverage chart', () => {
  it('shows coverage, the count needing images and the success rate from distributor APIs', async () => {
    adminApi();
    renderScreen(
      <>
        <ImageOverviewCards />
        <ImageCoverageChart />
      </>,
    );
    const withImages = await screen.findByRole('region', { name: 'Components with Images' });
    expect(await within(withImages).findByText('50')).toBeInTheDocument();
    expect(within(withImages).getByText('25% coverage')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Total Components' })).getByText('150 need images'),
    ).toBeInTheDocument();
    const rate = screen.getByRole('region', { name: 'Image Success Rate' });
    expect(within(rate).getByText('87.5%')).toBeInTheDocument();
    expect(within(rate).getByText('From distributor APIs')).toBeInTheDocument();
    expect(screen.getByText('30 of 120 (25%)')).toBeInTheDocument();
  });
});

describe('Image Management tab', () => {
  it('lists the last processed parts and the recent images with source and confidence badges', async () => {
    adminApi();
    renderScreen(<ImageManagement />);
    expect(await screen.findByText('3RT2015-1BB41')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Recently Added Images (By Accuracy)' });
    expect(within(list).getByRole('link', { name: 'PART-1' })).toHaveAttribute('href', '/component-hub/components/1');
    expect(within(list).getByText('100%')).toHaveAttribute('data-variant', 'default');
    expect(within(list).getByText('85%')).toHaveAttribute('data-variant', 'secondary');
    expect(within(list).getByText('60%')).toHaveAttribute('data-variant', 'destructive');
    expect(within(list).getByText('Mouser')).toBeInTheDocument();
    expect(within(list).getByText(`${'x'.repeat(80)}...`)).toBeInTheDocument();
  });

  it("shows each distributor's standing today, and why one cannot be asked, in words", async () => {
    adminApi();
    renderScreen(<ImageManagement />);
    const panel = await screen.findByRole('region', { name: 'Distributors Today' });
    const digikey = await within(panel).findByTestId('distributor-digikey');
    expect(within(digikey).getByText('Daily limit reached')).toBeInTheDocument();
    expect(within(digikey).getByText('412 of 1000 requests used today (700 for part searches)')).toBeInTheDocument();
    expect(within(digikey).getByRole('status')).toHaveTextContent(
      'Digi-Key has reached its daily request limit for Component Hub. Digi-Key searches resume at 06:00 UTC.',
    );
    const mouser = within(panel).getByTestId('distributor-mouser');
    expect(within(mouser).getByText('Ready')).toBeInTheDocument();
    expect(within(mouser).queryByRole('status')).toBeNull();
  });

  it('says why a distributor stopped during the last batch, and that the other took over', async () => {
    const reason =
      'Digi-Key stopped: Digi-Key has reached its daily request limit for Component Hub. Digi-Key searches resume at 06:00 UTC. Mouser was asked for every remaining part.';
    adminApi({
      'GET /api/admin/image-batch': {
        body: {
          batch: batch({
            status: 'completed',
            processed: 10,
            success: 9,
            failed: 1,
            sources: { digikey: 0, mouser: 9 },
            finishedAt: '2026-11-23T03:01:00.000Z',
            message: reason,
          }),
        },
      },
    });
    renderScreen(<ImageManagement />);
    expect(
      await screen.findByText(
        `Processed 10 components: 9 with images found, 1 failed (Digi-Key: 0, Mouser: 9). ${reason}`,
      ),
    ).toBeInTheDocument();
  });

  it("says 'No recent images found' when there are none", async () => {
    adminApi({ 'GET /api/admin/recent-images': { body: [] } });
    renderScreen(<ImageManagement />);
    expect(await screen.findByText('No recent images found')).toBeInTheDocument();
  });

  it('starts a Smart Search batch for the chosen class with a count toast, and disables every action while it runs', async () => {
    let current: ImageBatch | null = null;
    const server = adminApi({
      'GET /api/admin/image-batch': () => ({ body: { batch: current } }),
      'POST /api/admin/unified/batch-retrieve-images': () => {
        current = batch({});
        return { body: { componentsToProcess: 10, batchId: 'b1' } };
      },
    });
    renderScreen(<ImageManagement />);
    await userEvent.selectOptions(await screen.findByLabelText('Component class'), 'Relay');
    await userEvent.click(screen.getByRole('button', { name: 'Smart Search (Both)' }));
    expect(
      await screen.findByText('Processing 10 components with Smart Search (Digi-Key, then Mouser)'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/unified/batch-retrieve-images')[0]!.body).toEqual({
      componentClass: 'Relay',
    });
    expect(await screen.findByText('4 / 10')).toBeInTheDocument();
    for (const name of ['Digi-Key Only', 'Mouser Only']) expect(screen.getByRole('button', { name })).toBeDisabled();

    current = batch({
      status: 'completed',
      processed: 10,
      success: 8,
      failed: 2,
      sources: { digikey: 6, mouser: 2 },
      finishedAt: '2026-11-23T03:01:00.000Z',
    });
    expect(
      await screen.findByText(
        'Processed 10 components: 8 with images found, 2 failed (Digi-Key: 6, Mouser: 2)',
        undefined,
        { timeout: 6000 },
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Digi-Key Only' })).toBeEnabled());
  });

  it("keeps reading a running batch's progress under the app's 5-minute deduplication", async () => {
    const server = adminApi({ 'GET /api/admin/image-batch': { body: { batch: batch({}) } } });
    renderScreen(
      <SWRConfig value={{ dedupingInterval: FRESH_FOR_MS }}>
        <ImageManagement />
      </SWRConfig>,
    );
    await waitFor(() => expect(server.callsTo('GET /api/admin/image-batch').length).toBeGreaterThanOrEqual(3), {
      timeout: 5000,
    });
  });

  it('moves the stat cards with a running batch, not only its progress line', { timeout: 20_000 }, async () => {
    let reads = 0;
    const server = adminApi({
      'GET /api/admin/image-batch': { body: { batch: batch({}) } },
      'GET /api/admin/image-stats': () => ({
        body: { ...stats, componentsWithImages: 50 + reads, componentsWithoutImages: 150 - reads++ },
      }),
    });
    renderScreen(
      <SWRConfig value={{ dedupingInterval: FRESH_FOR_MS }}>
        <ImageManagement />
      </SWRConfig>,
    );
    const withImages = await screen.findByRole('region', { name: 'With Images' });
    await waitFor(() => expect(withImages).toHaveTextContent('With Images50'));
    await waitFor(() => expect(withImages).toHaveTextContent('With Images51'), { timeout: 12_000 });
    expect(server.callsTo('GET /api/admin/image-stats').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the failure toast with the server's reason", async () => {
    adminApi({
      'POST /api/admin/process-images': { status: 409, body: { message: 'An image batch is already running.' } },
    });
    renderScreen(<ImageManagement />);
    await userEvent.click(await screen.findByRole('button', { name: 'Digi-Key Only' }));
    expect(await screen.findByText('Failed to start Digi-Key image processing')).toBeInTheDocument();
    expect(screen.getByText('An image batch is already running.')).toBeInTheDocument();
  });
});
