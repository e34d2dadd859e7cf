import type { ReactNode } from 'react';

/** A titled group of the apply form's fields. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-base font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

/** An optional group, folded until opened so the required fields come first on a phone. */
export function Details({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-line bg-surface">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between px-4 text-base font-semibold text-ink">
        {title} <span className="text-sm font-normal text-ink-muted">(optional)</span>
      </summary>
      <div className="border-t border-line p-4">{children}</div>
    </details>
  );
}
