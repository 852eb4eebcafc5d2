import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOTAL_COUNT_HEADER } from '#shared/schemas/component';
import { mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { aComponent } from '#web/testing/component-fixture.ts';
import { ComponentListRoute } from './component-list';

/*
 * Markup and script URLs in catalogue data render as text. The API returns them
 * unchanged (functions/test/security-cases.test.ts); here the list shows them without making a
 * script, an event handler or a script link of them.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SCRIPT = '<script>window.hacked = true</script>';
const IMAGE = '<img src=x onerror="window.hacked = true">';
const JS_URL = 'javascript:window.hacked = true';

describe('hostile catalogue values', () => {
  it('render as text in the list, never as markup or a script link', async () => {
    const hostile = aComponent({
      id: 1,
      reference: SCRIPT,
      manufacturer: JS_URL,
      description: IMAGE,
      type: JS_URL,
      dataSheet: JS_URL,
    });
    mockApi({ 'GET /api/components': () => ({ body: [hostile], headers: { [TOTAL_COUNT_HEADER]: '1' } }) });
    const { container } = renderRoutes(
      [{ path: '/component-hub/components', element: <ComponentListRoute /> }],
      '/component-hub/components',
    );

    expect((await screen.findAllByText(SCRIPT)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(IMAGE).length).toBeGreaterThan(0);
    expect(screen.getAllByText(JS_URL).length).toBeGreaterThan(0);
    expect(container.querySelectorAll('script, img[onerror], [onerror]')).toHaveLength(0);
    for (const link of container.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      expect(link.getAttribute('href')).not.toContain('hacked');
    }
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });
});
