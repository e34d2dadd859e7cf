import type { ClientMedia } from '@casting/domain';
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';

/**
 * Download applicant videos, in a client view: shifted upward (spec section 2) so that on a phone it sits clear of
 * the browser's bottom bar. A native dialog keeps the review chunk free of the back office's dialog library.
 */
export function DownloadDialog(props: {
  open: boolean;
  onClose(): void;
  media: readonly ClientMedia[];
  name: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  const files = props.media.filter((item) => item.downloadUrl);
  const videos = files.filter((item) => item.kind === 'video');
  const others = files.filter((item) => item.kind !== 'video');
  return (
    <dialog
      ref={ref}
      aria-labelledby="client-download-title"
      onClose={props.onClose}
      className="fixed inset-x-0 top-[8vh] mx-auto w-[calc(100vw-2rem)] max-w-md rounded-xl border border-line bg-surface p-5 text-ink backdrop:bg-scrim"
    >
      <h2 id="client-download-title" className="text-lg font-semibold">
        Download applicant videos
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{props.name}</p>
      <ul className="mt-4 flex flex-col gap-2">
        {[...videos, ...others].map((item) => (
          <li key={item.id}>
            <a
              className="flex min-h-11 items-center rounded-md border border-line px-3 text-accent underline"
              href={item.downloadUrl!}
              download={item.name}
            >
              Download {item.name}
            </a>
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="mt-4 min-h-11 w-full" onClick={props.onClose}>
        Close
      </Button>
    </dialog>
  );
}
