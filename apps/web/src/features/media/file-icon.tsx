import { fileExtension, VIEWER_ICON_EXTENSIONS } from '@casting/domain';
import { cn } from '../../ui/cn';

const TONE: Record<string, string> = {
  pdf: 'bg-danger text-white',
  doc: 'bg-info text-white',
  docx: 'bg-info text-white',
  rtf: 'bg-info text-white',
  txt: 'bg-ink-muted text-surface',
  xls: 'bg-success text-white',
  xlsx: 'bg-success text-white',
  ppt: 'bg-warning text-white',
  pptx: 'bg-warning text-white',
};

/** The icon key for a file name or MIME subtype: quicktime maps to mov. */
export function iconKey(nameOrType: string): string {
  const ext = fileExtension(nameOrType) || nameOrType.toLowerCase();
  const key = ext === 'quicktime' ? 'mov' : ext;
  return VIEWER_ICON_EXTENSIONS.has(key) ? key : 'file';
}

/** A document-shaped badge with the extension on it; decorative, the file name beside it carries the meaning. */
export function FileIcon({ name, className }: { name: string; className?: string }) {
  const key = iconKey(name);
  return (
    <span
      aria-hidden="true"
      data-icon={key}
      className={cn(
        'inline-flex aspect-[3/4] w-12 items-end justify-center rounded-md border border-line pb-1 text-[10px] font-bold uppercase',
        TONE[key] ?? 'bg-canvas text-ink-muted',
        className,
      )}
    >
      {key === 'file' ? '' : key}
    </span>
  );
}
