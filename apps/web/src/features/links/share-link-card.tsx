import { COPIED_LABEL_MS, MESSAGES, QR_FILE_NAME, QR_SIZE } from '@casting/domain';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useId, useRef, useState } from 'react';
import { copyLink } from '../../lib/clipboard/copy-text';
import { Button } from '../../ui/button';

export interface ShareLinkCardProps {
  /** The full public address talent opens. */
  url: string;
  /** What the link is called, for the QR image's accessible name. */
  title: string;
}

/** Saves the drawn QR code as a PNG named QR_Code.png. */
function downloadCanvas(canvas: HTMLCanvasElement) {
  const anchor = document.createElement('a');
  anchor.href = canvas.toDataURL('image/png');
  anchor.download = QR_FILE_NAME;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The share-link card: the link's QR code (172 px; activating it downloads it as QR_Code.png), the
 * address itself, and Copy Link, which reads 'Copied' for 1.5 s after a successful copy.
 */
export function ShareLinkCard({ url, title }: ShareLinkCardProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [copied, setCopied] = useState(false);
  const urlId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-start">
      <button
        type="button"
        className="shrink-0 rounded-md border border-line bg-white p-2 hover:border-brand-600"
        aria-label={`Download the QR code of ${title} as ${QR_FILE_NAME}`}
        onClick={() => {
          if (canvasRef.current) downloadCanvas(canvasRef.current);
        }}
      >
        <QRCodeCanvas ref={canvasRef} value={url} size={QR_SIZE} marginSize={1} aria-hidden="true" />
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-sm font-medium text-ink">Share this link with talent</p>
        <p
          id={urlId}
          className="rounded-md border border-line bg-canvas px-3 py-2 font-mono text-xs break-all text-ink"
        >
          {url}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            aria-describedby={urlId}
            onClick={() => {
              void copyLink(url).then((outcome) => setCopied(outcome === 'copied'));
            }}
          >
            {copied ? MESSAGES.copied : MESSAGES.copyLink}
          </Button>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-brand-800 underline"
          >
            Open the apply page
          </a>
        </div>
        <p className="text-xs text-ink-muted">Select the QR code to download it as {QR_FILE_NAME}.</p>
      </div>
    </div>
  );
}
