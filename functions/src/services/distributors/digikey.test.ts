import { describe, expect, it } from 'vitest';
import { readDigiKeyRefusal } from './digikey';

const now = Date.UTC(2030, 5, 1, 12, 0, 0);
const answer = (status: number, headers: Record<string, string>, text = '') => ({
  status,
  headers: new Headers(headers),
  text,
});

describe("Digi-Key's refusals", () => {
  it('tells the daily limit (hours, X-RateLimit-Remaining 0) from a burst limit (seconds, X-BurstLimit-*)', () => {
    expect(
      readDigiKeyRefusal(
        answer(
          429,
          {
            'retry-after': '28416',
            'x-ratelimit-limit': '1000',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': '28416',
          },
          '{"detail":"Daily Ratelimit exceeded. Please try again after the number of seconds in the Retry-After header"}',
        ),
        now,
      ),
    ).toEqual({ kind: 'daily', resumesAt: new Date(now + 28_416_000) });
    expect(
      readDigiKeyRefusal(
        answer(
          429,
          {
            'retry-after': '3',
            'x-burstlimit-limit': '120',
            'x-burstlimit-remaining': '0',
            'x-ratelimit-remaining': '640',
          },
          '{"detail":"BurstLimit exceeded"}',
        ),
        now,
      ),
    ).toEqual({ kind: 'burst', waitMs: 3000 });
  });

  it('reads a long Retry-After alone as the daily limit, and without any time waits for the next reset', () => {
    expect(readDigiKeyRefusal(answer(429, { 'retry-after': '7200' }), now)).toEqual({
      kind: 'daily',
      resumesAt: new Date(now + 7_200_000),
    });
    expect(readDigiKeyRefusal(answer(429, { 'x-ratelimit-remaining': '0' }), now)).toEqual({
      kind: 'daily',
      resumesAt: new Date(Date.UTC(2030, 5, 2, 6, 0, 0)),
    });
    expect(readDigiKeyRefusal(answer(429, {}), now)).toEqual({ kind: 'burst', waitMs: 1000 });
  });

  it('counts a 503 with rate-limit headers as a throttle, and a bare 503 as a server error', () => {
    expect(
      readDigiKeyRefusal(answer(503, { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '212' }), now),
    ).toEqual({
      kind: 'burst',
      waitMs: 1000,
    });
    expect(readDigiKeyRefusal(answer(503, { 'content-type': 'application/json' }), now)).toBeUndefined();
  });
});
