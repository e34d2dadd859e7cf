import { extractErrorMessage, OFFICE_MESSAGES, OFFICE_TEXTS } from '@casting/domain';
import type { Office } from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { HttpError } from '../../lib/http/http-error';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { useSwitchOffice } from './office-switch';
import { currentOfficeQuery, myOfficesQuery, officeKeys } from './offices-api';

interface OfficeProblem {
  title: string;
  message: string;
}

/**
 * Why the session cannot work in an office now, or null: the API refused with OFFICE_REQUIRED (its message says
 * why, e.g. awaiting approval), or the office read back is not active. Any other failure is not the office's and
 * leaves the page to show its own.
 */
export function officeProblem(office: Office | undefined, error: unknown): OfficeProblem | null {
  if (error instanceof HttpError && error.code === 'OFFICE_REQUIRED') {
    const message = extractErrorMessage(error);
    const title =
      message === OFFICE_MESSAGES.awaitingApproval
        ? OFFICE_TEXTS.awaitingApprovalTitle
        : message === OFFICE_MESSAGES.officeNotActive
          ? OFFICE_TEXTS.suspendedTitle
          : OFFICE_TEXTS.noOfficeTitle;
    return { title, message };
  }
  if (error || !office) return null;
  switch (office.status) {
    case 'ACTIVE':
      return null;
    case 'PENDING_APPROVAL':
      return { title: OFFICE_TEXTS.awaitingApprovalTitle, message: OFFICE_MESSAGES.awaitingApproval };
    case 'SUSPENDED':
      return { title: OFFICE_TEXTS.suspendedTitle, message: OFFICE_MESSAGES.officeNotActive };
  }
}

/**
 * Frames the page: when it works in an office (`required`) and the session has no office it may work in, the page
 * gives way to a notice saying why and what to do next (another office of the person's, or an invitation). The page
 * shows while the office is being read, so no page waits for it. Always mounted, so moving between pages that need
 * an office and pages that do not keeps the page's place in the tree.
 */
export function OfficeGate({ required, children }: { required: boolean; children: ReactNode }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const current = useQuery(currentOfficeQuery(http));

  useEffect(
    () =>
      http.subscribeErrors((error) => {
        // Another call refused for want of an office: the office changed since it was read (suspended, or this person
        // removed), so it is read again. Not after a failed read, which is this refusal already.
        if (error.code !== 'OFFICE_REQUIRED') return;
        if (queryClient.getQueryState(officeKeys.current)?.status !== 'success') return;
        void queryClient.invalidateQueries({ queryKey: officeKeys.current });
      }),
    [http, queryClient],
  );

  const problem = required ? officeProblem(current.data, current.error) : null;
  return problem ? <OfficeUnavailable problem={problem} /> : children;
}

function OfficeUnavailable({ problem }: { problem: OfficeProblem }) {
  const http = useHttpClient();
  const mine = useQuery(myOfficesQuery(http));
  const switcher = useSwitchOffice();
  const others = (mine.data ?? []).filter((office) => !office.current && office.status === 'ACTIVE');
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 py-10 text-center">
      <h1 className="text-2xl font-semibold text-ink">{problem.title}</h1>
      <p className="text-ink-muted">{problem.message}</p>
      {others.length > 0 ? (
        <div className="flex flex-col items-center gap-2">
          <h2 className="text-base font-semibold text-ink">{OFFICE_TEXTS.workInAnotherOffice}</h2>
          <ul className="flex flex-col gap-2">
            {others.map((office) => (
              <li key={office.id}>
                <Button
                  variant="secondary"
                  disabled={switcher.isPending}
                  onClick={() => switcher.mutate(office.id)}
                >
                  {OFFICE_TEXTS.workIn(office.name)}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">{OFFICE_TEXTS.askForInvitation}</p>
      )}
    </section>
  );
}
