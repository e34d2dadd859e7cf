import { useEffect, useState } from 'react';
import { NOTE_TEXTS } from '@casting/domain';
import { isTyping } from '../../lib/keyboard/is-typing';
import { setPlaybackRate, stepBy } from '../../lib/media/player';
import { keepVolume } from '../../lib/media/remembered-volume';

/** The speeds a reviewer may play a tape at. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/**
 * One frame: browsers do not tell a video's frame rate, and self-tapes are shot at 24 to 30 frames a second, so a
 * step of 1/30 s lands on the next frame or the one after, never skips a second.
 */
const FRAME_SECONDS = 1 / 30;

const CONTROL = 'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-white/10';

/**
 * Under a tape in the viewer: playback speed (0.5x to 2x), a frame back and forward (the tape pauses), and the volume
 * the person last chose, remembered across candidates. Keys: `,` and `.` step a frame, `[` and `]` change the speed.
 */
export function PlayerControls({ video }: { video: HTMLVideoElement | null }) {
  const [rate, setRate] = useState<number>(1);
  useEffect(() => {
    if (video) setPlaybackRate(video, rate);
  }, [video, rate]);
  useEffect(() => (video ? keepVolume(video) : undefined), [video]);

  useEffect(() => {
    if (!video) return undefined;
    const step = (frames: number) => stepBy(video, frames * FRAME_SECONDS);
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const at = PLAYBACK_RATES.indexOf(video.playbackRate as (typeof PLAYBACK_RATES)[number]);
      const actions: Record<string, () => void> = {
        ',': () => step(-1),
        '.': () => step(1),
        '[': () => setRate(PLAYBACK_RATES[Math.max(0, (at < 0 ? 2 : at) - 1)]!),
        ']': () => setRate(PLAYBACK_RATES[Math.min(PLAYBACK_RATES.length - 1, (at < 0 ? 2 : at) + 1)]!),
      };
      const action = actions[event.key];
      if (action) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [video]);

  const frame = (frames: number) => {
    if (video) stepBy(video, frames * FRAME_SECONDS);
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-white" data-testid="player-controls">
      <label className="flex items-center gap-2">
        {NOTE_TEXTS.speed}
        <select
          value={rate}
          onChange={(event) => setRate(Number(event.target.value))}
          className="min-h-10 rounded-md border border-white/30 bg-black px-2 text-white"
        >
          {PLAYBACK_RATES.map((value) => (
            <option key={value} value={value}>
              {`${value}x`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={CONTROL} aria-keyshortcuts="," onClick={() => frame(-1)}>
        {NOTE_TEXTS.frameBack}
      </button>
      <button type="button" className={CONTROL} aria-keyshortcuts="." onClick={() => frame(1)}>
        {NOTE_TEXTS.frameForward}
      </button>
    </div>
  );
}
