import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './active-sessions';

describe('describeUserAgent', () => {
  it('names the browser with its major version and the system with its kind of device', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Microsoft Edge 131', device: 'Windows 10 (Desktop)' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 131', device: 'Android 14 (Mobile)' });
  });

  it('shows a header it cannot read as it came, cut short, and nothing when none was recorded', () => {
    expect(describeUserAgent('component-hub-excel-addin')).toEqual({
      browser: 'component-hub-excel-addin',
      device: null,
    });
    expect(describeUserAgent('x'.repeat(300)).browser).toHaveLength(80);
    expect(describeUserAgent(undefined)).toEqual({ browser: null, device: null });
  });
});
