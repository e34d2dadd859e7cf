import { WIZARD_STEPS, WIZARD_STEP_TITLES, type WizardStep, UI_TEXTS } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormAlert } from '../../ui/form-controls';
import { LinkButton } from '../../ui/link-button';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import {
  EMPTY_PROJECT_FORM,
  ProjectForm,
  projectFormValues,
  projectQuery,
  useRefreshDrafts,
  useUpdateProject,
} from '../projects';
import { LinkStep, OpportunitiesStep, TeamStep } from './wizard-steps';
import {
  DRAFT_MESSAGES,
  draftQuery,
  useCreateDraft,
  useDiscardDraft,
  useFinishDraft,
  useSaveStep,
} from './wizard-api';

/** The step list above the wizard: where the person is, and what is done. */
function StepList({ current }: { current: WizardStep }) {
  const at = WIZARD_STEPS.indexOf(current);
  return (
    <ol aria-label="Steps" className="flex flex-wrap gap-2 text-sm">
      {WIZARD_STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={index === at ? 'step' : undefined}
          className={
            index === at
              ? 'rounded-full bg-accent px-3 py-1 font-medium text-on-accent'
              : index < at
                ? 'rounded-full bg-brand-50 px-3 py-1 text-ink'
                : 'rounded-full border border-line px-3 py-1 text-ink-muted'
          }
        >
          {index + 1}. {WIZARD_STEP_TITLES[step]}
        </li>
      ))}
    </ol>
  );
}

/**
 * /projects/create and /projects/create/{id}: the guided creation. Step 1 creates the project as a draft (and, gone
 * back to, edits that project); the
 * opportunities, team and link steps use the ordinary dialogs on that project, and each Continue records the step,
 * so the draft reopens where it was left (from the projects page's Drafts list).
 */
export function ProjectWizardPage() {
  const { id } = useParams();
  if (!id) return <FirstStep />;
  return <DraftSteps id={id} />;
}

function FirstStep() {
  const navigate = useNavigate();
  const create = useCreateDraft();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader
        title="Set up a project"
        description="Four steps: the project, its opportunities, the team and a first submission link. Each step is saved as a draft."
      />
      <StepList current="PROJECT" />
      <ProjectForm
        defaultValues={EMPTY_PROJECT_FORM}
        submitLabel="Save and continue"
        cancelTo={paths.projects}
        onSubmit={async (input) => {
          const draft = await create.mutateAsync(input);
          await navigate(paths.project.createDraft(draft.id), { replace: true });
        }}
      />
    </div>
  );
}

/**
 * Step 1 of a draft, reopened with Back (/projects/create/{id}?step=project): the same form, filled with the draft
 * project's details, saves onto that project (with its version, like any edit) instead of creating a second one.
 */
function ProjectStepAgain({ id }: { id: string }) {
  const http = useHttpClient();
  const navigate = useNavigate();
  const project = useQuery(projectQuery(http, id));
  const update = useUpdateProject(id);
  const refresh = useRefreshDrafts();
  if (project.isPending) return <Spinner label={UI_TEXTS.loadingProjectLabel} />;
  if (project.isError || !project.data) {
    return <FormAlert message="This draft cannot be opened: it was finished, discarded, or is not yours." />;
  }
  const current = project.data;
  return (
    <ProjectForm
      key={current.version}
      defaultValues={projectFormValues(current)}
      submitLabel="Save and continue"
      cancelTo={paths.project.createDraft(id)}
      onSubmit={async (input) => {
        await update.mutateAsync({ ...input, version: current.version });
        await refresh();
        await navigate(paths.project.createDraft(id));
      }}
    />
  );
}

function DraftSteps({ id }: { id: string }) {
  const http = useHttpClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const draft = useQuery(draftQuery(http, id));
  const save = useSaveStep(id);
  const finish = useFinishDraft(id);
  const discard = useDiscardDraft();
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  if (draft.isPending) return <Spinner label="Loading the draft" />;
  if (draft.isError || !draft.data) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        <PageHeader title="Set up a project" />
        <FormAlert message="This draft cannot be opened: it was finished, discarded, or is not yours." />
        <LinkButton to={paths.projects}>Back to projects</LinkButton>
      </div>
    );
  }
  if (params.get('step') === 'project') {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <PageHeader title={`Set up ${draft.data.name}`} description="Your progress is saved at every step." />
        <StepList current="PROJECT" />
        <ProjectStepAgain id={id} />
      </div>
    );
  }
  const step = draft.data.step === 'PROJECT' ? 'OPPORTUNITIES' : draft.data.step;
  const at = WIZARD_STEPS.indexOf(step);
  const go = (next: WizardStep) => {
    setAlert(null);
    // Step 1 is the project itself: going back there edits it in place (the step saved stays where it was).
    if (next === 'PROJECT') {
      void navigate(`${paths.project.createDraft(id)}?step=project`);
      return;
    }
    save.mutate(next, { onError: toastError });
  };
  const onFinish = () =>
    finish.mutate(undefined, {
      onSuccess: async () => {
        toast.success(DRAFT_MESSAGES.finished);
        await navigate(paths.project.overview(id));
      },
      onError: (error) => {
        setAlert(DRAFT_MESSAGES.needsOpportunity);
        toastError(error);
      },
    });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title={`Set up ${draft.data.name}`} description="Your progress is saved at every step." />
      <StepList current={step} />
      <FormAlert message={alert} />
      {step === 'OPPORTUNITIES' ? <OpportunitiesStep projectId={id} /> : null}
      {step === 'TEAM' ? <TeamStep projectId={id} /> : null}
      {step === 'LINK' ? <LinkStep projectId={id} /> : null}
      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
        {at > 0 ? (
          <Button variant="secondary" disabled={save.isPending} onClick={() => go(WIZARD_STEPS[at - 1]!)}>
            Previous step
          </Button>
        ) : null}
        {step === 'LINK' ? (
          <Button disabled={finish.isPending} onClick={onFinish}>
            Finish
          </Button>
        ) : (
          <Button disabled={save.isPending} onClick={() => go(WIZARD_STEPS[at + 1]!)}>
            Continue
          </Button>
        )}
        <LinkButton variant="secondary" to={paths.projects}>
          Save and exit
        </LinkButton>
        <Button variant="ghost" className="ml-auto text-danger" onClick={() => setConfirming(true)}>
          {UI_TEXTS.discardDraft}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={UI_TEXTS.discardDraftQuestion}
        message={`“${draft.data.name}” and the opportunities, invitations and links made in it will be deleted.`}
        confirmLabel={UI_TEXTS.discardDraft}
        busy={discard.isPending}
        onConfirm={() =>
          discard.mutate(id, {
            onSuccess: async () => {
              toast.success(DRAFT_MESSAGES.discarded);
              await navigate(paths.projects);
            },
            onError: toastError,
          })
        }
      />
    </div>
  );
}
