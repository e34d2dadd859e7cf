import { COMPARE_TEXTS } from '@casting/domain';
import { Button } from '../../ui/button';
import { Kbd } from '../../ui/kbd';
import { SEEK_STEP_SECONDS } from './use-synced-players';
import type { SyncedPlayers } from './use-synced-players';

/** "1:07" */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The one set of controls that drives every linked tape: play or pause, a step back and forward, the position. */
export function CommonControls({ players }: { players: SyncedPlayers }) {
  return (
    <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface p-2">
      <Button onClick={players.toggle} aria-keyshortcuts="Space" className="min-w-28">
        {players.playing ? COMPARE_TEXTS.pauseAll : COMPARE_TEXTS.playAll} <Kbd>Space</Kbd>
      </Button>
      <Button
        variant="ghost"
        onClick={() => players.seekBy(-SEEK_STEP_SECONDS)}
        aria-label={COMPARE_TEXTS.back5}
        aria-keyshortcuts="ArrowLeft"
      >
        <span aria-hidden="true">«</span> <Kbd>←</Kbd>
      </Button>
      <input
        type="range"
        aria-label={COMPARE_TEXTS.seekAll}
        aria-valuetext={`${clock(players.position)} of ${clock(players.duration)}`}
        min={0}
        max={Math.max(players.duration, 0.1)}
        step={0.1}
        value={Math.min(players.position, Math.max(players.duration, 0.1))}
        onChange={(event) => players.seek(Number(event.target.value))}
        className="min-w-32 flex-1 accent-brand-700"
      />
      <span className="text-sm text-ink-muted tabular-nums" aria-hidden="true">
        {clock(players.position)} / {clock(players.duration)}
      </span>
      <Button
        variant="ghost"
        onClick={() => players.seekBy(SEEK_STEP_SECONDS)}
        aria-label={COMPARE_TEXTS.forward5}
        aria-keyshortcuts="ArrowRight"
      >
        <span aria-hidden="true">»</span> <Kbd>→</Kbd>
      </Button>
      <p className="w-full text-xs text-ink-muted">{COMPARE_TEXTS.keys}</p>
    </div>
  );
}
