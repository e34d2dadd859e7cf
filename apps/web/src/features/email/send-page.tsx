import { can, EMAIL_SEND_MAX_RECIPIENTS, extractErrorMessage, UI_TEXTS } from '@casting/domain';
import type { EmailDoc, ProjectDetail } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { LinkButton } from '../../ui/link-button';
import { Select } from '../../ui/select';
import { ProjectWorkspace, useProjectIdParam } from '../projects';
import { AllowanceNote } from './allowance-note';
import { allowanceQuery, linksQuery, templateQuery, templatesQuery, useSendEmail } from './email-api';
import { errorsStillTrue, fieldErrorsOf } from './field-errors';
import { EMPTY_DOC, MessageFields } from './message-fields';
import { MessagePreview } from './message-preview';
import { readEmailSelection } from './selection';
import { Recipients } from './send-history';

const ONE_OFF = 'one-off';
const NO_LINK = 'none';

/** /projects/email/:id/send: e-mail the candidates picked in the workspace, from a template or a one-off message. */
export function SendEmailPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <SendWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

function SendWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const [params] = useSearchParams();
  const selection = useMemo(() => readEmailSelection(params.get('selection')), [params]);
  const allowed = can(project.projectActor, 'CANDIDATE_SEND_EMAIL');
  const templates = useQuery({ ...templatesQuery(http, project.id), enabled: allowed });
  const links = useQuery({ ...linksQuery(http, project.id), enabled: allowed });
  const allowance = useQuery({ ...allowanceQuery(http, project.id), enabled: allowed });
  const [templateId, setTemplateId] = useState(ONE_OFF);
  const [linkId, setLinkId] = useState(NO_LINK);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState<EmailDoc>(EMPTY_DOC);
  const [sentId, setSentId] = useState<string | null>(null);
  const send = useSendEmail(project.id);
  const chosen = useQuery({
    ...templateQuery(http, project.id, templateId),
    enabled: templateId !== ONE_OFF,
  });
  // Choosing a template fills the fields once; the team may then adjust the words for this send.
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  if (chosen.data && filledFrom !== chosen.data.id && templateId === chosen.data.id) {
    setFilledFrom(chosen.data.id);
    setSubject(chosen.data.subject);
    setBody(chosen.data.body);
  }
  const message = {
    ...(templateId !== ONE_OFF ? { templateId } : {}),
    subject,
    body,
    shareLinkId: linkId === NO_LINK ? null : linkId,
  };
  const errors = errorsStillTrue(fieldErrorsOf(send.error), send.variables, message);

  if (!allowed) {
    return (
      <p role="alert" className="mx-auto max-w-3xl text-sm text-danger">
        {UI_TEXTS.emailingNotAllowed}
      </p>
    );
  }

  const heading = (
    <header className="flex flex-col gap-1">
      <p className="text-sm text-ink-muted">{project.name}</p>
      <h1 className="text-2xl font-semibold text-ink">{UI_TEXTS.sendEmail}</h1>
    </header>
  );

  if (selection.length === 0) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        {heading}
        <p className="text-sm text-ink">
          No candidates are selected. Pick candidates in the Candidates workspace, then choose “Send e-mail”.
        </p>
        <div>
          <LinkButton to={paths.project.candidates(project.id)}>Go to candidates</LinkButton>
        </div>
      </div>
    );
  }

  if (sentId) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        {heading}
        <p className="text-sm text-ink" role="status">
          Sending to {selection.length} {selection.length === 1 ? 'candidate' : 'candidates'}. Each person’s
          status updates below as their e-mail goes out.
        </p>
        <div className="rounded-lg border border-line bg-surface">
          <Recipients projectId={project.id} sendId={sentId} />
        </div>
        <div className="flex flex-wrap gap-2">
          <LinkButton to={paths.project.candidates(project.id)}>Back to candidates</LinkButton>
          <LinkButton to={paths.project.emailTemplates(project.id)}>All sent e-mails</LinkButton>
        </div>
      </div>
    );
  }

  const templateOptions = [
    { value: ONE_OFF, label: UI_TEXTS.oneOffMessage },
    ...(templates.data?.items.map((item) => ({ value: item.id, label: item.name })) ?? []),
  ];
  const linkOptions = [
    { value: NO_LINK, label: 'No submission link' },
    ...(links.data?.items.map((item) => ({ value: item.id, label: item.title })) ?? []),
  ];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      {heading}
      <p className="text-sm text-ink">
        To {selection.length} selected {selection.length === 1 ? 'candidate' : 'candidates'}. Replies go to
        your e-mail address.
      </p>
      {selection.length > EMAIL_SEND_MAX_RECIPIENTS ? (
        <p role="alert" className="text-sm text-danger">
          Send to at most {EMAIL_SEND_MAX_RECIPIENTS} people at a time: go back and select fewer candidates.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          noValidate
          aria-label="Message"
          className="flex min-w-0 flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(
              { ...message, submissionIds: selection },
              {
                onSuccess: (result) => {
                  setSentId(result.id);
                  toast.success(`${result.queued} ${result.queued === 1 ? 'e-mail' : 'e-mails'} on the way`);
                },
              },
            );
          }}
        >
          <Field label="Template" error={errors.templateId}>
            {(props) => (
              <Select
                {...props}
                value={templateId}
                onValueChange={(value) => {
                  setTemplateId(value);
                  if (value === ONE_OFF) setFilledFrom(null);
                }}
                options={templateOptions}
              />
            )}
          </Field>
          <Field
            label={UI_TEXTS.submissionLink}
            hint="What {{submissionLink}} stands for in the message."
            error={errors.shareLinkId}
          >
            {(props) => <Select {...props} value={linkId} onValueChange={setLinkId} options={linkOptions} />}
          </Field>
          <MessageFields
            subject={subject}
            body={body}
            onSubject={setSubject}
            onBody={setBody}
            errors={{ subject: errors.subject, body: errors.body }}
          />
          {send.isError && Object.keys(fieldErrorsOf(send.error)).length === 0 ? (
            <p role="alert" className="text-sm text-danger">
              {extractErrorMessage(send.error)}
            </p>
          ) : null}
          <AllowanceNote allowance={allowance.data} needed={selection.length} />
          <div className="flex flex-wrap gap-2">
            <LinkButton to={paths.project.candidates(project.id)}>Cancel</LinkButton>
            <Button
              type="submit"
              className="ml-auto"
              disabled={
                send.isPending ||
                selection.length > EMAIL_SEND_MAX_RECIPIENTS ||
                (allowance.data !== undefined && selection.length > allowance.data.remaining)
              }
            >
              {send.isPending ? 'Sending…' : `Send to ${selection.length}`}
            </Button>
          </div>
        </form>
        <MessagePreview projectId={project.id} message={message} candidateIds={selection} />
      </div>
    </div>
  );
}
