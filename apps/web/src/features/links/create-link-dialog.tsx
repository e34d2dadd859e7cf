import {
  INVITE_DIALOG_WIDTH,
  LINK_MESSAGES,
  linkTitleSchema,
  MESSAGES,
  opportunitySelectionSchema,
  SUBMITTER_LINK_SETTING_KEYS,
  UI_TEXTS,
  PUBLIC_TEXTS,
} from '@casting/domain';
import type { CreatedShareLink, Option } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { extractErrorMessage } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { CheckboxField, FormAlert } from '../../ui/form-controls';
import { Select } from '../../ui/select';
import { roleOptionsQuery } from '../opportunities';
import { AgencyPicker } from './agency-picker';
import {
  addAgency,
  addAgent,
  emptyLinkForm,
  formSignature,
  isSettingEnabled,
  previewLine,
  removeAgency,
  removeAgent,
  setRoleIds,
  setSetting,
  settle,
  toLinkPayload,
} from './link-form-state';
import type { AgencyChoice, LinkFormState, SettingName } from './link-form-state';
import { checkTitle, linkOpportunitiesQuery, useCreateLinks } from './links-api';
import { TitleField, useTitleCheck } from './title-field';

/** The toggles with the names the dialog shows and what each does for the talent who opens the link. */
const SETTING_LABELS: Record<SettingName, { label: string; hint: string }> = {
  displayProjectDetails: { label: 'Show project details', hint: 'The apply page describes the project.' },
  displayOpportunityDetails: {
    label: 'Show opportunity details',
    hint: 'The apply page describes the opportunities.',
  },
  allowChangeRep: {
    label: UI_TEXTS.changeAgency,
    hint: 'Talent may change the agency the link is pre-filled with.',
  },
  allowNoRep: { label: UI_TEXTS.noAgency, hint: 'Talent may apply without representation.' },
  allowAddRep: {
    label: PUBLIC_TEXTS.addRepresentation,
    hint: 'Talent may name an agent who is not listed yet.',
  },
  underReview: {
    label: UI_TEXTS.agencyReview,
    hint: 'Submissions go to the agency’s For review folder before the casting team sees them.',
  },
  includeTalent: {
    label: UI_TEXTS.includeCandidate,
    hint: 'The candidate receives the e-mails about the submission.',
  },
  excludeAgent: {
    label: UI_TEXTS.excludeAgent,
    hint: 'The agent does not receive the e-mails about the submission.',
  },
};

const STAFF_SETTINGS: readonly SettingName[] = [
  'displayProjectDetails',
  'displayOpportunityDetails',
  'allowChangeRep',
  'allowNoRep',
  'allowAddRep',
  'underReview',
  'includeTalent',
  'excludeAgent',
];

/**
 * A talent submitter sees only the review and communication settings; the server keeps the others at their stored
 * or default values whatever a submitter sends.
 */
const SUBMITTER_SETTINGS: readonly SettingName[] = SUBMITTER_LINK_SETTING_KEYS;

export interface CreateLinkDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A link to start from ('Clone'): its form with the cloned-title rule already applied. */
  cloneOf?: LinkFormState | null;
  /**
   * A talent submitter's own agency: filled in automatically and not changeable. Null when the submitter is
   * not a verified agent, who then cannot choose agencies at all.
   */
  submitterAgency?: AgencyChoice | null;
  submitter?: boolean;
  /**
   * Editing the group of an existing link (title, opportunities, settings; its representation is fixed once
   * shared): the form starts from the link and Save updates the group.
   */
  edit?: { linkId: string; groupId: string; form: LinkFormState } | null;
  /** From a candidate page the success takes the person to the links page. */
  navigateOnSuccess?: boolean;
  /**
   * The links just created (one per agency chosen) and their title, e.g. for a page that preselects the new link or
   * shows it.
   */
  onCreated?(created: CreatedShareLink[], title: string): void;
}

/** Create New Candidate Submission Link(s): title, agencies or agents, opportunities, default opportunity, settings. */
export function CreateLinkDialog(props: CreateLinkDialogProps) {
  const { open, onOpenChange } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={props.edit ? LINK_MESSAGES.editLinkDialogTitle : MESSAGES.createLinkDialogTitle}
      width={INVITE_DIALOG_WIDTH}
    >
      {open ? <CreateLinkForm {...props} /> : null}
    </Dialog>
  );
}

function initialState(props: CreateLinkDialogProps): LinkFormState {
  if (props.edit) return props.edit.form;
  if (props.cloneOf) return props.cloneOf;
  const empty = emptyLinkForm();
  if (props.submitter && props.submitterAgency) return settle(addAgency(empty, props.submitterAgency));
  return empty;
}

