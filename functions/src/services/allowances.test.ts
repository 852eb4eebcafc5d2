import { describe, expect, it } from 'vitest';
import { roomInWindow, secondsUntilRoom } from './allowances';

describe('sliding allowance windows', () => {
  it('carries the previous window in by how much of it is still within the last span', () => {
    // All 10 used at the very end of the last minute: none left at the start of this one.
    expect(roomInWindow(10, 10, 0, 60)).toBe(0);
    expect(roomInWindow(10, 10, 30, 60)).toBe(5);
    expect(roomInWindow(10, 10, 59, 60)).toBe(10);
    expect(roomInWindow(10, 0, 0, 60)).toBe(10);
    // A part of a write still weighs: 9 carried at 0.5 is 4.5, so 5 more would make 9.5 < 10.
    expect(roomInWindow(10, 9, 30, 60)).toBe(6);
  });

  it('says when there is room again', () => {
    // Full now, nothing before: one second into the next window.
    expect(secondsUntilRoom(5, { previous: 0, current: 5 }, 20, 60)).toBe(41);
    // Room comes back within this window as the previous one weighs less: 10 * (60 - 30 - t) / 60 < 5 - 0 at t > 0.
    expect(secondsUntilRoom(5, { previous: 10, current: 0 }, 0, 60)).toBe(31);
    // Never less than a second.
    expect(secondsUntilRoom(5, { previous: 10, current: 0 }, 59, 60)).toBe(1);
    // Over the limit (a lower limit set meanwhile): later into the next window.
    expect(secondsUntilRoom(5, { previous: 0, current: 10 }, 50, 60)).toBe(10 + 31);
  });

  it('never lets the sliding count reach the limit, wherever the window stands', () => {
    for (let previous = 0; previous <= 20; previous++)
      for (let elapsed = 0; elapsed < 60; elapsed++) {
        const room = roomInWindow(10, previous, elapsed, 60);
        if (room > 0) expect(previous * ((60 - elapsed) / 60) + (room - 1)).toBeLessThan(10);
        // A use beyond the room would find the sliding count at the limit.
        expect(previous * ((60 - elapsed) / 60) + Math.max(room, 0)).toBeGreaterThanOrEqual(10);
      }
  });
});
