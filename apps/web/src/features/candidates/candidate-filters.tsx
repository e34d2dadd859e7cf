import {
  AGENT_SEARCH_TYPES,
  APPLICANT_SEARCH_MIN_CHARS,
  APPLICANT_SORTS,
  FEEDBACK_VALUES,
  MISSING_DATA_FILTERS,
  TAG_CONDITION_TYPES,
  UI_TEXTS,
  CANDIDATE_MESSAGES,
} from '@casting/domain';
import type { AgentSearchType, Feedback, MissingDataFilter, TagConditionType } from '@casting/domain';
import { useState } from 'react';
import type { ComponentProps } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { MoreFilterFields } from './candidate-filters-more';
import { MultiSelect } from '../../ui/multi-select';
import type { MultiSelectOption } from '../../ui/multi-select';
import {
  AGENT_SEARCH_LABELS,
  FEEDBACK_LABELS,
  MISSING_LABELS,
  sortLabel,
  sortNeedsFolder,
  withoutFilters,
} from './candidates-url';
import type { CandidatesView } from './candidates-url';

export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'min-h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink',
        className,
      )}
      {...props}
    />
  );
}

/** A checkbox inside its label (the label names it without ids). */
export function CheckOption({ label, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-ink">
      <input type="checkbox" className="size-4 shrink-0 accent-brand-700" {...props} />
      {label}
    </label>
  );
}

export interface CandidateFiltersProps {
  view: CandidatesView;
  onChange(view: CandidatesView): void;
  genders: readonly MultiSelectOption[];
  tags: readonly MultiSelectOption[];
  /** Team members whose feedback can be filtered by; null when the person may not see feedback. */
  teamMembers: readonly MultiSelectOption[] | null;
  /** The feedback filter needs the feedback folders (FOLDERS_FEEDBACK); hidden otherwise. */
  feedbackEnabled: boolean;
  /** The project's submission links; null when the person may not use links (SUBMIT_TALENT). */
  referralLinks?: readonly MultiSelectOption[] | null;
  /** Agents to filter by, and the agent search; null when the person may not choose agents (see the page). */
  agents?: readonly MultiSelectOption[] | null;
  unions?: readonly MultiSelectOption[];
  ethnicAppearances?: readonly MultiSelectOption[];
}

/** Parses an age box: empty is no limit; anything else must be a whole number of years up to 120. */
function ageValue(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > 120) return 'invalid';
  return Number(trimmed);
}

/**
 * Every filter the list takes. Choices apply at once; the age boxes apply when a person leaves
 * them or presses Enter, so typing '3' on the way to '35' does not fetch a list.
 */
