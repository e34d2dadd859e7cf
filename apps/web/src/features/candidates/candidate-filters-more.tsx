import { useState } from 'react';
import {
  CANDIDATE_FILTER_TEXTS,
  RATING_TEXTS,
  SELF_TAPE_FILTER_STATES,
  SELF_TAPE_TEXTS,
} from '@casting/domain';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { MultiSelect, type MultiSelectOption } from '../../ui/multi-select';
import type { CandidatesView } from './candidates-url';
import type { MoreFilters } from './candidates-url-more';

const RATING_STEPS = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];

interface MoreFieldsProps {
  view: CandidatesView;
  onChange(view: CandidatesView): void;
  /** The rating filter is the team's feedback (VIEW_FEEDBACK). */
  seesFeedback: boolean;
  /** The union and ethnic appearance lookups to choose from. */
  unions?: readonly MultiSelectOption[];
  ethnicAppearances?: readonly MultiSelectOption[];
}

/**
 * The panel's richer filters: minimum average rating, height range, union, ethnic appearance, skills and languages,
 * each written to the page's address on change. Text fields apply when they lose focus or on Enter.
 */
export function MoreFilterFields(fields: MoreFieldsProps) {
  const { view, onChange, seesFeedback } = fields;
  const set = (patch: Partial<MoreFilters>) => onChange({ ...view, more: { ...view.more, ...patch } });
  const more = view.more;
  return (
    <>
      {seesFeedback ? (
        <Field label={RATING_TEXTS.minRating}>
          {(props) => (
            <select
              {...props}
              className="h-9 rounded-md border border-line bg-surface px-2 text-sm text-ink"
              value={more.ratingMin ?? ''}
              onChange={(event) =>
                set({ ratingMin: event.target.value === '' ? null : Number(event.target.value) })
              }
            >
              <option value="">{RATING_TEXTS.anyRating}</option>
              {RATING_STEPS.map((step) => (
                <option key={step} value={step}>
                  {RATING_TEXTS.atLeast(step)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <Field label={SELF_TAPE_TEXTS.receivedFilter}>
        {(props) => (
          <select
            {...props}
            className="h-9 rounded-md border border-line bg-surface px-2 text-sm text-ink"
            value={more.selfTapes ?? ''}
            onChange={(event) =>
              set({
                selfTapes: SELF_TAPE_FILTER_STATES.find((state) => state === event.target.value) ?? null,
                ...(event.target.value === '' ? { selfTapeRequestId: null } : {}),
              })
            }
          >
            <option value="">{SELF_TAPE_TEXTS.receivedAny}</option>
            {SELF_TAPE_FILTER_STATES.map((state) => (
              <option key={state} value={state}>
                {SELF_TAPE_TEXTS.receivedStates[state]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-ink">{CANDIDATE_FILTER_TEXTS.height}</legend>
        <div className="flex gap-2">
          <NumberField
            label={CANDIDATE_FILTER_TEXTS.heightMin}
            value={more.heightMin}
            onCommit={(heightMin) => set({ heightMin })}
          />
          <NumberField
            label={CANDIDATE_FILTER_TEXTS.heightMax}
            value={more.heightMax}
            onCommit={(heightMax) => set({ heightMax })}
          />
        </div>
      </fieldset>
      <Field label={CANDIDATE_FILTER_TEXTS.unions}>
        {(props) => (
          <MultiSelect
            {...props}
            label={CANDIDATE_FILTER_TEXTS.unions}
            options={fields.unions ?? []}
            value={more.union}
            onChange={(union) => set({ union })}
          />
        )}
      </Field>
      <Field label={CANDIDATE_FILTER_TEXTS.ethnicAppearance}>
        {(props) => (
          <MultiSelect
            {...props}
            label={CANDIDATE_FILTER_TEXTS.ethnicAppearance}
            options={fields.ethnicAppearances ?? []}
            value={more.ethnicAppearance}
            onChange={(ethnicAppearance) => set({ ethnicAppearance })}
          />
        )}
      </Field>
      <WordsField
        label={CANDIDATE_FILTER_TEXTS.skills}
        hint={CANDIDATE_FILTER_TEXTS.skillsHelp}
        value={more.skills}
        onCommit={(skills) => set({ skills })}
      />
      <WordsField
        label={CANDIDATE_FILTER_TEXTS.languages}
        hint={CANDIDATE_FILTER_TEXTS.languagesHelp}
        value={more.languages}
        onCommit={(languages) => set({ languages })}
      />
    </>
  );
}

/** A whole number of centimetres; an empty box clears the bound. */
function NumberField(props: { label: string; value: number | null; onCommit(value: number | null): void }) {
  const [text, setText] = useState<{ from: number | null; text: string }>({
    from: props.value,
    text: props.value?.toString() ?? '',
  });
  const shown = text.from === props.value ? text.text : (props.value?.toString() ?? '');
  const commit = () => {
    const number = shown.trim() === '' ? null : Number(shown);
    if (number === null || (Number.isInteger(number) && number >= 30 && number <= 275))
      props.onCommit(number);
  };
  return (
    <Input
      aria-label={props.label}
      inputMode="numeric"
      className="w-24"
      value={shown}
      onChange={(event) => setText({ from: props.value, text: event.target.value })}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

/** Words separated by commas (skills, languages). */
function WordsField(props: {
  label: string;
  hint: string;
  value: string[];
  onCommit(value: string[]): void;
}) {
  const joined = props.value.join(', ');
  const [text, setText] = useState({ from: joined, text: joined });
  const shown = text.from === joined ? text.text : joined;
  const commit = () =>
    props.onCommit([
      ...new Set(
        shown
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean),
      ),
    ]);
  return (
    <Field label={props.label} hint={props.hint}>
      {(field) => (
        <Input
          {...field}
          value={shown}
          onChange={(event) => setText({ from: joined, text: event.target.value })}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
      )}
    </Field>
  );
}
