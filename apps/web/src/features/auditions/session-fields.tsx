import {
  AUDITION_KIND_LABELS,
  AUDITION_KINDS,
  AUDITION_MESSAGES,
  AUDITION_TEXTS,
  type AuditionKind,
  type AuditionSessionInput,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { timeZoneNames } from '../../lib/format/time-zones';
import { useHttpClient } from '../../lib/http/http-client-context';
import { TextArea } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { MultiSelect } from '../../ui/multi-select';
import { Select } from '../../ui/select';
import { roleOptionsQuery } from '../opportunities';
import { viewerTimeZone } from './auditions-api';
import { parseBreaks } from './schedule-layout';

const T = AUDITION_TEXTS;
const F = AUDITION_TEXTS.fields;
const kindOptions = AUDITION_KINDS.map((value) => ({ value, label: AUDITION_KIND_LABELS[value] }));

export interface SessionDraft {
  kind: AuditionKind;
  name: string;
  roleIds: string[];
  day: string;
  start: string;
  end: string;
  timeZone: string;
  place: string;
  videoLink: string;
  slotMinutes: number;
  breaks: string;
  perSlot: number;
  staff: string;
  notes: string;
}

export const emptyDraft = (kind: AuditionKind = 'AUDITION', name = ''): SessionDraft => ({
  kind,
  name,
  roleIds: [],
  day: '',
  start: '10:00',
  end: '13:00',
  timeZone: viewerTimeZone(),
  place: '',
  videoLink: '',
  slotMinutes: 10,
  breaks: '',
  perSlot: 1,
  staff: '',
  notes: '',
});

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The draft as the API takes it, or null while the breaks cannot be read. */
export function draftInput(draft: SessionDraft): AuditionSessionInput | null {
  const breaks = parseBreaks(draft.breaks);
  if (!breaks) return null;
  return {
    kind: draft.kind,
    name: draft.name.trim(),
    roleIds: draft.roleIds,
    day: draft.day,
    start: draft.start,
    end: draft.end,
    timeZone: draft.timeZone,
    place: orNull(draft.place),
    videoLink: orNull(draft.videoLink),
    slotMinutes: draft.slotMinutes,
    breaks,
    perSlot: draft.perSlot,
    staff: orNull(draft.staff),
    notes: orNull(draft.notes),
  };
}

export function useSessionDraft(initial: SessionDraft) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof SessionDraft>(key: K, value: SessionDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return { draft, set };
}

/** The fields of a session: kind, name, opportunities, day and hours in a time zone, place, slots and notes. */
export function SessionFields({
  projectId,
  draft,
  set,
}: {
  projectId: string;
  draft: SessionDraft;
  set: <K extends keyof SessionDraft>(key: K, value: SessionDraft[K]) => void;
}) {
  const id = useId();
  const http = useHttpClient();
  const roles = useQuery(roleOptionsQuery(http, projectId));
  const zones = useMemo(() => timeZoneNames(draft.timeZone), [draft.timeZone]);
  const breaksBad = parseBreaks(draft.breaks) === null;
  const label = (key: string, text: string) => (
    <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
      {text}
    </label>
  );
  const text = (key: 'name' | 'place' | 'videoLink' | 'staff', type = 'text') => (
    <div className="flex flex-col gap-1">
      {label(key, F[key])}
      <Input
        id={`${id}-${key}`}
        type={type}
        required={key === 'name'}
        value={draft[key]}
        onChange={(event) => set(key, event.target.value)}
      />
    </div>
  );
  const field = (key: 'day' | 'start' | 'end', type: string) => (
    <div className="flex flex-col gap-1">
      {label(key, F[key])}
      <Input
        id={`${id}-${key}`}
        type={type}
        required
        value={draft[key]}
        onChange={(event) => set(key, event.target.value)}
      />
    </div>
  );
  const count = (key: 'slotMinutes' | 'perSlot', max: number) => (
    <div className="flex flex-col gap-1">
      {label(key, F[key])}
      <Input
        id={`${id}-${key}`}
        type="number"
        min={1}
        max={max}
        required
        value={draft[key]}
        onChange={(event) => set(key, Number(event.target.value) || 1)}
      />
    </div>
  );
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        {label('kind', F.kind)}
        <Select
          id={`${id}-kind`}
          value={draft.kind}
          onValueChange={(value) => set('kind', value as AuditionKind)}
          options={kindOptions}
        />
      </div>
      {text('name')}
      <div className="flex flex-col gap-1 sm:col-span-2">
        {label('roles', T.opportunities)}
        <MultiSelect
          id={`${id}-roles`}
          label={T.opportunities}
          options={roles.data?.items ?? []}
          loading={roles.isPending}
          value={draft.roleIds}
          onChange={(value) => set('roleIds', value)}
        />
      </div>
      {field('day', 'date')}
      <div className="flex flex-col gap-1">
        {label('timeZone', F.timeZone)}
        <select
          id={`${id}-timeZone`}
          className="min-h-10 rounded-md border border-line bg-surface px-3 text-sm"
          value={draft.timeZone}
          onChange={(event) => set('timeZone', event.target.value)}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
      {field('start', 'time')}
      {field('end', 'time')}
      {count('slotMinutes', 480)}
      {count('perSlot', 50)}
      <div className="flex flex-col gap-1 sm:col-span-2">
        {label('breaks', T.breaks)}
        <Input
          id={`${id}-breaks`}
          value={draft.breaks}
          aria-invalid={breaksBad}
          aria-describedby={breaksBad ? `${id}-breaks-error` : undefined}
          onChange={(event) => set('breaks', event.target.value)}
        />
        {breaksBad ? (
          <p id={`${id}-breaks-error`} className="text-sm text-danger">
            {T.badBreaks}
          </p>
        ) : null}
      </div>
      {text('place')}
      {text('videoLink', 'url')}
      <div className="sm:col-span-2">{text('staff')}</div>
      <div className="flex flex-col gap-1 sm:col-span-2">
        {label('notes', F.notes)}
        <TextArea
          id={`${id}-notes`}
          rows={3}
          value={draft.notes}
          onChange={(event) => set('notes', event.target.value)}
        />
      </div>
    </div>
  );
}

/** The project's sessions the hours being written would overlap, shown before saving (the API says the same after). */
export function OverlapWarning({ overlaps }: { overlaps: readonly { id: string; name: string }[] }) {
  if (overlaps.length === 0) return null;
  return (
    <div role="status" className="rounded border border-line bg-canvas p-2 text-sm">
      <p>{T.overlapsBeforeSaving}</p>
      <ul className="list-disc pl-5">
        {overlaps.map((session) => (
          <li key={session.id}>{AUDITION_MESSAGES.sessionOverlap(session.name)}</li>
        ))}
      </ul>
    </div>
  );
}
