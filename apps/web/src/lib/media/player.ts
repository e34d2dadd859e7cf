/**
 * Small moves of a video player made from outside its own controls (a notes list, frame keys). Kept apart from
 * components so the player element is changed in one place, never a component's props.
 */

/** Seeks to a moment in milliseconds (within the tape when its length is known). */
export function seekTo(media: HTMLMediaElement, offsetMs: number): void {
  const end = Number.isFinite(media.duration) ? media.duration : Infinity;
  media.currentTime = Math.min(end, Math.max(0, offsetMs / 1000));
}

/** Pauses and moves by a number of seconds (a frame back or forward). */
export function stepBy(media: HTMLMediaElement, seconds: number): void {
  media.pause();
  seekTo(media, (media.currentTime + seconds) * 1000);
}

export function setPlaybackRate(media: HTMLMediaElement, rate: number): void {
  media.playbackRate = rate;
}
