/**
 * The player volume a person last chose, kept in this browser's local storage, so the next candidate's tape starts
 * as loud as the last one ended instead of at full volume. Storage may be unavailable (private mode, a full quota):
 * then nothing is remembered and players keep their defaults.
 */
const KEY = 'player:volume';

export interface RememberedVolume {
  volume: number;
  muted: boolean;
}

export function readVolume(): RememberedVolume | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<RememberedVolume>;
    if (typeof parsed.volume !== 'number' || parsed.volume < 0 || parsed.volume > 1) return null;
    return { volume: parsed.volume, muted: parsed.muted === true };
  } catch {
    return null;
  }
}

export function rememberVolume(value: RememberedVolume): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Not remembered: the next tape starts at the player's default.
  }
}

/** Applies the remembered volume to a player and remembers every change made to it; returns the unsubscribe. */
export function keepVolume(media: HTMLMediaElement): () => void {
  const known = readVolume();
  if (known) {
    media.volume = known.volume;
    media.muted = known.muted;
  }
  const onChange = () => rememberVolume({ volume: media.volume, muted: media.muted });
  media.addEventListener('volumechange', onChange);
  return () => media.removeEventListener('volumechange', onChange);
}
