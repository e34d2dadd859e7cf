/**
 * The grid of a link's candidates: a link made from a presentation shows its layout (`cards`: a dense grid of
 * photo, name and facts; `pages`: one large candidate per row, as the PDF's pages), any other link the usual grid.
 */
export function candidateGridClass(layout: 'cards' | 'pages' | null | undefined): string {
  if (layout === 'pages') return 'grid grid-cols-1 gap-6';
  if (layout === 'cards') return 'grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4';
  return 'grid grid-cols-1 gap-3 sm:grid-cols-2';
}
