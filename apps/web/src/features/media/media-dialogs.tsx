import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGES, emailSchema } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { TextArea } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { toastError } from '../../lib/http/toast-error';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Spinner } from '../../ui/spinner';
import { downloadQuery, useDownloadZip, useReportMediaIssue } from './media-api';
import type { MediaItem } from './media-contract';
import { MEDIA_TEXTS } from './media-texts';

/** Report media issue: a required description, sent to the team's channel (SLACK). */
export function ReportIssueDialog({
  item,
  applicantId,
  onOpenChange,
}: {
  item: MediaItem | null;
  applicantId: string;
  onOpenChange(open: boolean): void;
}) {
  const report = useReportMediaIssue();
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched && description.trim() === '' ? MEDIA_TEXTS.descriptionRequired : undefined;
  const close = () => {
    setDescription('');
    setTouched(false);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
      title={MEDIA_TEXTS.reportIssueTitle}
      description={item?.name}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!item || description.trim() === '') return;
          report.mutate(
            { applicantId, applicantMediaId: item.id, description: description.trim() },
            {
              onSuccess: () => {
                toast.success(MESSAGES.issueReported);
                close();
              },
              onError: (failure) => toastError(failure),
            },
          );
        }}
      >
        <Field label={MEDIA_TEXTS.reportDescription} error={error} required>
          {(control) => (
            <TextArea
              {...control}
              value={description}
              maxLength={2000}
              onChange={(event) => setDescription(event.target.value)}
              onBlur={() => setTouched(true)}
            />
          )}
        </Field>
        <DialogFooter>
          <Button variant="secondary" onClick={close}>
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" disabled={report.isPending}>
            {MEDIA_TEXTS.send}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/**
 * Download applicant videos: the e-mail starts as the signed-in person's; Yes is
 * disabled while it is invalid. The zip is made by a job and its link arrives by e-mail; the dialog also follows the
 * job and offers the zip's link itself once ready, so nobody has to wait for the mail. It zips the given candidates
 * (one from their media panel, titled by their name, a selection from the candidates workspace) or everyone in a
 * folder.
 */
export function DownloadZipDialog({
  open,
  onOpenChange,
  projectId,
  applicantIds,
  folderId,
  description = MEDIA_TEXTS.downloadDialogBody,
  defaultEmail,
  candidateName,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: string;
  /** Applicant ids or candidate list-row ids. */
  applicantIds?: string[];
  /** Everyone in this folder, when no candidates are named. */
  folderId?: string;
  description?: string;
  defaultEmail: string;
  /** The one candidate whose media this downloads: the dialog is titled by them. */
  candidateName?: string;
}) {
  const download = useDownloadZip();
  const [started, setStarted] = useState<string | null>(null);
  // A closed dialog forgets the zip it followed: opened again, it asks again.
  const openChange = (next: boolean) => {
    if (!next) {
      setStarted(null);
      download.reset();
    }
    onOpenChange(next);
  };
  const [email, setEmail] = useState(defaultEmail);
  const parsed = emailSchema.safeParse(email);
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const start = (to: string) =>
    download.mutate(
      {
        projectId,
        ...(applicantIds && applicantIds.length > 0 ? { applicantIds } : folderId ? { folderId } : {}),
        email: to,
      },
      {
        onSuccess: (created) => {
          if (!candidateName) toast.success(MESSAGES.downloadLinkSent);
          setStarted(created.id);
        },
        onError: (failure) => toastError(failure),
      },
    );
  // One candidate's media is small and wanted now: the zip starts as the dialog opens, for the signed-in person's
  // own address, and is downloaded from the dialog; several candidates' media are asked for by e-mail first.
  const single = Boolean(candidateName) && emailSchema.safeParse(defaultEmail).success;
  useEffect(() => {
    if (open && single && !started && download.isIdle) start(defaultEmail);
  });
  return (
    <Dialog
      open={open}
      onOpenChange={openChange}
      title={
        candidateName ? MEDIA_TEXTS.downloadCandidateTitle(candidateName) : MEDIA_TEXTS.downloadDialogTitle
      }
      description={single ? MEDIA_TEXTS.downloadCandidateBody(defaultEmail) : description}
    >
      {started ? (
        <DownloadProgress id={started} onClose={() => openChange(false)} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!parsed.success) return;
            start(parsed.data);
          }}
        >
          <Field label="Email" error={error} required>
            {(control) => (
              <Input
                {...control}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <DialogFooter>
            <Button variant="secondary" onClick={() => openChange(false)}>
              {MESSAGES.cancel}
            </Button>
            <Button type="submit" disabled={Boolean(error) || download.isPending}>
              {MEDIA_TEXTS.yes}
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}

/** The zip being made, asked about every few seconds: its file count while pending, its link once ready. */
function DownloadProgress({ id, onClose }: { id: string; onClose(): void }) {
  const http = useHttpClient();
  const state = useQuery(downloadQuery(http, id, null));
  const data = state.data;
  return (
    <div className="flex flex-col gap-4">
      {state.isError || data?.status === 'FAILED' || data?.status === 'EXPIRED' ? (
        <p role="alert" className="text-sm text-danger">
          {MEDIA_TEXTS.downloadFailed}
        </p>
      ) : data?.status === 'READY' && data.url ? (
        <a
          href={data.url}
          download
          className="inline-flex min-h-10 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {MEDIA_TEXTS.downloadReady}
        </a>
      ) : (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner />
          <span>{MEDIA_TEXTS.downloadPreparing(data?.fileCount ?? 0)}</span>
        </p>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {MEDIA_TEXTS.downloadDone}
        </Button>
      </DialogFooter>
    </div>
  );
}
