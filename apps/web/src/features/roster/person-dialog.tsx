import { extractErrorMessage, UI_TEXTS } from '@casting/domain';
import type { RosterPerson } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { AddToOpportunity } from './add-to-opportunity';
import { PersonApplications } from './person-applications';
import { PersonData } from './person-data';
import { Notes, TagEditor } from './person-office';
import { Section } from './person-section';
import { personQuery } from './roster-api';

function Profile({
  person,
  onOpenPerson,
  onErased,
}: {
  person: RosterPerson;
  onOpenPerson(id: string): void;
  onErased(): void;
}) {
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">E-mail</dt>
        <dd className="break-all text-ink">{person.email ?? '—'}</dd>
        <dt className="text-ink-muted">Phone</dt>
        <dd className="text-ink">{person.phone ?? '—'}</dd>
        <dt className="text-ink-muted">Born</dt>
        <dd className="text-ink">
          {person.dateOfBirth ? `${person.dateOfBirth} (${person.age} years)` : '—'}
        </dd>
        <dt className="text-ink-muted">Location</dt>
        <dd className="text-ink">{person.location ?? '—'}</dd>
        {person.skills.length > 0 ? (
          <>
            <dt className="text-ink-muted">Skills</dt>
            <dd className="text-ink">{person.skills.join(', ')}</dd>
          </>
        ) : null}
      </dl>

      {person.likelyDuplicates.length > 0 ? (
        <Section title={UI_TEXTS.likelyDuplicates}>
          <p className="text-sm text-ink-muted">
            Same name and date of birth. Compare and merge from Likely duplicates.
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            {person.likelyDuplicates.map((other) => (
              <li key={other.id}>
                <button
                  type="button"
                  className="text-brand-700 hover:underline"
                  onClick={() => onOpenPerson(other.id)}
                >
                  {other.firstName} {other.lastName} ({other.email ?? 'no e-mail'})
                </button>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <PersonApplications person={person} />

      <TagEditor person={person} />
      <Notes person={person} />
      <AddToOpportunity person={person} />
      {person.mayManageData ? <PersonData person={person} onErased={onErased} /> : null}
    </div>
  );
}

/**
 * A person of the roster: details, office tags and notes, applications across projects, add to an opportunity, and for
 * the office's owner and casting directors the export and erasure of their data.
 */
export function PersonDialog({
  personId,
  onClose,
  onOpenPerson,
}: {
  personId: string;
  onClose(): void;
  onOpenPerson(id: string): void;
}) {
  const http = useHttpClient();
  const person = useQuery(personQuery(http, personId));
  const title = person.data ? `${person.data.firstName} ${person.data.lastName}` : 'Person';
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={title} width={760}>
      <div className="pt-4">
        {person.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading the person</span>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : person.isError ? (
          <p role="alert" className="text-sm text-danger">
            {extractErrorMessage(person.error)}
          </p>
        ) : (
          <Profile person={person.data} onOpenPerson={onOpenPerson} onErased={onClose} />
        )}
      </div>
    </Dialog>
  );
}
