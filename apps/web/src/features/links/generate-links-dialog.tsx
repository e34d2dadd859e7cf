import {
  INVITE_DIALOG_WIDTH,
  LINK_MESSAGES,
  linkGenerationSchema,
  MESSAGES,
  UI_TEXTS,
} from '@casting/domain';
import { extractErrorMessage, effectiveDefaultRoleId, nextDefaultRoleId } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { CheckboxField, FormAlert } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { roleOptionsQuery } from '../opportunities';
import { referralUsersQuery, useGenerateLinks } from './links-api';

export interface GenerateLinksDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The link generation form "with referral users" (SA PO PE TE): a name, at least one
 * opportunity, the team members to make a link for (one each, as one group), and Representation, which pre-fills
 * each link with that person's agent record and so needs every one of them to belong to a talent agency.
 */
export function GenerateLinksDialog(props: GenerateLinksDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Generate links for referral users"
      width={INVITE_DIALOG_WIDTH}
    >
      {props.open ? <GenerateLinksForm {...props} /> : null}
    </Dialog>
  );
}

function GenerateLinksForm({ projectId, onOpenChange }: GenerateLinksDialogProps) {
  const http = useHttpClient();
  const roles = useQuery(roleOptionsQuery(http, projectId));
  const people = useQuery(referralUsersQuery(http, projectId));
  const generate = useGenerateLinks(projectId);
  const [name, setName] = useState('');
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [defaultRoleId, setDefaultRoleId] = useState<string | null>(null);
  const [representation, setRepresentation] = useState(false);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const baseId = useId();

  const team = people.data?.items ?? [];
  const chosen = team.filter((person) => userIds.includes(person.id));
  const parsed = linkGenerationSchema.safeParse({
    name,
    roleIds,
    representation,
    referralUsers: chosen.map((person) => ({ id: person.id, name: person.name, agencyId: person.agencyId })),
  });
  const errors = new Map(
    parsed.success ? [] : parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
  );
  if (userIds.length === 0) errors.set('referralUsers', LINK_MESSAGES.chooseReferralUser);
  const defaultMissing = roleIds.length > 1 && !effectiveDefaultRoleId(roleIds, defaultRoleId);
  if (defaultMissing) errors.set('defaultRoleId', MESSAGES.defaultOpportunityRequired);
  const shown = (key: string) => (submitted ? errors.get(key) : undefined);
  const roleName = (id: string) => roles.data?.items.find((option) => option.value === id)?.label ?? id;

  const toggle = (list: string[], id: string, on: boolean) =>
    on ? [...list, id] : list.filter((item) => item !== id);

  const onSubmit = () => {
    setSubmitted(true);
    if (errors.size > 0) return;
    setAlert(null);
    generate.mutate(
      { name: name.trim(), roleIds, defaultRoleId, representation, referralUserIds: userIds },
      {
        onSuccess: (links) => {
          toast.success(LINK_MESSAGES.linksGenerated(links.length));
          onOpenChange(false);
        },
        onError: (error) => setAlert(extractErrorMessage(error)),
      },
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormAlert message={alert} />
      <Field required label="Name" error={shown('name')}>
        {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
      </Field>

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-ink">Opportunities</legend>
        {roles.isError ? (
          <p role="alert" className="text-sm text-danger">
            {MESSAGES.errorLoadingData(extractErrorMessage(roles.error))}
          </p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {(roles.data?.items ?? []).map((option) => (
              <CheckboxField
                key={option.value}
                id={`${baseId}-role-${option.value}`}
                label={option.label}
                checked={roleIds.includes(option.value)}
                onChange={(event) => {
                  const next = toggle(roleIds, option.value, event.target.checked);
                  setRoleIds(next);
                  setDefaultRoleId((current) => nextDefaultRoleId(next, current));
                }}
              />
            ))}
          </div>
        )}
        {shown('roleIds') ? <p className="text-sm text-danger">{shown('roleIds')}</p> : null}
      </fieldset>

      {roleIds.length > 1 ? (
        <Field required label={UI_TEXTS.defaultOpportunity} error={shown('defaultRoleId')}>
          {(control) => (
            <Select
              {...control}
              value={defaultRoleId ?? undefined}
              onValueChange={setDefaultRoleId}
              placeholder={UI_TEXTS.whereSubmissionsLand}
              options={roleIds.map((id) => ({ value: id, label: roleName(id) }))}
            />
          )}
        </Field>
      ) : null}

      <CheckboxField
        id={`${baseId}-representation`}
        role="switch"
        label="Representation"
        hint="Each link is pre-filled with that person’s agency, as their agent."
        checked={representation}
        onChange={(event) => setRepresentation(event.target.checked)}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-ink">Referral users</legend>
        {people.isError ? (
          <p role="alert" className="text-sm text-danger">
            {MESSAGES.errorLoadingData(extractErrorMessage(people.error))}
          </p>
        ) : (
          <div className="flex max-h-60 flex-col gap-2 overflow-y-auto">
            {team.map((person) => (
              <CheckboxField
                key={person.id}
                id={`${baseId}-user-${person.id}`}
                label={person.name}
                hint={person.agencyName ?? 'No agency'}
                checked={userIds.includes(person.id)}
                onChange={(event) => setUserIds(toggle(userIds, person.id, event.target.checked))}
              />
            ))}
          </div>
        )}
        {shown('referralUsers') ? (
          <p role="alert" className="text-sm text-danger">
            {shown('referralUsers')}
          </p>
        ) : null}
      </fieldset>

      <DialogFooter>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending ? 'Generating…' : UI_TEXTS.generateLinks}
        </Button>
      </DialogFooter>
    </form>
  );
}
