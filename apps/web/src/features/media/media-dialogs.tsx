import { useState } from 'react';
import { MESSAGES, emailSchema } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { TextArea } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { toastError } from '../../lib/http/toast-error';
import { useDownloadZip, useReportMediaIssue } from './media-api';
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
 * disabled while it is invalid. The zip is made by a job and its link arrives by e-mail. It zips the given
 * candidates (one from their media panel, a selection from the candidates workspace) or everyone in a folder.
 */
export function DownloadZipDialog({
  open,
  onOpenChange,
  projectId,
  applicantIds,
  folderId,
  description = MEDIA_TEXTS.downloadDialogBody,
  defaultEmail,
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
}) {
  const download = useDownloadZip();
  const [email, setEmail] = useState(defaultEmail);
  const parsed = emailSchema.safeParse(email);
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={MEDIA_TEXTS.downloadDialogTitle}
      description={description}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!parsed.success) return;
          download.mutate(
            {
              projectId,
              ...(applicantIds && applicantIds.length > 0 ? { applicantIds } : folderId ? { folderId } : {}),
              email: parsed.data,
            },
            {
              onSuccess: () => {
                toast.success(MESSAGES.downloadLinkSent);
                onOpenChange(false);
              },
              onError: (failure) => toastError(failure),
            },
          );
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
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" disabled={Boolean(error) || download.isPending}>
            {MEDIA_TEXTS.yes}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
