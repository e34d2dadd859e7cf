import {
  can,
  extractErrorMessage,
  INVITATION_INPUT_MAX_CHARS,
  MESSAGES,
  UI_TEXTS,
  EMAIL_MESSAGES,
  PAGE_TITLES,
} from '@casting/domain';
import type { ProjectDetail, ShareLinkListItem } from '@casting/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { TextArea } from '../../ui/form-controls';
import { Select } from '../../ui/select';
import { SkeletonList } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import { templatesQuery } from '../email';
import { CreateLinkDialog } from '../links';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import {
  invitationsQuery,
  linksQuery,
  opportunitiesQuery,
  useCheckInvitees,
  useSendInvitations,
} from './invitations-api';
import type { InvitationParseResult } from './invitations-api';

/** /projects/invite-candidates/:id: invite people to apply to an opportunity through a submission link. */
export function InviteCandidatesPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <InviteWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

type Source = 'LIST' | 'CSV';

function InviteWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const { user } = useAuth();
  const allowed = can(project.projectActor, 'SUBMIT_TALENT');
  const submitter = project.projectActor === 'TS';
  const opportunities = useQuery({ ...opportunitiesQuery(http, project.id), enabled: allowed });
  const links = useQuery({ ...linksQuery(http, project.id), enabled: allowed });
  const templates = useQuery({ ...templatesQuery(http, project.id), enabled: allowed });
  const [roleId, setRoleId] = useState('');
  const [linkId, setLinkId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [source, setSource] = useState<Source>('LIST');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [checked, setChecked] = useState<InvitationParseResult | null>(null);
  const [creatingLink, setCreatingLink] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const check = useCheckInvitees(project.id);
  const send = useSendInvitations(project.id);

  const defaultTemplate = templates.data?.items.find((item) => item.starterKey === 'INVITATION');
  const chosenTemplate = templateId || defaultTemplate?.id || '';
  const linkChoices = (links.data?.items ?? []).filter(
    (link) => link.status === 'OPEN' && (!roleId || link.opportunities.some((item) => item.id === roleId)),
  );

  if (!allowed) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <ProjectHeader project={project} />
        <p role="alert" className="text-sm text-danger">
          Your role in this project does not include inviting candidates.
        </p>
      </div>
    );
  }

  const reset = () => setChecked(null);
  const runCheck = () => {
    if (!text.trim()) {
      setErrors({ text: EMAIL_MESSAGES.noRows });
      return;
    }
    setErrors({});
    check.mutate(
      { text, format: source, ...(roleId ? { roleId } : {}) },
      {
        onSuccess: setChecked,
        onError: (error) => setErrors({ text: extractErrorMessage(error) }),
      },
    );
  };
  const runSend = () => {
    const next: Record<string, string> = {};
    if (!roleId) next.roleId = 'Choose an opportunity.';
    if (!linkId) next.linkId = 'Choose a submission link, or create one.';
    if (!chosenTemplate) next.templateId = 'Choose a template.';
    setErrors(next);
    if (Object.keys(next).length > 0 || !checked) return;
    send.mutate(
      {
        roleId,
        shareLinkId: linkId,
        templateId: chosenTemplate,
        people: checked.valid.map(({ email, firstName, lastName }) => ({ email, firstName, lastName })),
      },
      {
        onSuccess: (result) => {
          toast.success(
            `${result.invited} ${result.invited === 1 ? 'invitation' : 'invitations'} on the way` +
              (result.skipped.length > 0 ? `; ${result.skipped.length} skipped` : ''),
          );
          setChecked(null);
          setText('');
          setFileName(null);
        },
        onError: (error) => setErrors({ send: extractErrorMessage(error) }),
      },
    );
  };

  const readFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > INVITATION_INPUT_MAX_CHARS * 2) {
      setErrors({ text: 'This file is too large. Split the list into files of at most 500 people.' });
      return;
    }
    void file.text().then((content) => {
      setText(content);
      setFileName(file.name);
      reset();
    });
  };

  const options = (items: { value: string; label: string }[] | undefined) => items ?? [];

  // A link created in place is the one the person means to send: chosen once the list holds it, with its
  // opportunity when none was chosen and the link takes only one. A link for other opportunities is not chosen.
  const preselect = (created: readonly { id: string }[], items: readonly ShareLinkListItem[] | undefined) => {
    const ids = new Set(created.map((link) => link.id));
    const fresh = items?.find(
      (link) =>
        ids.has(link.id) &&
        link.status === 'OPEN' &&
        (!roleId || link.opportunities.some((item) => item.id === roleId)),
    );
    if (!fresh) return;
    if (!roleId && fresh.opportunities.length === 1) setRoleId(fresh.opportunities[0]!.id);
    setLinkId(fresh.id);
    setErrors(({ linkId: _done, ...rest }) => rest);
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <ProjectHeader project={project} />
      <section
        aria-labelledby="invite-heading"
        className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4"
      >
        <h2 id="invite-heading" className="text-lg font-semibold text-ink">
          {PAGE_TITLES.inviteCandidates}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <Field label="Opportunity" required error={errors.roleId}>
            {(props) => (
              <Select
                {...props}
                value={roleId || undefined}
                placeholder={UI_TEXTS.chooseOpportunity}
                onValueChange={(value) => {
                  setRoleId(value);
                  setLinkId('');
                  reset();
                }}
                options={options(
                  opportunities.data?.items.map((item) => ({ value: item.value, label: item.label })),
                )}
              />
            )}
          </Field>
          <div className="flex flex-col gap-1">
            <Field label={UI_TEXTS.submissionLink} required error={errors.linkId}>
              {(props) => (
                <Select
                  {...props}
                  value={linkId || undefined}
                  placeholder={linkChoices.length ? 'Choose a link' : 'No open link for this opportunity'}
                  onValueChange={setLinkId}
                  options={linkChoices.map((link) => ({ value: link.id, label: link.title }))}
                />
              )}
            </Field>
            <Button variant="ghost" className="min-h-9 self-start px-2" onClick={() => setCreatingLink(true)}>
              Create a link
            </Button>
          </div>
          <Field label="Template" required error={errors.templateId}>
            {(props) => (
              <Select
                {...props}
                value={chosenTemplate || undefined}
                placeholder="Choose a template"
                onValueChange={setTemplateId}
                options={options(templates.data?.items.map((item) => ({ value: item.id, label: item.name })))}
              />
            )}
          </Field>
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">People to invite</legend>
          <div role="radiogroup" aria-label="How to give the people" className="flex flex-wrap gap-4 text-sm">
            {(
              [
                ['LIST', 'Paste addresses'],
                ['CSV', 'Upload a CSV file'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="invite-source"
                  checked={source === value}
                  onChange={() => {
                    setSource(value);
                    setText('');
                    setFileName(null);
                    reset();
                  }}
                />
                {label}
              </label>
            ))}
          </div>
          {source === 'LIST' ? (
            <Field
              label="E-mail addresses"
              hint="One per line, or separated by commas. 'Ana Diaz <ana@example.com>' keeps the name."
              error={errors.text}
            >
              {(props) => (
                <TextArea
                  {...props}
                  rows={6}
                  value={text}
                  maxLength={INVITATION_INPUT_MAX_CHARS}
                  onChange={(event) => {
                    setText(event.target.value);
                    reset();
                  }}
                />
              )}
            </Field>
          ) : (
            <Field
              label="CSV file"
              hint="A header row with an email column; first name and last name (or name) columns are used when present."
              error={errors.text}
            >
              {(props) => (
                <input
                  {...props}
                  type="file"
                  accept=".csv,text/csv"
                  className="text-sm text-ink"
                  onChange={(event) => readFile(event.target.files?.[0])}
                />
              )}
            </Field>
          )}
          {fileName ? <p className="text-sm text-ink-muted">Read {fileName}.</p> : null}
          <div>
            <Button variant="secondary" onClick={runCheck} disabled={check.isPending}>
              {check.isPending ? 'Checking…' : 'Check addresses'}
            </Button>
          </div>
        </fieldset>

        {checked ? <CheckResult result={checked} /> : null}
        {errors.send ? (
          <p role="alert" className="text-sm text-danger">
            {errors.send}
          </p>
        ) : null}
        {checked ? (
          <div>
            <Button onClick={runSend} disabled={send.isPending || checked.valid.length === 0}>
              {send.isPending
                ? 'Sending…'
                : `Send ${checked.valid.length} ${checked.valid.length === 1 ? 'invitation' : 'invitations'}`}
            </Button>
          </div>
        ) : null}
      </section>

      <InvitationList projectId={project.id} />

      <CreateLinkDialog
        projectId={project.id}
        open={creatingLink}
        onOpenChange={setCreatingLink}
        submitter={submitter}
        submitterAgency={
          submitter && user?.agent?.isVerified
            ? { id: user.agent.agencyId, name: 'your agency', agents: [] }
            : null
        }
        onCreated={(created) => void links.refetch().then((result) => preselect(created, result.data?.items))}
      />
    </div>
  );
}