export function CandidateFilters({
  view,
  onChange,
  genders,
  tags,
  teamMembers,
  feedbackEnabled,
  referralLinks = null,
  agents = null,
  ...lookups
}: CandidateFiltersProps) {
  const set = (patch: Partial<CandidatesView>) => onChange({ ...view, ...patch });
  return (
    <div className="grid gap-4 rounded-lg border border-line bg-surface p-4 sm:grid-cols-2 xl:grid-cols-3">
      {feedbackEnabled ? (
        <Field label="Feedback">
          {(props) => (
            <NativeSelect
              {...props}
              value={view.feedback ?? ''}
              onChange={(event) => set({ feedback: (event.target.value || null) as Feedback | null })}
            >
              <option value="">Any feedback</option>
              {FEEDBACK_VALUES.map((value) => (
                <option key={value} value={value}>
                  {FEEDBACK_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ) : null}
      <AgeRange view={view} onChange={onChange} />
      <Field label="Gender">
        {(props) => (
          <MultiSelect
            {...props}
            label="Gender"
            options={genders}
            value={view.gender}
            onChange={(gender) => set({ gender })}
          />
        )}
      </Field>
      <MissingSelect
        label="Missing gender"
        value={view.missingGender}
        onChange={(missingGender) => set({ missingGender })}
      />
      <MissingSelect
        label="Missing age"
        value={view.missingAge}
        onChange={(missingAge) => set({ missingAge })}
      />
      <TagCondition
        label="With tags"
        options={tags}
        value={view.tagsIn}
        mode={view.tagsInMode}
        onChange={(tagsIn, tagsInMode) => set({ tagsIn, tagsInMode })}
      />
      <TagCondition
        label="Without tags"
        options={tags}
        value={view.tagsNotIn}
        mode={view.tagsNotInMode}
        onChange={(tagsNotIn, tagsNotInMode) => set({ tagsNotIn, tagsNotInMode })}
      />
      {teamMembers ? (
        <TagCondition
          label="Feedback from"
          options={teamMembers}
          value={view.feedbackFrom}
          mode={view.feedbackFromMode}
          onChange={(feedbackFrom, feedbackFromMode) => set({ feedbackFrom, feedbackFromMode })}
          emptyText="No team member has signed up yet."
        />
      ) : null}
      {referralLinks ? (
        <Field label="Referral link">
          {(props) => (
            <MultiSelect
              {...props}
              label="Referral link"
              options={referralLinks}
              value={view.referral}
              onChange={(referral) => set({ referral })}
              emptyText="This project has no submission links yet."
            />
          )}
        </Field>
      ) : null}
      {agents ? (
        <>
          <Field label="Agents">
            {(props) => (
              <MultiSelect
                {...props}
                label="Agents"
                options={agents}
                value={view.agents}
                onChange={(next) => set({ agents: next })}
                emptyText="No agency works with this project yet."
              />
            )}
          </Field>
          <AgentSearch view={view} onChange={onChange} />
        </>
      ) : null}
      <MoreFilterFields {...lookups} view={view} onChange={onChange} seesFeedback={teamMembers !== null} />
      <Field label="Sort by" hint={view.folderId ? undefined : 'Choose a folder to sort by hand.'}>
        {(props) => (
          <NativeSelect
            {...props}
            value={view.sort}
            onChange={(event) => set({ sort: event.target.value as CandidatesView['sort'] })}
          >
            {APPLICANT_SORTS.filter((sort) => view.folderId || !sortNeedsFolder(sort)).map((sort) => (
              <option key={sort} value={sort}>
                {sortLabel(sort)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="flex items-end">
        <Button variant="secondary" onClick={() => onChange(withoutFilters(view))}>
          Reset filters
        </Button>
      </div>
    </div>
  );
}

function AgeRange({ view, onChange }: { view: CandidatesView; onChange(view: CandidatesView): void }) {
  // Each box holds what is typed; the view (and the URL) change only with a valid, finished range. A box follows
  // the view when that box's value changes from outside (a chip removed, a link opened), each box on its own, so
  // applying one box never discards what is being typed in the other.
  const [minText, setMinText] = useState(String(view.ageMin ?? ''));
  const [maxText, setMaxText] = useState(String(view.ageMax ?? ''));
  const [seen, setSeen] = useState({ min: view.ageMin, max: view.ageMax });
  if (seen.min !== view.ageMin || seen.max !== view.ageMax) {
    setSeen({ min: view.ageMin, max: view.ageMax });
    if (seen.min !== view.ageMin && ageValue(minText) !== view.ageMin) setMinText(String(view.ageMin ?? ''));
    if (seen.max !== view.ageMax && ageValue(maxText) !== view.ageMax) setMaxText(String(view.ageMax ?? ''));
  }
  const min = ageValue(minText);
  const max = ageValue(maxText);
  const error =
    min === 'invalid' || max === 'invalid'
      ? 'Use whole years from 0 to 120.'
      : min !== null && max !== null && min > max
        ? CANDIDATE_MESSAGES.ageMinAboveMax
        : undefined;
  const commit = () => {
    if (error || min === 'invalid' || max === 'invalid') return;
    if (min === view.ageMin && max === view.ageMax) return;
    onChange({ ...view, ageMin: min, ageMax: max });
  };
  const box = (label: string, value: string, setValue: (text: string) => void, showError: boolean) => (
    <Field label={label} error={showError ? error : undefined}>
      {(props) => (
        <Input
          {...props}
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
      )}
    </Field>
  );
  return (
    <div className="grid grid-cols-2 gap-3">
      {box(UI_TEXTS.minimumAge, minText, setMinText, false)}
      {box(UI_TEXTS.maximumAge, maxText, setMaxText, true)}
    </div>
  );
}

/**
 * Search by the candidates' representatives: what to match (agent name, e-mail, agency name) and the text, applied
 * when the person leaves the box or presses Enter (3 characters at least, as the API asks).
 */
function AgentSearch({ view, onChange }: { view: CandidatesView; onChange(view: CandidatesView): void }) {
  const [text, setText] = useState(view.agentSearchTerm);
  const [seen, setSeen] = useState(view.agentSearchTerm);
  if (seen !== view.agentSearchTerm) {
    // Changed from outside (a chip removed, a link opened): the box follows.
    setSeen(view.agentSearchTerm);
    setText(view.agentSearchTerm);
  }
  const term = text.trim();
  const error =
    term !== '' && term.length < APPLICANT_SEARCH_MIN_CHARS ? CANDIDATE_MESSAGES.searchTooShort : undefined;
  const commit = () => {
    if (error || term === view.agentSearchTerm) return;
    onChange({ ...view, agentSearchTerm: term });
  };
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="Search representatives by">
        {(props) => (
          <NativeSelect
            {...props}
            value={view.agentSearchType}
            onChange={(event) =>
              onChange({ ...view, agentSearchType: event.target.value as AgentSearchType })
            }
          >
            {AGENT_SEARCH_TYPES.map((type) => (
              <option key={type} value={type}>
                {AGENT_SEARCH_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Representative contains" error={error}>
        {(props) => (
          <Input
            {...props}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit();
            }}
          />
        )}
      </Field>
    </div>
  );
}

function MissingSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: MissingDataFilter;
  onChange(value: MissingDataFilter): void;
}) {
  return (
    <Field label={label}>
      {(props) => (
        <NativeSelect
          {...props}
          value={value}
          onChange={(event) => onChange(event.target.value as MissingDataFilter)}
        >
          {MISSING_DATA_FILTERS.map((option) => (
            <option key={option} value={option}>
              {MISSING_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

const MODE_LABELS: Record<TagConditionType, string> = { OR: 'Any of them', AND: 'All of them' };

function TagCondition({
  label,
  options,
  value,
  mode,
  onChange,
  emptyText = UI_TEXTS.noTagsYet,
}: {
  label: string;
  options: readonly MultiSelectOption[];
  value: string[];
  mode: TagConditionType;
  onChange(value: string[], mode: TagConditionType): void;
  emptyText?: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Field label={label}>
        {(props) => (
          <MultiSelect
            {...props}
            label={label}
            options={options}
            value={value}
            onChange={(next) => onChange(next, mode)}
            emptyText={emptyText}
          />
        )}
      </Field>
      {value.length > 1 ? (
        <fieldset className="flex flex-wrap gap-3 text-sm text-ink">
          <legend className="sr-only">{`${label}: match`}</legend>
          {TAG_CONDITION_TYPES.map((option) => (
            <label key={option} className="flex items-center gap-1.5">
              <input
                type="radio"
                className="size-4 accent-brand-700"
                name={`${label}-mode`}
                checked={mode === option}
                onChange={() => onChange(value, option)}
              />
              {MODE_LABELS[option]}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
