/**
 * Opens or closes a native <dialog> as a modal. Browsers without `showModal` (old ones, and the test DOM) get
 * the open attribute instead: the content still shows, without the inert backdrop.
 */
export function setModalOpen(dialog: HTMLDialogElement | null, open: boolean): void {
  if (!dialog) return;
  if (open && !dialog.open) {
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }
  if (!open && dialog.open) {
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
  }
}
