import type { ReactNode } from 'react';

/** The client-view layout: one column, phone first (375 px), no back-office navigation. */
export function ReviewFrame({ children, heading }: { children: ReactNode; heading?: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col gap-4 px-4 py-4 sm:py-8">
      {heading ? <header className="flex flex-col gap-1">{heading}</header> : null}
      {children}
    </div>
  );
}

/** A page in place of the review when the link cannot be used (unknown, revoked, expired). */
export function ReviewNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ReviewFrame>
      <section className="flex flex-col items-center gap-3 py-16 text-center">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        <p className="max-w-md text-base text-ink-muted">{children}</p>
      </section>
    </ReviewFrame>
  );
}

export function LinkUnavailable({ reason }: { reason: 'REVOKED' | 'EXPIRED' | 'UNKNOWN' }) {
  if (reason === 'REVOKED') {
    return (
      <ReviewNotice title="This review link has been turned off">
        The casting team turned this link off. If you still need to review these candidates, ask them for a
        new link.
      </ReviewNotice>
    );
  }
  if (reason === 'EXPIRED') {
    return (
      <ReviewNotice title="This review link has expired">
        The link was open until a date that has passed. Ask the casting team for a new one.
      </ReviewNotice>
    );
  }
  return (
    <ReviewNotice title="This review link does not exist">
      Check that you opened the address exactly as you received it.
    </ReviewNotice>
  );
}
