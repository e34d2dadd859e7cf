import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionTimer } from './session-timer';
import type { SessionSnapshot, SessionTimerOptions, SharedActivity } from './session-timer';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DURATION = 240 * MINUTE;

function setup(overrides: Partial<SessionTimerOptions> = {}) {
  const changes: SessionSnapshot[] = [];
  const onExpire = vi.fn();
  const extend = vi.fn(() => Promise.resolve());
  const timer = createSessionTimer({
    durationMs: DURATION,
    onChange: (snapshot) => changes.push(snapshot),
    onExpire,
    extend,
    ...overrides,
  });
  const phase = () => timer.snapshot().phase;
  return { timer, changes, onExpire, extend, phase };
}

describe('session timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns in the last 2 minutes, noticed by the 30 s check, and expires at the end', () => {
    const { phase, onExpire, timer } = setup();

    // 237:30 idle: 2:30 left, more than the 2-minute warning.
    vi.advanceTimersByTime(237 * MINUTE + 30 * SECOND);
    expect(phase()).toBe('active');
    // The next 30 s check, at 238:00, finds exactly 2 minutes left.
    vi.advanceTimersByTime(30 * SECOND);
    expect(phase()).toBe('warning');
    expect(timer.snapshot().remainingMs).toBe(2 * MINUTE);
    expect(onExpire).not.toHaveBeenCalled();

    vi.advanceTimersByTime(2 * MINUTE - SECOND);
    expect(phase()).toBe('warning');
    expect(timer.snapshot().remainingMs).toBe(SECOND);
    vi.advanceTimersByTime(SECOND);
    expect(phase()).toBe('expired');
    expect(onExpire).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(10 * MINUTE);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('ticks the warning countdown each second', () => {
    const { changes } = setup();

    vi.advanceTimersByTime(238 * MINUTE);
    const before = changes.length;
    vi.advanceTimersByTime(5 * SECOND);

    expect(changes.slice(before).map((change) => change.remainingMs)).toEqual(
      expect.arrayContaining([115 * SECOND, 116 * SECOND, 117 * SECOND, 118 * SECOND, 119 * SECOND]),
    );
  });

  it('counts activity at most once per 5 s', () => {
    const { timer } = setup();

    vi.advanceTimersByTime(10 * SECOND);
    timer.recordActivity(); // counts: t = 10 s
    vi.advanceTimersByTime(4 * SECOND);
    timer.recordActivity(); // t = 14 s, within 5 s of the last: ignored
    expect(timer.snapshot().remainingMs).toBe(DURATION - 4 * SECOND);
    vi.advanceTimersByTime(SECOND);
    timer.recordActivity(); // t = 15 s: counts
    expect(timer.snapshot().remainingMs).toBe(DURATION);
  });

  it('keeps an active person signed in', () => {
    const { timer, phase, onExpire } = setup();

    for (let minute = 0; minute < 600; minute += 1) {
      vi.advanceTimersByTime(MINUTE);
      timer.recordActivity();
    }

    expect(phase()).toBe('active');
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('ignores passive activity once the warning shows; Stay signed in extends at once', async () => {
    const { timer, phase, extend } = setup();

    vi.advanceTimersByTime(238 * MINUTE + 30 * SECOND);
    timer.recordActivity();
    expect(phase()).toBe('warning');

    await timer.staySignedIn();

    expect(phase()).toBe('active');
    expect(timer.snapshot().remainingMs).toBe(DURATION);
    expect(extend).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * MINUTE);
    expect(phase()).toBe('active');
  });

  it('extends every 90 s check only when the last extension is 15 min old and there was activity since', () => {
    const { timer, extend } = setup();

    // Active all along, but the first 15 minutes after start need no extension.
    for (let second = 0; second < 14 * 60; second += 30) {
      vi.advanceTimersByTime(30 * SECOND);
      timer.recordActivity();
    }
    expect(extend).not.toHaveBeenCalled();

    // At the first 90 s check at or after 15:00 (15:00 itself), it extends.
    vi.advanceTimersByTime(60 * SECOND);
    expect(extend).toHaveBeenCalledTimes(1);

    // No activity after that extension: no further extension, however long it waits.
    vi.advanceTimersByTime(30 * MINUTE);
    expect(extend).toHaveBeenCalledTimes(1);

    // Activity again: the next 90 s check extends (the last one is over 15 minutes old).
    timer.recordActivity();
    vi.advanceTimersByTime(90 * SECOND);
    expect(extend).toHaveBeenCalledTimes(2);
  });

  it('does not extend without activity after the last extension', () => {
    const { extend } = setup();

    vi.advanceTimersByTime(200 * MINUTE);

    expect(extend).not.toHaveBeenCalled();
  });

  it('reports a failed extension without stopping', async () => {
    const onExtendFailed = vi.fn();
    const { timer, phase } = setup({
      extend: () => Promise.reject(new Error('offline')),
      onExtendFailed,
    });

    vi.advanceTimersByTime(15 * MINUTE);
    timer.recordActivity();
    await vi.advanceTimersByTimeAsync(90 * SECOND);

    expect(onExtendFailed).toHaveBeenCalledWith(new Error('offline'));
    expect(phase()).toBe('active');
  });

  it("takes the server's duration and checks against it at once", () => {
    const { timer, phase } = setup();

    vi.advanceTimersByTime(5 * MINUTE);
    timer.setDuration(6 * MINUTE);

    expect(phase()).toBe('warning');
    expect(timer.snapshot().remainingMs).toBe(MINUTE);
  });

  it('expires at once when the page wakes up past the limit (closed laptop)', () => {
    const { timer, onExpire } = setup();

    vi.setSystemTime(Date.now() + 5 * 60 * MINUTE);
    timer.check();

    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("counts another tab's activity, and leaves the warning when that tab is active", () => {
    let sharedAt: number | null = null;
    const shared: SharedActivity = { read: () => sharedAt, write: (at) => (sharedAt = at) };
    const { timer, phase } = setup({ shared });

    vi.advanceTimersByTime(238 * MINUTE + 30 * SECOND);
    expect(phase()).toBe('warning');
    sharedAt = Date.now();
    vi.advanceTimersByTime(SECOND);

    expect(phase()).toBe('active');
    timer.stop();
  });

  it('writes its own activity for the other tabs', () => {
    const write = vi.fn();
    const { timer } = setup({ shared: { read: () => null, write } });

    vi.advanceTimersByTime(6 * SECOND);
    timer.recordActivity();

    expect(write).toHaveBeenCalledWith(Date.now());
  });

  it('stops all its timers', () => {
    const { timer, onExpire, extend } = setup();

    timer.stop();
    vi.advanceTimersByTime(10 * 60 * MINUTE);

    expect(onExpire).not.toHaveBeenCalled();
    expect(extend).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
