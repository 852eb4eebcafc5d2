import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '#web/config/env.ts';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { useClimbingProgress } from '../components/coming-soon-dialog';
import { LandingRoute } from './landing';

const user = {
  id: '2',
  email: 'jo.smith@example.com',
  username: 'jo',
  name: '',
  firstName: '',
  lastName: '',
  role: 'user',
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('coming-soon progress', () => {
  it('climbs 10% every 200 ms to 100% and stops there', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useClimbingProgress(true));
    expect(result.current).toBe(0);
    act(() => void vi.advanceTimersByTime(199));
    expect(result.current).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(10);
    act(() => void vi.advanceTimersByTime(800));
    expect(result.current).toBe(50);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current).toBe(100);
    act(() => void vi.advanceTimersByTime(5000));
    expect(result.current).toBe(100);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from 0 each time the dialog opens', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ open }) => useClimbingProgress(open), { initialProps: { open: true } });
    act(() => void vi.advanceTimersByTime(600));
    expect(result.current).toBe(30);
    rerender({ open: false });
    rerender({ open: true });
    expect(result.current).toBe(0);
  });
});

describe('welcome toolbox', () => {
  it("greets by the email's local part when there is no name, and opens the tools", async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    mockApi({ 'GET /api/user': { body: user } });
    renderScreen(<LandingRoute />, '/landing', { '/component-hub': 'hub page' });
    expect(await screen.findByRole('heading', { name: 'Welcome jo.smith' })).toBeInTheDocument();

    const [tool] = appConfig.workspaceTools;
    await userEvent.click(screen.getByRole('button', { name: new RegExp(tool.name) }));
    expect(open).toHaveBeenCalledWith(tool.url, '_blank', 'noopener,noreferrer');
    expect(await screen.findByText(`${tool.name} opened`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Voltage Drop Calculator/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Coming Soon' });
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: /^Component Hub/ }));
    expect(await screen.findByText('hub page')).toBeInTheDocument();
  });
});
