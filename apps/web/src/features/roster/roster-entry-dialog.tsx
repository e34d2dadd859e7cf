import { ROSTER_MESSAGES, ROSTER_STATUS_LABELS, UI_TEXTS } from '@casting/domain';
import type { ApplicantListItem, RosterConflict, RosterEntry } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { toastError } from '../../lib/http/toast-error';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { CheckboxField, TextArea } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { candidateSearchQuery, conflictPreviewQuery, useRosterChange, useRosterRelease } from './roster-api';

/** The field messages of a 400 answer (`details.issues`), to show beside their fields. */
function fieldIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof HttpError) || error.code !== 'VALIDATION_FAILED') return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues)
    ? issues.filter(
        (issue): issue is { path: string; message: string } =>
          typeof issue?.path === 'string' && typeof issue?.message === 'string',
      )
    : [];
}

type ChangeStatus = 'AVAIL_CHECK' | 'FIRST_HOLD' | 'SECOND_HOLD' | 'BOOKED';
const CHANGE_STATUSES: readonly ChangeStatus[] = ['AVAIL_CHECK', 'FIRST_HOLD', 'SECOND_HOLD', 'BOOKED'];

export function ConflictList({ conflicts }: { conflicts: readonly RosterConflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <div
      role="status"
      className="rounded-md border border-warning/40 bg-warning-soft p-2 text-sm text-warning"
    >
      <p className="font-medium">{ROSTER_MESSAGES.conflictWarning}</p>
      <ul className="mt-1 list-disc pl-5">
        {conflicts.map((conflict, index) => (
          <li key={index}>
            {conflict.projectName}: {ROSTER_STATUS_LABELS[conflict.status]}, {conflict.startDate} to{' '}
            {conflict.endDate}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Choose one of the project's candidates (a submission: a person on one opportunity). */
function CandidatePicker({
  projectId,
  value,
  onChange,
}: {
  projectId: string;
  value: ApplicantListItem | null;
  onChange(row: ApplicantListItem): void;
}) {
  const http = useHttpClient();
  const [term, setTerm] = useState('');
  const deferred = useDeferredValue(term);
  const rows = useQuery(candidateSearchQuery(http, projectId, deferred));
  return (
    <div className="flex flex-col gap-2">
      <Field label="Find a candidate" hint="Name or e-mail, at least 3 characters">
        {(control) => (
          <Input {...control} type="search" value={term} onChange={(event) => setTerm(event.target.value)} />
        )}
      </Field>
      <ul
        aria-label="Candidates"
        className="flex max-h-48 flex-col overflow-y-auto rounded-md border border-line"
      >
        {(rows.data?.items ?? []).map((row) => (
          <li key={row.id}>
            <button
              type="button"
              aria-pressed={value?.id === row.id}
              className="w-full px-3 py-2 text-left text-sm hover:bg-canvas aria-pressed:bg-brand-50"
              onClick={() => onChange(row)}
            >
              <span className="font-medium text-ink">{row.name}</span>
              <span className="text-ink-muted"> · {row.email ?? 'no e-mail'}</span>
            </button>
          </li>
        ))}
        {rows.data && rows.data.items.length === 0 ? (
          <li className="px-3 py-2 text-sm text-ink-muted">No candidate matches.</li>
        ) : null}
      </ul>
    </div>
  );
}

/**
 * Check, hold or book a candidate: status, dates, rate and part, a note, and whether to e-mail the talent (and
 * their agent). Conflicts with other projects show as soon as the dates are set; they warn, they do not block.
 */
export function RosterChangeDialog({
  projectId,
  entry,
  roleNames,
  onClose,
}: {
  projectId: string;
  /** The entry being changed; none to put a new candidate on the roster. */
  entry: RosterEntry | null;
  roleNames: Record<string, string>;
  onClose(): void;
}) {
  const http = useHttpClient();
  const [row, setRow] = useState<ApplicantListItem | null>(null);
  const [status, setStatus] = useState<ChangeStatus>(
    entry && entry.status !== 'RELEASED' ? entry.status : 'FIRST_HOLD',
  );
  const [startDate, setStartDate] = useState(entry?.startDate ?? '');
  const [endDate, setEndDate] = useState(entry?.endDate ?? '');
  const [rate, setRate] = useState(entry?.rate ?? '');
  const [bookedAs, setBookedAs] = useState(entry?.bookedAs ?? '');
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const notifyId = useId();
  const submissionId = entry?.submissionId ?? row?.id ?? '';
  const conflicts = useQuery(conflictPreviewQuery(http, projectId, { submissionId, startDate, endDate }));
  const change = useRosterChange(projectId);
  const name = entry ? `${entry.firstName} ${entry.lastName}` : row?.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!submissionId) found.candidate = 'Choose a candidate.';
    if (!startDate) found.startDate = ROSTER_MESSAGES.datesRequired;
    if (!endDate) found.endDate = ROSTER_MESSAGES.datesRequired;
    if (startDate && endDate && endDate < startDate) found.endDate = ROSTER_MESSAGES.endBeforeStart;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      {
        submissionId,
        status,
        startDate,
        endDate,
        rate: rate.trim() || null,
        bookedAs: bookedAs.trim() || null,
        note: note.trim() || null,
        notify,
      },
      {
        onSuccess: () => {
          toast.success(`${name ?? 'Candidate'}: ${ROSTER_STATUS_LABELS[status]}`);
          onClose();
        },
        onError: (error) => {
          const issues = fieldIssues(error);
          if (issues.length > 0) {
            setErrors(
              Object.fromEntries(issues.map((issue) => [issue.path.replace(/^body\./, ''), issue.message])),
            );
          } else toastError(error);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={entry ? `Change ${name}` : 'Add to the project roster'}
      width={640}
    >
      <form onSubmit={submit} className="flex flex-col gap-3 pt-4" noValidate>
        {entry ? (
          <p className="text-sm text-ink-muted">Opportunity: {roleNames[entry.roleId] ?? entry.roleName}</p>
        ) : (
          <>
            <CandidatePicker projectId={projectId} value={row} onChange={setRow} />
            {row ? (
              <p className="text-sm text-ink">
                Chosen: <strong>{row.name}</strong> for {roleNames[row.roleId] ?? 'the opportunity'}
              </p>
            ) : null}
            {errors.candidate || errors.submissionId ? (
              <p className="text-sm text-danger">{errors.candidate ?? errors.submissionId}</p>
            ) : null}
          </>
        )}
        <Field label="Status">
          {(control) => (
            <Select
              {...control}
              value={status}
              onValueChange={(value) => setStatus(value as ChangeStatus)}
              options={CHANGE_STATUSES.map((value) => ({ value, label: ROSTER_STATUS_LABELS[value] }))}
            />
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="First date" required error={errors.startDate}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={startDate}
                onChange={(event) => setStartDate(event.target.value)}
              />
            )}
          </Field>
          <Field label="Last date" required error={errors.endDate}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={endDate}
                onChange={(event) => setEndDate(event.target.value)}
              />
            )}
          </Field>
        </div>
        {status === 'BOOKED' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Rate" hint="As agreed, e.g. $1,200/day" error={errors.rate}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={100}
                  value={rate}
                  onChange={(event) => setRate(event.target.value)}
                />
              )}
            </Field>
            <Field
              label={UI_TEXTS.bookedAs}
              hint="The part, if not the opportunity's name"
              error={errors.bookedAs}
            >
              {(control) => (
                <Input
                  {...control}
                  maxLength={200}
                  value={bookedAs}
                  onChange={(event) => setBookedAs(event.target.value)}
                />
              )}
            </Field>
          </div>
        ) : null}
        <Field label="Note" hint="Included in the e-mail when the talent is notified" error={errors.note}>
          {(control) => (
            <TextArea
              {...control}
              rows={2}
              maxLength={2000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </Field>
        <CheckboxField
          id={notifyId}
          label={ROSTER_MESSAGES.notifyLabel}
          checked={notify}
          onChange={(event) => setNotify(event.target.checked)}
        />
        <ConflictList conflicts={conflicts.data?.items ?? []} />
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : `Save ${ROSTER_STATUS_LABELS[status].toLowerCase()}`}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** Release a candidate, with an optional note and notice. */
export function RosterReleaseDialog({
  projectId,
  entry,
  onClose,
}: {
  projectId: string;
  entry: RosterEntry;
  onClose(): void;
}) {
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(true);
  const release = useRosterRelease(projectId);
  const notifyId = useId();
  const name = `${entry.firstName} ${entry.lastName}`;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={`Release ${name}`} width={520}>
      <form
        className="flex flex-col gap-3 pt-4"
        onSubmit={(event) => {
          event.preventDefault();
          release.mutate(
            { entryId: entry.id, note: note.trim() || null, notify },
            {
              onSuccess: () => {
                toast.success(`${name}: ${ROSTER_MESSAGES.released}`);
                onClose();
              },
              onError: toastError,
            },
          );
        }}
      >
        <Field label="Note" hint="Included in the e-mail when the talent is notified">
          {(control) => (
            <TextArea
              {...control}
              rows={2}
              maxLength={2000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </Field>
        <CheckboxField
          id={notifyId}
          label={ROSTER_MESSAGES.notifyLabel}
          checked={notify}
          onChange={(event) => setNotify(event.target.checked)}
        />
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={release.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={release.isPending}>
            {release.isPending ? 'Releasing…' : 'Release'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
