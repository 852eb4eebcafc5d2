import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aComponent } from '#web/testing/component-fixture.ts';
import { renderDetail, toastWith } from './component-detail-test-setup';

/*
 * A part in a catalogue of three languages: read first in the reader's own (the browser's
 * preference), the others one click away, and each language's value edited on its own.
 * The texts are Phoenix Contact's for the PT 2,5 feed-through terminal block.
 */
const terminal = aComponent({
  id: 7,
  reference: 'PT 2,5',
  manufacturer: 'Phoenix Contact',
  class: 'Terminal Block',
  description: 'Feed-through terminal block, nom. voltage: 800 V, nominal current: 24 A',
  description_de: 'Durchgangsreihenklemme, Nennspannung: 800 V, Nennstrom: 24 A',
});
const trilingual = {
  'GET /api/components/options': {
    body: { manufacturers: [], classes: [], types: [], languages: ['en', 'de', 'fr'] },
  },
};
const description = () => document.querySelector('[data-field^="description"]') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('component detail in the catalogue languages', () => {
  it("opens in the reader's language, switches, and says when a text is not translated yet", async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-CH', 'en'], language: 'de-CH' });
    renderDetail({ component: terminal, extra: trilingual });
    const switcher = await screen.findByRole('group', { name: 'Language' });
    expect(within(switcher).getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Description (German)')).toBeInTheDocument();
    expect(description()).toHaveTextContent('Durchgangsreihenklemme, Nennspannung: 800 V, Nennstrom: 24 A');

    await userEvent.click(within(switcher).getByRole('button', { name: 'English' }));
    expect(description()).toHaveTextContent('Feed-through terminal block');
    expect(description()).toHaveAttribute('data-field', 'description');

    await userEvent.click(within(switcher).getByRole('button', { name: 'Français' }));
    expect(description()).toHaveAttribute('data-field', 'description_fr');
    expect(description()).toHaveTextContent('not yet in French; shown in English');
  });

  it("proposes a value for the language read in, and only that language's", async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-FR'], language: 'fr-FR' });
    const { server } = renderDetail({
      component: terminal,
      extra: { ...trilingual, 'PATCH /api/components/7': { status: 201, body: { requestId: '01JREQ' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Description (French)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Description (French)' });
    await userEvent.type(within(dialog).getByLabelText('New value'), 'Borne de passage, tension nominale : 800 V');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Approval' }));
    await toastWith('Update Submitted', 'Your changes have been submitted for approval.');
    expect(server.callsTo('PATCH /api/components/7')[0]!.body).toEqual({
      description_fr: 'Borne de passage, tension nominale : 800 V',
      username: 'jo',
    });
  });

  it('shows no language choice in a catalogue of one language', async () => {
    renderDetail({ component: terminal });
    expect(await screen.findByRole('button', { name: 'Edit Description' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });
});
