import { extractErrorMessage, ROSTER_MESSAGES, UI_TEXTS } from '@casting/domain';
import type { RosterPersonItem } from '@casting/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { SkeletonList } from '../../ui/skeleton';
import { lookupValuesQuery } from '../lookups';
import { accessedProjectsQuery } from '../projects';
import { PersonDialog } from './person-dialog';
import { useOpenPerson } from './use-open-person';
import {
  duplicatesQuery,
  NO_ROSTER_FILTERS,
  officeTagsQuery,
  rosterQuery,
  useDismissDuplicate,
  useMerge,
} from './roster-api';
import type { RosterFilters } from './roster-api';

const ALL = 'all';

/** One line about a person: age, location, how many projects, office tags. */
export function personSummary(person: RosterPersonItem): string {
  return (
    [
      person.age !== null ? `${person.age} years` : null,
      person.location,
      person.projectCount === 1 ? '1 project' : `${person.projectCount} projects`,
    ]
      .filter(Boolean)
      .join(' · ') || UI_TEXTS.noDetailsYet
  );
}

/** A filter that is either one of `options` or, as '' (shown as `anyLabel`), any of them. */
function AnyOfSelect({
  label,
  anyLabel,
  value,
  onChange,
  options,
}: {
  label: string;
  anyLabel: string;
  value: string;
  onChange(value: string): void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <Select
          {...control}
          value={value || ALL}
          onValueChange={(next) => onChange(next === ALL ? '' : next)}
          options={[{ value: ALL, label: anyLabel }, ...options]}
        />
      )}
    </Field>
  );
}

function RosterFilterBar({
  filters,
  onChange,
}: {
  filters: RosterFilters;
  onChange(next: RosterFilters): void;
}) {
  const http = useHttpClient();
  const tags = useQuery(officeTagsQuery(http));
  const projects = useQuery(accessedProjectsQuery(http, '', ''));
  const genders = useQuery(lookupValuesQuery(http, 'role-genders'));
  const set = (key: keyof RosterFilters) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <div role="search" aria-label="Roster filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field label="Search by name or e-mail" hint="At least 3 characters">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={filters.q}
            onChange={(event) => set('q')(event.target.value)}
          />
        )}
      </Field>
      <Field label="Sort">
        {(control) => (
          <Select
            {...control}
            value={filters.sort}
            onValueChange={(value) => set('sort')(value)}
            options={[
              { value: 'name', label: 'Name' },
              { value: 'newest', label: UI_TEXTS.newestFirst },
            ]}
          />
        )}
      </Field>
      <AnyOfSelect
        label="Office tag"
        anyLabel="Any tag"
        value={filters.tagId}
        onChange={set('tagId')}
        options={(tags.data?.items ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
      />
      <AnyOfSelect
        label="Applied to project"
        anyLabel="Any project"
        value={filters.projectId}
        onChange={set('projectId')}
        options={(projects.data?.items ?? []).map((project) => ({ value: project.id, label: project.name }))}
      />
      <AnyOfSelect
        label="Gender"
        anyLabel="Any gender"
        value={filters.genderId}
        onChange={set('genderId')}
        options={genders.data ?? []}
      />
      <Field label="Location">
        {(control) => (
          <Input
            {...control}
            value={filters.location}
            onChange={(event) => set('location')(event.target.value)}
          />
        )}
      </Field>
      <Field label="Skill">
        {(control) => (
          <Input {...control} value={filters.skill} onChange={(event) => set('skill')(event.target.value)} />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field label="Age from">
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              max={120}
              inputMode="numeric"
              value={filters.ageMin}
              onChange={(event) => set('ageMin')(event.target.value)}
            />
          )}
        </Field>
        <Field label="Age to">
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              max={120}
              inputMode="numeric"
              value={filters.ageMax}
              onChange={(event) => set('ageMax')(event.target.value)}
            />
          )}
        </Field>
      </div>
    </div>
  );
}

