import type { ClientLinkReport, ClientLinkSummary } from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CLIENT_REVIEW_MESSAGES, extractErrorMessage } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { formatMoment } from '../../lib/format/moment';
import { useLiveProject } from '../../lib/live/use-live-project';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { StatusBadge } from '../../ui/status-badge';
import { LinkAddress } from './link-address';
import {
  clientLinkKeys,
  clientLinkReportQuery,
  clientLinksQuery,
  exportLink,
  patchLink,
  renewLinkAddress,
} from './team-api';

const STATUS_TONE = { ACTIVE: 'success', EXPIRED: 'warning', REVOKED: 'danger' } as const;
const STATUS_TEXT = { ACTIVE: 'Active', EXPIRED: 'Expired', REVOKED: 'Revoked' } as const;
const VOTE_TEXT = { YES: 'Yes', NO: 'No', MAYBE: 'Maybe' } as const;
const dateTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The project's client review links: each link's state, and for one link every viewer's vote and comment per
 * candidate with a tally and the view log, refreshed live (CLIENT_FEEDBACK_UPDATED) while the dialog is open.
 * Managers revoke, extend and export.
 */
export function ClientLinksDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: string;
  canManage: boolean;
}) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const links = useQuery({ ...clientLinksQuery(http, props.projectId), enabled: props.open });
  useLiveProject(props.projectId, (update) => {
    if (update.event === 'CLIENT_FEEDBACK_UPDATED') {
      void queryClient.invalidateQueries({ queryKey: clientLinkKeys.all(props.projectId) });
    }
  });
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        props.onOpenChange(open);
        if (!open) setChosen(null);
      }}
      title="Client review links"
      width={760}
    >
      <div className="pt-4">
        {chosen ? (
          <LinkReport
            projectId={props.projectId}
            linkId={chosen}
            canManage={props.canManage}
            onBack={() => setChosen(null)}
          />
        ) : links.isPending ? (
          <p role="status" className="text-ink-muted">
            Loading links…
          </p>
        ) : links.isError ? (
          <p role="alert" className="text-danger">
            The links could not be loaded. Close and open this dialog to try again.
          </p>
        ) : links.data.items.length === 0 ? (
          <p className="text-ink-muted">
            No client links yet. Select candidates or open a folder, then choose Share with client.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {links.data.items.map((link) => (
              <li key={link.id}>
                <LinkRow link={link} onOpen={() => setChosen(link.id)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

function LinkRow({ link, onOpen }: { link: ClientLinkSummary; onOpen(): void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full flex-col gap-1 rounded-lg border border-line p-3 text-left hover:bg-canvas"
    >
      <span className="flex items-center gap-2">
        <span className="font-semibold text-ink">{link.title}</span>
        <StatusBadge tone={STATUS_TONE[link.status]}>{STATUS_TEXT[link.status]}</StatusBadge>
      </span>
      <span className="text-sm text-ink-muted">
        {link.candidateCount} candidate(s) · {link.viewerCount} viewer(s) · created{' '}
        {link.createdAt.slice(0, 10)}
        {link.expiresAt ? ` · expires ${link.expiresAt.slice(0, 10)}` : ''}
      </span>
    </button>
  );
}

function LinkReport(props: { projectId: string; linkId: string; canManage: boolean; onBack(): void }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const report = useQuery(clientLinkReportQuery(http, props.projectId, props.linkId));
  const [busy, setBusy] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [confirmRenew, setConfirmRenew] = useState(false);
  // The new address is answered once: it stays on screen until Done, like a new link's.
  const [renewed, setRenewed] = useState<string | null>(null);
  // Said inside the dialog, not as a toast: a toast would sit under the modal dialog, unseen while it is open.
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setSaid(null);
    try {
      await run();
      setSaid({ ok: true, text: done });
      await queryClient.invalidateQueries({ queryKey: clientLinkKeys.all(props.projectId) });
    } catch (error) {
      setSaid({ ok: false, text: extractErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  if (report.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        Loading feedback…
      </p>
    );
  }
  if (report.isError) {
    return (
      <p role="alert" className="text-danger">
        The feedback could not be loaded.
      </p>
    );
  }
  const data: ClientLinkReport = report.data;
  const { link } = data;
  const exportFeedback = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const queued = await exportLink(http, props.projectId, link.id);
      setSaid({
        ok: true,
        text: CLIENT_REVIEW_MESSAGES.exportStarted(
          link.title,
          data.candidates.length,
          queued.recipientEmail,
          formatMoment(queued.expiresAt),
        ),
      });
    } catch (error) {
      setSaid({ ok: false, text: CLIENT_REVIEW_MESSAGES.exportFailed(extractErrorMessage(error)) });
    } finally {
      setBusy(false);
    }
  };
  // Extending adds 7 days to the later of now and the current expiry (an expired link comes back for a week).
  const extendTo = () =>
    new Date(
      Math.max(Date.now(), link.expiresAt ? Date.parse(link.expiresAt) : 0) + 7 * 24 * 3600_000,
    ).toISOString();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" onClick={props.onBack}>
          ← All links
        </Button>
        <h3 className="text-base font-semibold text-ink">{link.title}</h3>
        <StatusBadge tone={STATUS_TONE[link.status]}>{STATUS_TEXT[link.status]}</StatusBadge>
      </div>
      {props.canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={busy || link.status === 'REVOKED'}
            onClick={() =>
              void act(
                () => patchLink(http, props.projectId, link.id, { expiresAt: extendTo() }),
                'Link extended by 7 days',
              )
            }
          >
            Extend 7 days
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void exportFeedback()}>
            Export feedback
          </Button>
          <Button
            variant="secondary"
            disabled={busy || link.status === 'REVOKED'}
            onClick={() => setConfirmRenew(true)}
          >
            {CLIENT_REVIEW_MESSAGES.newAddress}
          </Button>
          <Button
            variant="danger"
            disabled={busy || link.status === 'REVOKED'}
            onClick={() => setConfirmRevoke(true)}
          >
            {CLIENT_REVIEW_MESSAGES.revokeLink}
          </Button>
          <ConfirmDialog
            open={confirmRevoke}
            onOpenChange={setConfirmRevoke}
            title={CLIENT_REVIEW_MESSAGES.revokeLinkTitle(link.title)}
            message={CLIENT_REVIEW_MESSAGES.revokeLinkQuestion}
            confirmLabel={CLIENT_REVIEW_MESSAGES.revokeLink}
            busy={busy}
            onConfirm={() =>
              void act(
                () => patchLink(http, props.projectId, link.id, { revoked: true }),
                CLIENT_REVIEW_MESSAGES.linkRevokedDone,
              ).then(() => setConfirmRevoke(false))
            }
          />
          <ConfirmDialog
            open={confirmRenew}
            onOpenChange={setConfirmRenew}
            title={CLIENT_REVIEW_MESSAGES.newAddressTitle(link.title)}
            message={CLIENT_REVIEW_MESSAGES.newAddressQuestion}
            confirmLabel={CLIENT_REVIEW_MESSAGES.newAddress}
            busy={busy}
            onConfirm={() =>
              void act(async () => {
                const created = await renewLinkAddress(http, props.projectId, link.id);
                setRenewed(created.link);
              }, CLIENT_REVIEW_MESSAGES.newAddressDone).then(() => setConfirmRenew(false))
            }
          />
        </div>
      ) : null}
      {renewed ? (
        <section aria-label={CLIENT_REVIEW_MESSAGES.newAddress} className="rounded-lg border border-line p-3">
          <LinkAddress address={renewed} onDone={() => setRenewed(null)} />
        </section>
      ) : null}
      {/* The live region is on screen before its text, so screen readers announce the text when it comes. */}
      <div role="status" className="empty:hidden">
        {said?.ok ? <p className="rounded-md bg-info-soft px-3 py-2 text-sm text-info">{said.text}</p> : null}
      </div>
      {said && !said.ok ? (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger"
        >
          {said.text}
        </p>
      ) : null}
      <section aria-labelledby="client-feedback-title" className="flex flex-col gap-2">
        <h4 id="client-feedback-title" className="text-sm font-semibold text-ink">
          Feedback
        </h4>
        <ul className="flex flex-col gap-2">
          {data.candidates.map((candidate) => (
            <li key={candidate.submissionId} className="rounded-lg border border-line p-3">
              <p className="font-medium text-ink">
                {candidate.name} <span className="text-sm text-ink-muted">· {candidate.roleName}</span>
              </p>
              <p className="text-sm text-ink" aria-label={`Tally for ${candidate.name}`}>
                Yes {candidate.tally.YES} · No {candidate.tally.NO} · Maybe {candidate.tally.MAYBE}
              </p>
              {candidate.feedback.length > 0 ? (
                <ul className="mt-1 flex flex-col gap-1 text-sm">
                  {candidate.feedback.map((entry) => (
                    <li key={entry.viewerId}>
                      <span className="font-medium">{entry.viewerName}</span>
                      {entry.vote ? `: ${VOTE_TEXT[entry.vote]}` : ''}
                      {entry.comment ? ` — “${entry.comment}”` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="client-views-title" className="flex flex-col gap-2">
        <h4 id="client-views-title" className="text-sm font-semibold text-ink">
          View log
        </h4>
        {data.views.length === 0 ? (
          <p className="text-sm text-ink-muted">Nobody has opened this link yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Viewer</th>
                <th scope="col">Opened</th>
                <th scope="col">Last active</th>
                <th scope="col">Seen</th>
              </tr>
            </thead>
            <tbody>
              {data.views.map((view) => (
                <tr key={view.id}>
                  <td>{view.viewerName ?? 'Anonymous'}</td>
                  <td>{dateTime(view.openedAt)}</td>
                  <td>{dateTime(view.lastActiveAt)}</td>
                  <td>
                    {view.seen} of {view.total}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
