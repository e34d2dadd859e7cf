import type { ReactNode } from 'react';
import { cn } from './cn';

export interface EmptyStateProps {
  title: string;
  /** What to do next, in one sentence. */
  description?: string;
  /** The button that does it. */
  action?: ReactNode;
  className?: string;
}

/** An empty list that says what to do next, with the button to do it (not just "Nothing here"). */
export function EmptyState({ title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-2 rounded-xl border border-dashed border-line-strong bg-surface px-6 py-10 text-center',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mb-1 size-8 text-brand-600" fill="none">
        <path d="M4 7h16M4 12h10M4 17h7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <p className="text-base font-semibold text-ink">{title}</p>
      {description ? <p className="max-w-md text-sm text-ink-muted">{description}</p> : null}
      {action ? <div className="mt-3 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
