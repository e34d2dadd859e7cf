import { REMINDER_SNOOZE_MS, UPVOTE_PREFERENCE_KEY } from '@casting/domain';

/**
 * The person's answer to the reminder to vote on new submissions, kept in this browser under the key
 * UPVOTE_PREFERENCE_KEY: 'don't remind for a day' silences it for REMINDER_SNOOZE_MS (24 hours), 'never' for good.
 * Stored as `{"until": <epoch ms>}` or `"never"`; anything unreadable counts as no preference.
 */

export type UpvotePreference = { kind: 'none' } | { kind: 'snoozed'; until: number } | { kind: 'never' };

export function readUpvotePreference(storage: Pick<Storage, 'getItem'> | null): UpvotePreference {
  try {
    const raw = storage?.getItem(UPVOTE_PREFERENCE_KEY);
    if (!raw) return { kind: 'none' };
    const value: unknown = JSON.parse(raw);
    if (value === 'never') return { kind: 'never' };
    if (value && typeof value === 'object' && typeof (value as { until?: unknown }).until === 'number') {
      return { kind: 'snoozed', until: (value as { until: number }).until };
    }
  } catch {
    // An unreadable value (another version, a hand edit) is no preference.
  }
  return { kind: 'none' };
}

export function shouldRemind(preference: UpvotePreference, now: number): boolean {
  if (preference.kind === 'never') return false;
  if (preference.kind === 'snoozed') return now >= preference.until;
  return true;
}

export function remindLater(storage: Pick<Storage, 'setItem'> | null, now: number): UpvotePreference {
  const preference = { kind: 'snoozed', until: now + REMINDER_SNOOZE_MS } as const;
  storage?.setItem(UPVOTE_PREFERENCE_KEY, JSON.stringify({ until: preference.until }));
  return preference;
}

export function neverRemind(storage: Pick<Storage, 'setItem'> | null): UpvotePreference {
  storage?.setItem(UPVOTE_PREFERENCE_KEY, JSON.stringify('never'));
  return { kind: 'never' };
}
