import type { Fact } from '@casting/domain';
import { cn } from './cn';

/** Labelled facts (a breakdown, a project's key dates) as a description list: two columns from small screens up. */
export function FactsList({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  if (facts.length === 0) return null;
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2', className)}>
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="break-words whitespace-pre-line text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