function PeopleList({ filters, onOpen }: { filters: RosterFilters; onOpen(personId: string): void }) {
  const http = useHttpClient();
  const people = useInfiniteQuery(rosterQuery(http, filters));
  const items = people.data?.pages.flatMap((page) => page.items) ?? [];
  if (people.isPending) return <SkeletonList label="Loading the roster" />;
  if (people.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {UI_TEXTS.rosterLoadFailed(extractErrorMessage(people.error))}. Change the filters or reload the page.
      </p>
    );
  }
  if (items.length === 0) return <EmptyState title={ROSTER_MESSAGES.nothingFound} />;
  return (
    <div className="flex flex-col gap-3" aria-busy={people.isFetching}>
      <ul
        aria-label="People"
        className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface"
      >
        {items.map((person) => (
          <li
            key={person.id}
            className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <button
                type="button"
                className="text-left font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                onClick={() => onOpen(person.id)}
              >
                {person.firstName} {person.lastName}
              </button>
              <p className="text-sm break-all text-ink-muted">{person.email ?? 'No e-mail'}</p>
              <p className="text-sm text-ink-muted">{personSummary(person)}</p>
            </div>
            {person.tags.length > 0 ? (
              <ul
                aria-label={`Tags of ${person.firstName} ${person.lastName}`}
                className="flex flex-wrap gap-1"
              >
                {person.tags.map((tag) => (
                  <li key={tag.id} className="rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-800">
                    {tag.name}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {people.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={people.isFetchingNextPage}
          onClick={() => void people.fetchNextPage()}
        >
          {people.isFetchingNextPage ? 'Loading…' : 'Show more people'}
        </Button>
      ) : null}
    </div>
  );
}

/** Likely duplicates: the same names and date of birth. Each pair is merged (after a confirmation) or dismissed. */
function DuplicatesList({ onOpen }: { onOpen(personId: string): void }) {
  const http = useHttpClient();
  const pairs = useInfiniteQuery(duplicatesQuery(http));
  const merge = useMerge();
  const dismiss = useDismissDuplicate();
  const [confirm, setConfirm] = useState<{ kept: RosterPersonItem; merged: RosterPersonItem } | null>(null);
  const items = pairs.data?.pages.flatMap((page) => page.items) ?? [];
  const name = (person: RosterPersonItem) => `${person.firstName} ${person.lastName}`;
  if (pairs.isPending) return <SkeletonList label="Loading likely duplicates" />;
  if (pairs.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {extractErrorMessage(pairs.error)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {items.length === 0 ? <EmptyState title={ROSTER_MESSAGES.noDuplicates} /> : null}
      <ul aria-label={UI_TEXTS.likelyDuplicates} className="flex flex-col gap-3">
        {items.map((pair) => (
          <li key={`${pair.a.id}-${pair.b.id}`} className="rounded-lg border border-line bg-surface p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              {[pair.a, pair.b].map((person) => (
                <div key={person.id} className="min-w-0">
                  <button
                    type="button"
                    className="text-left font-medium text-brand-700 hover:underline"
                    onClick={() => onOpen(person.id)}
                  >
                    {name(person)}
                  </button>
                  <p className="text-sm break-all text-ink-muted">{person.email ?? 'No e-mail'}</p>
                  <p className="text-sm text-ink-muted">
                    Born {person.dateOfBirth} · {personSummary(person)}
                  </p>
                </div>
              ))}
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button onClick={() => setConfirm({ kept: pair.a, merged: pair.b })}>
                Merge into {name(pair.a)} ({pair.a.email ?? 'no e-mail'})
              </Button>
              <Button
                variant="secondary"
                disabled={dismiss.isPending}
                onClick={() =>
                  dismiss.mutate(
                    { personIds: [pair.a.id, pair.b.id] },
                    { onSuccess: () => toast.success(ROSTER_MESSAGES.dismissed), onError: toastError },
                  )
                }
              >
                Not the same person
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {pairs.hasNextPage ? (
        <Button variant="secondary" className="self-center" onClick={() => void pairs.fetchNextPage()}>
          Show more pairs
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? null : setConfirm(null))}
        title="Merge these records?"
        message={confirm ? ROSTER_MESSAGES.mergeConfirm(name(confirm.kept), name(confirm.merged)) : ''}
        confirmLabel="Merge"
        busy={merge.isPending}
        onConfirm={() =>
          confirm &&
          merge.mutate(
            { keptId: confirm.kept.id, mergedId: confirm.merged.id },
            {
              onSuccess: () => {
                toast.success(ROSTER_MESSAGES.merged);
                setConfirm(null);
              },
              onError: toastError,
            },
          )
        }
      />
    </div>
  );
}

/**
 * /roster (super admins and admins): every person known to the office, one record however many times they applied,
 * searched and filtered, a page at a time; a person opens in a dialog with everything the office knows of them.
 */
export function RosterPage() {
  const [filters, setFilters] = useState(NO_ROSTER_FILTERS);
  const deferred = useDeferredValue(filters);
  const [view, setView] = useState<'people' | 'duplicates'>('people');
  const [openPerson, setOpenPerson] = useOpenPerson();
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-ink">{ROSTER_MESSAGES.title}</h1>
          <p className="text-sm text-ink-muted">
            Everyone who applied to or was cast by the office, once each.
          </p>
        </div>
        <div role="group" aria-label="Roster view" className="flex gap-2">
          <Button
            variant={view === 'people' ? 'primary' : 'secondary'}
            aria-pressed={view === 'people'}
            onClick={() => setView('people')}
          >
            People
          </Button>
          <Button
            variant={view === 'duplicates' ? 'primary' : 'secondary'}
            aria-pressed={view === 'duplicates'}
            onClick={() => setView('duplicates')}
          >
            {UI_TEXTS.likelyDuplicates}
          </Button>
        </div>
      </div>
      {view === 'people' ? (
        <>
          <RosterFilterBar filters={filters} onChange={setFilters} />
          <PeopleList filters={deferred} onOpen={setOpenPerson} />
        </>
      ) : (
        <DuplicatesList onOpen={setOpenPerson} />
      )}
      {openPerson ? (
        <PersonDialog
          personId={openPerson}
          onOpenPerson={setOpenPerson}
          onClose={() => setOpenPerson(null)}
        />
      ) : null}
    </section>
  );
}