function CreateLinkForm(props: CreateLinkDialogProps) {
  const { projectId, onOpenChange, submitter = false } = props;
  const http = useHttpClient();
  const navigate = useNavigate();
  // A talent submitter is offered only the opportunities shared with their agency.
  const allRoles = useQuery({ ...roleOptionsQuery(http, projectId), enabled: !submitter });
  const sharedRoles = useQuery({ ...linkOpportunitiesQuery(http, projectId), enabled: submitter });
  const roles = submitter ? sharedRoles : allRoles;
  const create = useCreateLinks(projectId);
  const [start] = useState(() => initialState(props));
  const [state, setState] = useState(start);
  const [touched, setTouched] = useState({ title: false, roles: false });
  const [alert, setAlert] = useState<string | null>(null);
  const defaultId = useId();

  const editing = props.edit ?? null;
  const check = useCallback(
    (title: string, signal: AbortSignal) => checkTitle(http, projectId, title, signal, editing?.groupId),
    [http, projectId, editing?.groupId],
  );
  // An edited link keeps its own title without a check (the server excludes its group from the comparison too).
  const titleStatus = useTitleCheck(state.title, check, editing?.form.title);
  const options: readonly Option[] = useMemo(() => roles.data?.items ?? [], [roles.data]);
  const roleName = useMemo(() => {
    const names = new Map(options.map((option) => [option.value, option.label]));
    return (id: string) => names.get(id) ?? 'an opportunity';
  }, [options]);

  const titleValid = linkTitleSchema.safeParse(state.title).success;
  const selection = opportunitySelectionSchema.safeParse({
    roleIds: state.roleIds,
    defaultRoleId: state.defaultRoleId,
  });
  const selectionErrors = new Map(
    selection.success ? [] : selection.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
  );
  const changed = Boolean(props.cloneOf) || formSignature(state) !== formSignature(start);
  const canCreate =
    titleValid && selection.success && titleStatus === 'unique' && changed && !create.isPending;
  const visibleSettings = submitter ? SUBMITTER_SETTINGS : STAFF_SETTINGS;
  const canChooseAgencies = !submitter && !editing;

  const onCreate = () => {
    setTouched({ title: true, roles: true });
    if (!canCreate) return;
    setAlert(null);
    const payload = toLinkPayload(state, projectId);
    create.mutate(editing ? { ...payload, id: editing.linkId } : payload, {
      onSuccess: (created) => {
        toast.success(editing ? LINK_MESSAGES.linkUpdated : MESSAGES.linkCreated);
        onOpenChange(false);
        props.onCreated?.(created, payload.title);
        if (props.navigateOnSuccess) void navigate(paths.project.applicantLinks(projectId));
      },
      onError: (error) => setAlert(extractErrorMessage(error)),
    });
  };

  const toggleRole = (id: string, on: boolean) => {
    setTouched((current) => ({ ...current, roles: true }));
    setState((current) =>
      setRoleIds(current, on ? [...current.roleIds, id] : current.roleIds.filter((roleId) => roleId !== id)),
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        onCreate();
      }}
    >
      <FormAlert message={alert} />
      <TitleField
        value={state.title}
        onChange={(title) => {
          setTouched((current) => ({ ...current, title: true }));
          setState((current) => ({ ...current, title }));
        }}
        status={titleStatus}
        showRequired={touched.title}
      />

      {editing ? (
        <p className="text-sm text-ink-muted">{LINK_MESSAGES.representationFixed}</p>
      ) : canChooseAgencies ? (
        <AgencyPicker
          projectId={projectId}
          agencies={state.agencies}
          agents={state.agents}
          onAddAgency={(agency) => setState((current) => addAgency(current, agency))}
          onAddAgent={(agent) => setState((current) => addAgent(current, agent))}
          onRemoveAgency={(id) => setState((current) => removeAgency(current, id))}
          onRemoveAgent={(id) => setState((current) => removeAgent(current, id))}
        />
      ) : (
        <p className="text-sm text-ink-muted">
          {props.submitterAgency
            ? 'Links are pre-filled with your own agency.'
            : 'Only a verified agent can pre-fill links with an agency.'}
        </p>
      )}

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-ink">
          Opportunities{' '}
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        </legend>
        {roles.isPending ? (
          <p className="text-sm text-ink-muted">Loading opportunities…</p>
        ) : roles.isError ? (
          <p role="alert" className="text-sm text-danger">
            {MESSAGES.errorLoadingData(extractErrorMessage(roles.error))}
          </p>
        ) : options.length === 0 ? (
          <p className="text-sm text-ink-muted">
            {submitter
              ? 'The casting team has not shared an opportunity with your agency yet.'
              : 'This project has no opportunities yet; add one first.'}
          </p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {options.map((option) => (
              <CheckboxField
                key={option.value}
                id={`${defaultId}-role-${option.value}`}
                label={option.label}
                checked={state.roleIds.includes(option.value)}
                onChange={(event) => toggleRole(option.value, event.target.checked)}
              />
            ))}
          </div>
        )}
        {touched.roles && selectionErrors.get('roleIds') ? (
          <p className="text-sm text-danger">{selectionErrors.get('roleIds')}</p>
        ) : null}
      </fieldset>

      {state.roleIds.length > 1 ? (
        <Field required label={UI_TEXTS.defaultOpportunity} error={selectionErrors.get('defaultRoleId')}>
          {(control) => (
            <Select
              {...control}
              value={state.defaultRoleId ?? undefined}
              onValueChange={(value) => setState((current) => ({ ...current, defaultRoleId: value }))}
              placeholder={UI_TEXTS.whereSubmissionsLand}
              options={state.roleIds.map((id) => ({ value: id, label: roleName(id) }))}
            />
          )}
        </Field>
      ) : null}

      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-ink">Settings</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {visibleSettings.map((name) => (
            <CheckboxField
              key={name}
              id={`${defaultId}-${name}`}
              role="switch"
              label={SETTING_LABELS[name].label}
              hint={SETTING_LABELS[name].hint}
              checked={state.settings[name]}
              disabled={!isSettingEnabled(state, name)}
              onChange={(event) => setState((current) => setSetting(current, name, event.target.checked))}
            />
          ))}
        </div>
      </fieldset>

      <p aria-live="polite" className="rounded-md bg-canvas px-3 py-2 text-sm text-ink">
        {previewLine(state, roleName)}
      </p>

      <DialogFooter>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canCreate}>
          {editing ? (create.isPending ? 'Saving…' : 'Save') : create.isPending ? 'Creating…' : 'Create'}
        </Button>
      </DialogFooter>
    </form>
  );
}
