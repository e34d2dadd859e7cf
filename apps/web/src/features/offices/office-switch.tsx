import { extractErrorMessage, OFFICE_TEXTS } from '@casting/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, Fragment, use, useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { formatMoment } from '../../lib/format/moment';
import { toast } from '../../lib/toast/toast';
import { acceptInvitation, switchOffice } from './offices-api';
import { endSupportSession, startSupportSession } from './operator-api';

const OfficeChanged = createContext<(() => void) | null>(null);

/**
 * Everything under it shows one office. When the session moves to another office, every cached answer is dropped
 * and everything under it mounts afresh: pages, the command palette, searches typed so far and live-channel
 * subscriptions all start over in the new office, so nothing read in the previous one can show or refetch there.
 * A remount rather than invalidation, because a component that stayed mounted would keep the answer it already has.
 */
export function OfficeBoundary({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [epoch, setEpoch] = useState(0);
  const changed = useCallback(() => {
    // Only the queries: the mutation that switched is still settling, and its callbacks must run.
    queryClient.getQueryCache().clear();
    setEpoch((value) => value + 1);
  }, [queryClient]);
  return (
    <OfficeChanged value={changed}>
      <Fragment key={epoch}>{children}</Fragment>
    </OfficeChanged>
  );
}

/** What to call once the session works in another office (outside a boundary: drop the cached answers). */
function useOfficeChanged(): () => void {
  const changed = use(OfficeChanged);
  const queryClient = useQueryClient();
  return changed ?? (() => queryClient.getQueryCache().clear());
}

/**
 * Moves the session to another office, then starts over on the projects page. What to say afterwards is said here:
 * the component that asked is gone by then.
 */
export function useSwitchOffice() {
  const http = useHttpClient();
  const officeChanged = useOfficeChanged();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (officeId: string) => switchOffice(http, officeId),
    onSuccess: (entered) => {
      void navigate(paths.projects);
      officeChanged();
      toast.success(OFFICE_TEXTS.switchedTo(entered.name));
    },
    // The server's reason (not a member any more, office suspended) is what the person needs to read.
    onError: (error) => toast.error(extractErrorMessage(error)),
  });
}

/** Accepts an office invitation and goes to work in the office just joined (the session is moved there by the API). */
export function useAcceptInvitation() {
  const http = useHttpClient();
  const officeChanged = useOfficeChanged();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (token: string) => acceptInvitation(http, token),
    onSuccess: (office) => {
      void navigate(paths.projects);
      officeChanged();
      toast.success(OFFICE_TEXTS.joinedOffice(office.name));
    },
  });
}

/**
 * The operator starts working in an office that grants support access, and goes to its projects; everything read
 * before belongs to the operator's own office.
 */
export function useStartSupportSession() {
  const http = useHttpClient();
  const officeChanged = useOfficeChanged();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (officeId: string) => startSupportSession(http, officeId),
    onSuccess: (session) => {
      void navigate(paths.projects);
      officeChanged();
      toast.success(OFFICE_TEXTS.supportSessionOpened(session.office.name, formatMoment(session.expiresAt)));
    },
    // The grant may have ended since the list was read: the server's reason says so.
    onError: (error) => toast.error(extractErrorMessage(error)),
  });
}

/** The operator leaves the office they support; the session goes back to the operator's own office, or none. */
export function useEndSupportSession() {
  const http = useHttpClient();
  const officeChanged = useOfficeChanged();
  return useMutation({
    mutationFn: (office: { id: string; name: string }) => endSupportSession(http, office.id),
    onSuccess: (_answer, office) => {
      officeChanged();
      toast.success(OFFICE_TEXTS.supportSessionEnded(office.name));
    },
    onError: (error) => toast.error(extractErrorMessage(error)),
  });
}
