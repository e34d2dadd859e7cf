/** 7000 ms as a tape's clock reads it: '0:07' (and '1:02:03' past an hour). */
export function formatOffsetText(offsetMs: number): string {
  const total = Math.floor(offsetMs / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
