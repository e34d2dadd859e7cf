import { useCallback, useRef, useState } from 'react';

/** How far the arrow keys and the step buttons seek, in seconds. */
export const SEEK_STEP_SECONDS = 5;

export interface PlayerState {
  /** Driven by the common controls; an unlinked player is played on its own. */
  linked: boolean;
  muted: boolean;
}

/**
 * The compare view's players, driven together: one play, pause and position for every linked tape. Tapes differ in
 * length, so a position past a tape's end leaves it at its end. Only the first tape has sound at first (four voices
 * at once are noise); each can be muted or unmuted, and focusing a candidate makes theirs the one that is heard.
 */
export function useSyncedPlayers(ids: readonly string[]) {
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const [states, setStates] = useState<Record<string, PlayerState>>(() =>
    Object.fromEntries(ids.map((id, index) => [id, { linked: true, muted: index > 0 }])),
  );
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);

  const stateOf = useCallback(
    (id: string): PlayerState => states[id] ?? { linked: true, muted: ids.indexOf(id) > 0 },
    [states, ids],
  );
  const linkedVideos = useCallback(
    () => [...videos.current.entries()].filter(([id]) => stateOf(id).linked).map(([, video]) => video),
    [stateOf],
  );

  const refreshDuration = useCallback(() => {
    const lengths = linkedVideos()
      .map((video) => video.duration)
      .filter((length) => Number.isFinite(length));
    setDuration(lengths.length > 0 ? Math.max(...lengths) : 0);
  }, [linkedVideos]);

  /** Gives the hook a player element (or takes it away when the element goes). */
  const register = useCallback(
    (id: string) => (video: HTMLVideoElement | null) => {
      if (video) videos.current.set(id, video);
      else videos.current.delete(id);
    },
    [],
  );

  const play = useCallback(() => {
    for (const video of linkedVideos()) {
      if (video.ended || video.currentTime >= video.duration) continue;
      // A refused play (no user gesture yet, a source that failed) leaves that one paused; the others go on.
      void video.play().catch(() => undefined);
    }
    setPlaying(true);
  }, [linkedVideos]);

  const pause = useCallback(() => {
    for (const video of linkedVideos()) video.pause();
    setPlaying(false);
  }, [linkedVideos]);

  const seek = useCallback(
    (seconds: number) => {
      const to = Math.max(0, seconds);
      for (const video of linkedVideos()) {
        video.currentTime = Number.isFinite(video.duration) ? Math.min(to, video.duration) : to;
      }
      setPosition(to);
    },
    [linkedVideos],
  );

  const seekBy = useCallback((delta: number) => seek(position + delta), [seek, position]);

  /** The common position follows the linked tape that plays longest. */
  const onTimeUpdate = useCallback(() => {
    const linked = linkedVideos();
    if (linked.length === 0) return;
    setPosition(Math.max(...linked.map((video) => video.currentTime)));
    if (linked.every((video) => video.paused || video.ended)) setPlaying(false);
  }, [linkedVideos]);

  const update = (id: string, change: Partial<PlayerState>) =>
    setStates((current) => ({ ...current, [id]: { ...stateOf(id), ...change } }));

  const toggleMuted = (id: string) => update(id, { muted: !stateOf(id).muted });
  const toggleLinked = (id: string) => {
    const video = videos.current.get(id);
    const linking = !stateOf(id).linked;
    // A tape linked again joins the others where they are.
    if (linking && video) {
      video.currentTime = Number.isFinite(video.duration) ? Math.min(position, video.duration) : position;
      if (playing) void video.play().catch(() => undefined);
      else video.pause();
    }
    update(id, { linked: linking });
  };
  /** Makes one candidate's tape the one heard. */
  const solo = (id: string) =>
    setStates((current) =>
      Object.fromEntries(
        ids.map((other) => [other, { ...(current[other] ?? stateOf(other)), muted: other !== id }]),
      ),
    );

  return {
    register,
    stateOf,
    playing,
    position,
    duration,
    play,
    pause,
    toggle: () => (playing ? pause() : play()),
    seek,
    seekBy,
    onTimeUpdate,
    onLoadedMetadata: refreshDuration,
    toggleMuted,
    toggleLinked,
    solo,
  };
}

export type SyncedPlayers = ReturnType<typeof useSyncedPlayers>;
