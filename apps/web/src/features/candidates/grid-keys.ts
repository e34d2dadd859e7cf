/**
 * Where a key moves the focus in the headshot grid: the arrows across rows and columns, Home and End to the ends of
 * a row, Page Up and Page Down by a screenful of rows. Null for a key the grid leaves alone. The grid is read in
 * rows of `columns` cards; moving down from the last full row lands on the last card rather than nowhere.
 */
export function gridFocusTarget(
  index: number,
  key: string,
  columns: number,
  count: number,
  pageRows = 3,
): number | null {
  if (count === 0) return null;
  const cols = Math.max(1, columns);
  const last = count - 1;
  const rowStart = index - (index % cols);
  let next: number;
  switch (key) {
    case 'ArrowRight':
      next = index + 1;
      break;
    case 'ArrowLeft':
      next = index - 1;
      break;
    case 'ArrowDown':
      if (index + cols > last) return rowStart + cols <= last ? last : index;
      next = index + cols;
      break;
    case 'ArrowUp':
      next = index - cols;
      break;
    case 'PageDown':
      next = Math.min(last, index + cols * pageRows);
      break;
    case 'PageUp':
      next = Math.max(index % cols, index - cols * pageRows);
      break;
    case 'Home':
      next = rowStart;
      break;
    case 'End':
      next = Math.min(last, rowStart + cols - 1);
      break;
    default:
      return null;
  }
  return next < 0 || next > last ? index : next;
}

/** How many cards fit side by side in a grid this wide (at least one, at most six). */
export function gridColumns(width: number, minCardWidth = 176): number {
  if (!(width > 0)) return 4;
  return Math.min(6, Math.max(1, Math.floor(width / minCardWidth)));
}

/** Whether a key press comes from inside the headshot grid, which moves its focus with the arrows itself. */
export function ownsArrows(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-own-arrows]') !== null;
}
