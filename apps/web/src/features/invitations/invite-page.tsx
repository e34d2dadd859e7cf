import {
  can,
  extractErrorMessage,
  INVITATION_INPUT_MAX_CHARS,
  INVITATION_TEXTS,
  UI_TEXTS,
  EMAIL_MESSAGES,
  PAGE_TITLES,
} from '@casting/domain';
import type { ProjectDetail, ShareLinkListItem } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { AllowanceNote, allowanceQuery, templatesQuery } from '../email';
import { CreateLinkDialog } from '../links';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { CheckResult } from './check-result';
import { InvitationList } from './invitation-list';
import { linksQuery, opportunitiesQuery, useCheckInvitees, useSendInvitations } from './invitations-api';
import type { InvitationParseResult } from './invitations-api';
import { PeopleInput } from './people-input';
import type { Source } from './people-input';

/** /projects/invite-candidates/:id: invite people to apply to an opportunity through a submission link. */
export function InviteCandidatesPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <InviteWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

function InviteWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const { user } = useAuth();
  const allowed = can(project.projectActor, 'SUBMIT_TALENT');
  const submitter = project.projectActor === 'TS';
  const opportunities = useQuery({ ...opportunitiesQuery(http, project.id), enabled: allowed });
  const links = useQuery({ ...linksQuery(http, project.id), enabled: allowed });
  const templates = useQuery({ ...templatesQuery(http, project.id), enabled: allowed });
  const allowance = useQuery({ ...allowanceQuery(http, project.id), enabled: allowed });
  const [roleId, setRoleId] = useState('');
  const [linkId, setLinkId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [source, setSource] = useState<Source>('LIST');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [checked, setChecked] = useState<InvitationParseResult | null>(null);
  const [creatingLink, setCreatingLink] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // What a send needs, judged from the first try to send on, so each message goes as soon as its choice is made.
  const [triedSend, setTriedSend] = useState(false);
  const check = useCheckInvitees(project.id);
  const send = useSendInvitations(project.id);

  const defaultTemplate = templates.data?.items.find((item) => item.starterKey === 'INVITATION');
  const chosenTemplate = templateId || defaultTemplate?.id || '';
  const missing = {
    roleId: triedSend && !roleId ? INVITATION_TEXTS.chooseOpportunity : undefined,
    linkId: triedSend && !linkId ? INVITATION_TEXTS.chooseLink : undefined,
    templateId: triedSend && !chosenTemplate ? INVITATION_TEXTS.chooseTemplate : undefined,
  };
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
    setTriedSend(true);
    setErrors(({ send: _previous, ...rest }) => rest);
    if (Object.values(missing).some(Boolean) || !checked) return;
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
      setErrors({ text: INVITATION_TEXTS.fileTooLarge });
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
          <Field label="Opportunity" required error={missing.roleId}>
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
            <Field label={UI_TEXTS.submissionLink} required error={missing.linkId}>
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
          <Field label="Template" required error={missing.templateId}>
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

        <PeopleInput
          source={source}
          onSource={(value) => {
            setSource(value);
            setText('');
            setFileName(null);
            reset();
          }}
          text={text}
          onText={(value) => {
            setText(value);
            setErrors(({ text: _fixed, ...rest }) => rest);
            reset();
          }}
          onFile={readFile}
          fileName={fileName}
          error={errors.text}
          checking={check.isPending}
          onCheck={runCheck}
        />

        {checked ? <CheckResult result={checked} /> : null}
        {errors.send ? (
          <p role="alert" className="text-sm text-danger">
            {errors.send}
          </p>
        ) : null}
        {checked ? (
          <div className="flex flex-col items-start gap-2">
            <AllowanceNote allowance={allowance.data} needed={checked.valid.length} />
            <Button
              onClick={runSend}
              disabled={
                send.isPending ||
                checked.valid.length === 0 ||
                (allowance.data !== undefined && checked.valid.length > allowance.data.remaining)
              }
            >
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
