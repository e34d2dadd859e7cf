import { ROSTER_MESSAGES, UI_TEXTS } from '@casting/domain';
import type { RosterPerson } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { accessedProjectsQuery } from '../projects';
import { opportunityOptionsQuery, useAddToOpportunity } from './roster-api';
import { Section } from './person-section';

/** Add to an opportunity: a project the caller is on, then one of its opportunities. */
export function AddToOpportunity({ person }: { person: RosterPerson }) {
  const http = useHttpClient();
  const [projectId, setProjectId] = useState('');
  const [roleId, setRoleId] = useState('');
  const [projectSearch, setProjectSearch] = useState('');
  const deferredSearch = useDeferredValue(projectSearch.trim());
  const projects = useQuery(accessedProjectsQuery(http, deferredSearch, ''));
  const roles = useQuery(opportunityOptionsQuery(http, projectId));
  const add = useAddToOpportunity();
  return (
    <Section title="Add to an opportunity">
      <Field label={UI_TEXTS.findProject} hint="Your projects; type to narrow the list">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={projectSearch}
            onChange={(event) => setProjectSearch(event.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-2 sm:grid-cols-2">
        <Field label="Project">
          {(control) => (
            <Select
              {...control}
              value={projectId || undefined}
              placeholder={UI_TEXTS.chooseProject}
              onValueChange={(value) => {
                setProjectId(value);
                setRoleId('');
              }}
              options={(projects.data?.items ?? [])
                .filter((project) => !project.archived)
                .map((project) => ({ value: project.id, label: project.name }))}
            />
          )}
        </Field>
        <Field label="Opportunity">
          {(control) => (
            <Select
              {...control}
              value={roleId || undefined}
              placeholder={projectId ? UI_TEXTS.chooseOpportunity : UI_TEXTS.chooseProjectFirst}
              disabled={!projectId}
              onValueChange={setRoleId}
              options={(roles.data?.items ?? []).map((role) => ({ value: role.value, label: role.label }))}
            />
          )}
        </Field>
      </div>
      <Button
        className="self-start"
        disabled={!roleId || add.isPending}
        onClick={() =>
          add.mutate(
            { personId: person.id, roleId },
            {
              onSuccess: (result) =>
                toast.success(
                  result.createdSubmission
                    ? ROSTER_MESSAGES.added
                    : 'Already a candidate of this opportunity.',
                ),
              onError: toastError,
            },
          )
        }
      >
        {add.isPending ? 'Adding…' : 'Add to the opportunity'}
      </Button>
    </Section>
  );
}
