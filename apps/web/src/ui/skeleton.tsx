import { cn } from './cn';

/** A grey block standing in for content of the same shape while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-line/70', className)} />;
}

/**
 * A list of placeholder cards shaped like the rows that will arrive (title line, facts line),
 * announced once to assistive technology through its label.
 */
export function SkeletonList({
  label,
  rows = 4,
  plain = false,
  className,
}: {
  label: string;
  rows?: number;
  /** Rows divided by lines, for a list inside a panel that has its own border (team, sessions, folders). */
  plain?: boolean;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn(plain ? 'flex flex-col divide-y divide-line' : 'flex flex-col gap-3', className)}
    >
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className={plain ? 'py-3' : 'rounded-xl border border-line bg-surface p-4'}
        >
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="mt-3 h-3 w-4/5" />
          <Skeleton className="mt-2 h-3 w-1/4" />
        </div>
      ))}
    </div>
  );
}
