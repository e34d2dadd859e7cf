import {
  extractErrorMessage,
  PERSON_DATA_MESSAGES,
  PERSON_EXPORT_STATUS_LABELS,
  type PersonExport,
  type RosterPerson,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { PersonEraseDialog } from './person-erase-dialog';
import { personExportsQuery, useRequestExport } from './person-data-api';
import { dateTime, Section } from './person-section';

const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ExportRow({ item }: { item: PersonExport }) {
  const label = PERSON_EXPORT_STATUS_LABELS[item.status];
  const busy = item.status === 'QUEUED' || item.status === 'RUNNING';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-line px-3 py-2 text-sm">
      <span className="text-ink">{dateTime.format(new Date(item.createdAt))}</span>
      {item.requestedBy ? <span className="text-ink-muted">by {item.requestedBy}</span> : null}
      <span className="font-medium text-ink">{label}</span>
      {busy ? (
        <progress
          className="h-2 w-24 max-w-full"
          max={100}
          value={item.progress}
          aria-label={`${label} ${item.progress}%`}
        />
      ) : null}
      {item.url ? (
        <a className="font-medium text-brand-700 hover:underline" href={item.url} download>
          {PERSON_DATA_MESSAGES.download} ({item.fileCount} files, {sizeText(item.size)})
        </a>
      ) : null}
    </li>
  );
}

/**
 * The person's Data protection section, for the office's owner and casting directors: exports of everything the
 * office holds about them (with progress, then the download), and their erasure.
 */
export function PersonData({ person, onErased }: { person: RosterPerson; onErased(): void }) {
  const http = useHttpClient();
  const exports = useQuery(personExportsQuery(http, person.id));
  const request = useRequestExport(person.id);
  const [erasing, setErasing] = useState(false);
  return (
    <Section title={PERSON_DATA_MESSAGES.section}>
      <p className="text-sm text-ink-muted">{PERSON_DATA_MESSAGES.sectionHint}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={request.isPending}
          onClick={() =>
            request.mutate(undefined, {
              onSuccess: () => toast.success(PERSON_DATA_MESSAGES.exportQueued),
              onError: toastError,
            })
          }
        >
          {PERSON_DATA_MESSAGES.exportData}
        </Button>
        <Button variant="danger" onClick={() => setErasing(true)}>
          {PERSON_DATA_MESSAGES.erasePerson}
        </Button>
      </div>
      {exports.isError ? (
        <p role="alert" className="text-sm text-danger">
          {extractErrorMessage(exports.error)}
        </p>
      ) : exports.data && exports.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{PERSON_DATA_MESSAGES.noExports}</p>
      ) : exports.data ? (
        <ul aria-label={PERSON_DATA_MESSAGES.exportsLabel} aria-live="polite" className="flex flex-col gap-1">
          {exports.data.items.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      {erasing ? (
        <PersonEraseDialog person={person} onClose={() => setErasing(false)} onErased={onErased} />
      ) : null}
    </Section>
  );
}
