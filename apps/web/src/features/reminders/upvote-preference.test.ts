import { describe, expect, it } from 'vitest';
import { neverRemind, readUpvotePreference, remindLater, shouldRemind } from './upvote-preference';

/** Where the preference lives and how long a snooze lasts, as the product states them (not read from the code). */
const KEY = 'upvotePreference';
const DAY_MS = 24 * 60 * 60 * 1000;

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('the reminder to vote on new submissions', () => {
  it('reminds when nothing was chosen', () => {
    expect(shouldRemind(readUpvotePreference(memoryStorage()), Date.now())).toBe(true);
  });

  it("'don't remind for a day' silences it for exactly 24 hours, under upvotePreference", () => {
    const storage = memoryStorage();
    const now = Date.UTC(2026, 10, 24, 12);
    remindLater(storage, now);
    expect(storage.values.has(KEY)).toBe(true);
    const preference = readUpvotePreference(storage);
    expect(shouldRemind(preference, now + DAY_MS - 1)).toBe(false);
    expect(shouldRemind(preference, now + DAY_MS)).toBe(true);
  });

  it("'never' silences it for good", () => {
    const storage = memoryStorage();
    neverRemind(storage);
    expect(shouldRemind(readUpvotePreference(storage), Date.now() + 10 * DAY_MS)).toBe(false);
  });

  it('treats an unreadable value as no preference', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, '{not json');
    expect(readUpvotePreference(storage)).toEqual({ kind: 'none' });
  });
});
