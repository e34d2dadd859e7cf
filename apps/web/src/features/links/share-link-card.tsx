import {
  COPIED_LABEL_MS,
  MESSAGES,
  QR_FILE_NAME,
  QR_PRINT_FILE_NAME,
  QR_PRINT_SIZE,
  QR_SIZE,
  QR_SVG_FILE_NAME,
} from '@casting/domain';
import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useRef, useState } from 'react';
import { copyLink } from '../../lib/clipboard/copy-text';
import { Button } from '../../ui/button';

export interface ShareLinkCardProps {
  /** The full public address talent opens. */
  url: string;
  /** What the link is called, for the QR image's accessible name. */
  title: string;
}

function save(href: string, fileName: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Saves a drawn QR code as a PNG file. */
function downloadCanvas(canvas: HTMLCanvasElement, fileName: string) {
  save(canvas.toDataURL('image/png'), fileName);
}

/** Saves the vector QR code as a standalone SVG file (with its XML declaration and namespace). */
function downloadSvg(svg: SVGSVGElement, fileName: string) {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.removeAttribute('aria-hidden');
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  save(url, fileName);
  // The download has its own copy once started; the address is let go on the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The share-link card: the link's QR code (172 px; activating it downloads it as QR_Code.png), the print versions
 * (a 1024 px PNG and an SVG), the address itself, and Copy Link, which reads 'Copied' for 1.5 s after a successful
 * copy.
 */
export function ShareLinkCard({ url, title }: ShareLinkCardProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const printRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
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
          if (canvasRef.current) downloadCanvas(canvasRef.current, QR_FILE_NAME);
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
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-ink-muted">For print:</span>
          <Button
            variant="secondary"
            className="min-h-9 px-3 text-xs"
            onClick={() => {
              if (printRef.current) downloadCanvas(printRef.current, QR_PRINT_FILE_NAME);
            }}
          >
            Download PNG for print
          </Button>
          <Button
            variant="secondary"
            className="min-h-9 px-3 text-xs"
            onClick={() => {
              if (svgRef.current) downloadSvg(svgRef.current, QR_SVG_FILE_NAME);
            }}
          >
            Download SVG
          </Button>
        </div>
      </div>
      {/* The print versions are drawn off screen: only the 172 px code is shown. */}
      <div hidden>
        <QRCodeCanvas ref={printRef} value={url} size={QR_PRINT_SIZE} marginSize={4} aria-hidden="true" />
        <QRCodeSVG ref={svgRef} value={url} size={QR_PRINT_SIZE} marginSize={4} aria-hidden="true" />
      </div>
    </div>
  );
}