function CheckResult({ result }: { result: InvitationParseResult }) {
  const problems = [
    ...result.invalid.map((row) => ({ line: row.line, value: row.value || '(empty)', reason: row.reason })),
    ...result.duplicates.map((row) => ({
      line: row.line,
      value: row.email,
      reason: EMAIL_MESSAGES.duplicateEmail,
    })),
    ...result.alreadyInvited.map((row) => ({
      line: row.line,
      value: row.email,
      reason: EMAIL_MESSAGES.alreadyInvited,
    })),
  ].sort((a, b) => a.line - b.line);
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="text-sm text-ink">
        <strong>{result.valid.length}</strong> {result.valid.length === 1 ? 'person' : 'people'} ready to
        invite
        {problems.length > 0 ? `; ${problems.length} will be left out:` : '.'}
      </p>
      {problems.length > 0 ? (
        <ul
          aria-label="Addresses left out"
          className="flex flex-col gap-1 rounded-md border border-warning/30 bg-warning-soft p-2 text-sm"
        >
          {problems.map((problem) => (
            <li key={`${problem.line}-${problem.value}`} className="break-all">
              Line {problem.line}: <span className="font-mono">{problem.value}</span> – {problem.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {result.valid.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-ink">Show who will be invited</summary>
          <ul className="mt-1 flex flex-col gap-0.5" aria-label="People to invite">
            {result.valid.map((row) => (
              <li key={row.email} className="break-all text-ink">
                {[row.firstName, row.lastName].filter(Boolean).join(' ') || '—'} · {row.email}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

const STATUS = {
  INVITED: { label: 'Invited', tone: 'info' },
  FAILED: { label: 'Not delivered', tone: 'danger' },
  APPLIED: { label: 'Applied', tone: 'success' },
} as const;

function InvitationList({ projectId }: { projectId: string }) {
  const http = useHttpClient();
  const invitations = useInfiniteQuery(invitationsQuery(http, projectId));
  const items = invitations.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="invited-heading" className="flex flex-col gap-3">
      <h2 id="invited-heading" className="text-lg font-semibold text-ink">
        Invited
      </h2>
      {invitations.isPending ? (
        <SkeletonList label="Loading invitations" rows={2} />
      ) : invitations.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(invitations.error))}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-ink-muted">No one has been invited yet.</p>
      ) : (
        <ul
          aria-label="Invited people"
          className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface"
        >
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="min-w-0">
                <span className="font-medium text-ink">{item.name || item.email}</span>
                <span className="break-all text-ink-muted"> · {item.email}</span>
                <span className="block text-ink-muted">
                  {item.opportunityName} · invited by {item.invitedBy} on {item.createdAt.slice(0, 10)}
                  {item.status === 'FAILED' && item.reason ? ` · ${item.reason}` : ''}
                </span>
              </span>
              <StatusBadge tone={STATUS[item.status].tone}>
                {item.status === 'INVITED' && item.mailStatus !== 'SENT'
                  ? 'Sending'
                  : STATUS[item.status].label}
              </StatusBadge>
            </li>
          ))}
        </ul>
      )}
      {invitations.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={invitations.isFetchingNextPage}
          onClick={() => void invitations.fetchNextPage()}
        >
          {invitations.isFetchingNextPage ? 'Loading…' : UI_TEXTS.showMore}
        </Button>
      ) : null}
    </section>
  );
}
