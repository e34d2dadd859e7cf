import { ADD_REPRESENTATION_DIALOG_WIDTH, PUBLIC_TEXTS } from '@casting/domain';
import type { ResolvedLink } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { linkRepresentatives } from './apply-api';
import { RepresentativeFields } from '../representation';
import type { NewRepresentative } from '../representation';

/** Who represents the talent: an agent the link offers, a new one they add, or none. */
export type RepresentationChoice = { kind: 'existing'; repId: string } | { kind: 'none' } | { kind: 'new' };

/** The choices a link's settings allow (allowChangeRep, allowAddRep, allowNoRep). */
export function representationOptions(link: ResolvedLink) {
  const settings = link.settings;
  const prefilled = Boolean(link.representative || link.agency);
  return {
    prefilled,
    canAdd: Boolean(
      settings && (prefilled ? settings.allowChangeRep || settings.allowAddRep : settings.allowAddRep),
    ),
    canChooseNone: Boolean(settings && (!prefilled || settings.allowChangeRep) && settings.allowNoRep),
  };
}

export function RepresentationSection({
  link,
  token,
  choice,
  onChoice,
  rep,
  onRep,
  errors,
}: {
  link: ResolvedLink;
  token: string;
  choice: RepresentationChoice | null;
  onChoice(choice: RepresentationChoice): void;
  rep: NewRepresentative;
  onRep(rep: NewRepresentative): void;
  errors: Record<string, string | undefined>;
}) {
  const http = useHttpClient();
  const name = useId();
  const { prefilled, canAdd, canChooseNone } = representationOptions(link);
  // The agents a link's agency offers; a link for one agent offers that agent.
  const agents = useQuery({
    queryKey: ['link-representatives', token],
    queryFn: ({ signal }) => linkRepresentatives(http, token, signal),
    enabled: prefilled,
    retry: false,
  });
  const offered = agents.data?.items ?? (link.representative ? [link.representative] : []);
  if (!prefilled && !canAdd && !canChooseNone) return null;

  const selected = (value: RepresentationChoice) =>
    choice?.kind === value.kind &&
    (value.kind !== 'existing' || (choice.kind === 'existing' && choice.repId === value.repId));

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold text-ink">Representation</legend>
      {link.agency ? (
        <p className="text-sm text-ink-muted">This link comes from {link.agency.name}.</p>
      ) : null}
      {offered.map((item) => (
        <Radio
          key={item.id}
          name={name}
          label={`${item.agent.name}, ${item.agency.name}`}
          checked={selected({ kind: 'existing', repId: item.agent.id })}
          onChange={() => onChoice({ kind: 'existing', repId: item.agent.id })}
        />
      ))}
      {canAdd ? (
        <Radio
          name={name}
          label={prefilled ? 'Someone else represents me' : 'I have an agent'}
          checked={selected({ kind: 'new' })}
          onChange={() => onChoice({ kind: 'new' })}
        />
      ) : null}
      {canChooseNone ? (
        <Radio
          name={name}
          label="I don’t have representation"
          checked={selected({ kind: 'none' })}
          onChange={() => onChoice({ kind: 'none' })}
        />
      ) : null}
      {errors.representation ? <p className="text-sm text-danger">{errors.representation}</p> : null}
      {choice?.kind === 'new' ? (
        <section
          aria-label={PUBLIC_TEXTS.addRepresentation}
          style={{ maxWidth: ADD_REPRESENTATION_DIALOG_WIDTH }}
          className="flex flex-col gap-3 rounded-lg border border-line p-4"
        >
          <h3 className="text-sm font-semibold text-ink">{PUBLIC_TEXTS.addRepresentation}</h3>
          <RepresentativeFields rep={rep} onRep={onRep} errors={errors} />
        </section>
      ) : null}
    </fieldset>
  );
}

function Radio({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange(): void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        id={id}
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="size-5 accent-brand-700"
      />
      <label htmlFor={id} className="text-base text-ink">
        {label}
      </label>
    </div>
  );
}
