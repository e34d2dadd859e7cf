// MESSAGES, not the links contract's LINK_MESSAGES: that module brings zod into the apply entry's first download.
import { MESSAGES } from '@casting/domain';
import { PATTERNS } from '../../lib/routing/patterns';
import type { ReactNode } from 'react';

/** The public pages' frame: one readable column, full width on a phone. */
export function ApplyFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:py-10">
      {children}
      {/* Every public page links the terms and privacy pages (plain links: the entry has no router). */}
      <footer className="flex flex-wrap justify-center gap-4 border-t border-line pt-4 text-sm">
        <a href={PATTERNS.terms} className="text-ink-muted underline underline-offset-2">
          {MESSAGES.termsTitle}
        </a>
        <a href={PATTERNS.privacy} className="text-ink-muted underline underline-offset-2">
          {MESSAGES.privacyTitle}
        </a>
      </footer>
    </div>
  );
}

/** A clear page in place of a form that could not work (closed, expired, unknown link). */
export function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col items-center gap-3 py-12 text-center">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      <p className="max-w-md text-base text-ink-muted">{children}</p>
    </section>
  );
}
