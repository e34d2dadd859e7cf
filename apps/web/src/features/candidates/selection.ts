/**
 * The rows a person has picked for a bulk action. A click toggles one row and becomes the anchor; a shift-click
 * picks every row from the anchor to the clicked one (as in a file manager), keeping what was already picked.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

export function toggle(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

export function selectRange(selection: Selection, order: readonly string[], id: string): Selection {
  const to = order.indexOf(id);
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  if (to === -1) return selection;
  if (from === -1) return toggle(selection, id);
  const [start, end] = from <= to ? [from, to] : [to, from];
  const ids = new Set(selection.ids);
  for (const rowId of order.slice(start, end + 1)) ids.add(rowId);
  return { ids, anchor: id };
}

export function selectAll(order: readonly string[]): Selection {
  return { ids: new Set(order), anchor: order.at(-1) ?? null };
}

/** The picked rows in list order, leaving out rows no longer in the list (moved away by a colleague). */
export function selectedInOrder(selection: Selection, order: readonly string[]): string[] {
  return order.filter((id) => selection.ids.has(id));
}
