import { cn } from './cn';

/** The product's mark: a spotlight over a stage, in the accent colour (the favicon is the same drawing). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="var(--accent)" />
      <path d="M11.5 11.5 25 23.5h-9z" fill="#fff" fillOpacity=".38" />
      <circle cx="10" cy="10" r="4" fill="#fff" />
      <rect x="7" y="23" width="18" height="3" rx="1.5" fill="#fff" />
    </svg>
  );
}

/** Mark and name; `compact` keeps only the mark (collapsed sidebar), the name stays for screen readers. */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className={cn('text-lg font-semibold tracking-tight text-ink', compact && 'sr-only')}>
        Casting
      </span>
    </span>
  );
}
