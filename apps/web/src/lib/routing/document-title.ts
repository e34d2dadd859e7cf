import { useEffect, useSyncExternalStore } from 'react';

/**
 * The browser tab names the page, and on a record's page the record first, so a row of tabs reads
 * 'Harbor Lights — Candidates · Casting', 'Users · Casting'. The route gives the section; the page
 * that has loaded a record (a project) names it through `useTitleSubject`.
 */
export const PRODUCT_NAME = 'Casting';

export function documentTitle(section: string | null, subject: string | null): string {
  const page = [subject, section].filter(Boolean).join(' — ');
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

let subject: string | null = null;
const listeners = new Set<() => void>();

function setSubject(next: string | null): void {
  if (subject === next) return;
  subject = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the record the page shows (while mounted); the tab title puts it before the section. */
export function useTitleSubject(name: string | null): void {
  useEffect(() => {
    setSubject(name);
    return () => setSubject(null);
  }, [name]);
}

/** Keeps document.title in step with the route's section and the page's subject. */
export function useDocumentTitle(section: string | null): void {
  const current = useSyncExternalStore(
    subscribe,
    () => subject,
    () => null,
  );
  useEffect(() => {
    document.title = documentTitle(section, current);
  }, [section, current]);
}
