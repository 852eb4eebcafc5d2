import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '#web/testing/render.tsx';
import type { User } from '#web/lib/auth.tsx';
import { HEADER_SEARCH_KEY } from './quick-search';
import { SidebarContent } from './sidebar';

const user = { id: '2', email: 'jo@example.com', username: 'jo-smith', role: 'user' } as User;

afterEach(() => sessionStorage.clear());

describe('the folded sidebar', () => {
  it('keeps a search icon that opens the search box, which searches the list', async () => {
    const { router } = renderScreen(
      <SidebarContent user={user} collapsed onToggleCollapsed={() => undefined} />,
      '/component-hub',
      { '/component-hub/components': 'the component list' },
    );
    expect(screen.queryByRole('textbox', { name: 'Search components' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Search components' }));
    const box = await screen.findByRole('textbox', { name: 'Search components' });
    await expect.poll(() => document.activeElement).toBe(box);

    await userEvent.type(box, 'LM317{Enter}');
    expect(await screen.findByText('the component list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/component-hub/components');
    expect(sessionStorage.getItem(HEADER_SEARCH_KEY)).toBe('LM317');
    await expect.poll(() => screen.queryByRole('textbox', { name: 'Search components' })).toBeNull();
  });
});
