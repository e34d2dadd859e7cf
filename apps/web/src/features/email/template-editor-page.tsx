import { can, emailTemplateInputSchema, extractErrorMessage, MESSAGES } from '@casting/domain';
import type { EmailDoc, EmailTemplateInput, ProjectDetail } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { payloadResolver } from '../../lib/forms/form-resolver';
import { useServerErrorSubmit } from '../../lib/forms/use-server-error-submit';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field } from '../../ui/field';
import { FormAlert } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { LinkButton } from '../../ui/link-button';
import { SkeletonList } from '../../ui/skeleton';
import { ProjectWorkspace, useProjectIdParam } from '../projects';
import { templateQuery, useDeleteTemplate, useSaveTemplate } from './email-api';
import type { EmailTemplate } from './email-api';
import { EMPTY_DOC, MessageFields } from './message-fields';
import { MessagePreview } from './message-preview';

/** /projects/:id/email-templates/new and /projects/:id/email-templates/:emailTemplatesId. */
export function EmailTemplateEditorPage() {
  const projectId = useProjectIdParam();
  const { emailTemplatesId } = useParams();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <EditorLoader project={project} templateId={emailTemplatesId ?? null} />}
    </ProjectWorkspace>
  );
}

function EditorLoader({ project, templateId }: { project: ProjectDetail; templateId: string | null }) {
  const http = useHttpClient();
  const template = useQuery({
    ...templateQuery(http, project.id, templateId ?? ''),
    enabled: templateId !== null,
  });
  if (templateId === null) return <Editor project={project} template={null} />;
  if (template.isPending) return <SkeletonList label="Loading the template" rows={4} />;
  if (template.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-3">
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(template.error))}
        </p>
        <LinkButton to={paths.project.emailTemplates(project.id)}>Back to the templates</LinkButton>
      </div>
    );
  }
  return <Editor key={template.data.id} project={project} template={template.data} />;
}

function Editor({ project, template }: { project: ProjectDetail; template: EmailTemplate | null }) {
  const navigate = useNavigate();
  const mayEdit = can(project.projectActor, 'MANAGE_EMAIL_TEMPLATES');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveTemplate(project.id, template?.id ?? null);
  const remove = useDeleteTemplate(project.id);
  const listPath = paths.project.emailTemplates(project.id);
  // Judged by the API's own schema on save, then again on every change (react-hook-form's default modes), so a
  // message goes as soon as its field is fixed; the API's refusals go under their fields too.
  const form = useForm<{ name: string; subject: string; body: EmailDoc }, unknown, EmailTemplateInput>({
    resolver: payloadResolver(emailTemplateInputSchema, (values) => values),
    defaultValues: {
      name: template?.name ?? '',
      subject: template?.subject ?? '',
      body: template?.body ?? EMPTY_DOC,
    },
  });
  const errors = form.formState.errors;
  // Registered in the order shown, so the first invalid field on screen is the one focused.
  const name = form.register('name');
  // Merge fields are checked across subject and body (the body's message): a changed subject checks both.
  const { field: subject } = useController({
    control: form.control,
    name: 'subject',
    rules: { deps: 'body' },
  });
  const { field: body } = useController({ control: form.control, name: 'body' });
  const { alert, submit } = useServerErrorSubmit(form, ['name', 'subject', 'body'], async (input) => {
    const saved = await save.mutateAsync(input);
    toast.success(`Template “${saved.name}” saved`);
    if (!template) void navigate(paths.project.emailTemplate(project.id, saved.id), { replace: true });
  });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-ink-muted">{project.name}</p>
        <h1 className="text-2xl font-semibold break-words text-ink">
          {template ? template.name : 'New e-mail template'}
        </h1>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          noValidate
          aria-label="Template"
          className="flex min-w-0 flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (mayEdit) void submit(event);
          }}
        >
          <fieldset disabled={!mayEdit} className="flex flex-col gap-4">
            <Field label="Template name" required error={errors.name?.message}>
              {(props) => <Input {...props} maxLength={120} {...name} />}
            </Field>
            <MessageFields
              subject={subject.value}
              body={body.value}
              onSubject={subject.onChange}
              onBody={body.onChange}
              subjectRef={subject.ref}
              errors={{ subject: errors.subject?.message, body: errors.body?.message }}
            />
          </fieldset>
          <FormAlert message={alert} />
          {!mayEdit ? (
            <p className="text-sm text-ink-muted">Only the project’s owners and editors change templates.</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <LinkButton to={listPath}>Back to the templates</LinkButton>
            {mayEdit && template ? (
              <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                Delete template
              </Button>
            ) : null}
            {mayEdit ? (
              <Button type="submit" className="ml-auto" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save template'}
              </Button>
            ) : null}
          </div>
        </form>
        <MessagePreview projectId={project.id} message={{ subject: subject.value, body: body.value }} />
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete template"
        message={`Delete “${template?.name ?? ''}”? E-mails already sent with it stay in the history.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          template &&
          remove.mutate(template.id, {
            onSuccess: () => {
              toast.success('Template deleted');
              void navigate(listPath);
            },
            onError: (error) => {
              setConfirmDelete(false);
              toast.error('The template could not be deleted', { description: extractErrorMessage(error) });
            },
          })
        }
      />
    </div>
  );
}
