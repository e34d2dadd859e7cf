import { AGENCY_ADMIN_MESSAGES as TEXT } from '@casting/domain';
import { extractErrorMessage, MESSAGES } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { useDebouncedSearch } from '../../lib/search/search-term';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { SearchField } from '../../ui/search-field';
import { SkeletonList } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import { adminAgenciesQuery, useVerify } from './agencies-api';
import type { Agency, VerifyChange } from './agencies-api';

/** Name searches use the trigram index, which needs 3 characters (the API ignores shorter text). */
const MIN_SEARCH = 3;

/**
 * /agencies (super admin): every agency with its agents, by name, to verify them. A verified agency is offered to
 * the casting team's link dialog by default, and only a verified agent who is a talent submitter may pre-fill links
 * with their agency, so this page is where a super admin vouches for them.
 */
export function AgenciesPage() {
  const http = useHttpClient();
  const [typed, setTyped] = useState('');
  const text = useDebouncedSearch(typed, MIN_SEARCH);
  const agencies = useInfiniteQuery(adminAgenciesQuery(http, text));
  const verify = useVerify();
  const items = agencies.data?.pages.flatMap((page) => page.items) ?? [];

  const change = (next: VerifyChange, name: string) =>
    verify.mutate(next, {
      onSuccess: () =>
        toast.success(
          next.kind === 'agency'
            ? next.isVerified
              ? TEXT.agencyVerified(name)
              : TEXT.agencyUnverified(name)
            : next.isVerified
              ? TEXT.agentVerified(name)
              : TEXT.agentUnverified(name),
        ),
      onError: toastError,
    });

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-ink">{TEXT.pageTitle}</h1>
      <div className="max-w-md">
        <SearchField
          label={TEXT.searchLabel}
          value={typed}
          onChange={setTyped}
          minChars={MIN_SEARCH}
          hint={TEXT.searchHint}
        />
      </div>
      {agencies.isPending ? (
        <SkeletonList label="Loading agencies" rows={3} />
      ) : agencies.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(agencies.error))}
        </p>
      ) : items.length === 0 ? (
        <EmptyState title={TEXT.noAgencies} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Agencies" aria-busy={agencies.isFetching}>
          {items.map((agency) => (
            <AgencyCard key={agency.id} agency={agency} busy={verify.isPending} onChange={change} />
          ))}
        </ul>
      )}
      {agencies.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={agencies.isFetchingNextPage}
          onClick={() => void agencies.fetchNextPage()}
        >
          {TEXT.loadMore}
        </Button>
      ) : null}
    </section>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <StatusBadge tone={verified ? 'success' : 'neutral'}>
      {verified ? TEXT.verified : TEXT.notVerified}
    </StatusBadge>
  );
}

function AgencyCard({
  agency,
  busy,
  onChange,
}: {
  agency: Agency;
  busy: boolean;
  onChange(change: VerifyChange, name: string): void;
}) {
  const headingId = `agency-${agency.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-base font-semibold break-words text-ink">
            {agency.name}
          </h2>
          <VerifiedBadge verified={agency.isVerified} />
        </div>
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={`${agency.isVerified ? 'Unverify' : 'Verify'} agency ${agency.name}`}
          onClick={() =>
            onChange({ kind: 'agency', id: agency.id, isVerified: !agency.isVerified }, agency.name)
          }
        >
          {agency.isVerified ? 'Unverify' : 'Verify'}
        </Button>
      </div>
      {agency.websiteUrl ? <p className="text-sm break-all text-ink-muted">{agency.websiteUrl}</p> : null}
      {agency.agents.length === 0 ? (
        <p className="text-sm text-ink-muted">{TEXT.noAgents}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" aria-label={`Agents of ${agency.name}`}>
          {agency.agents.map((agent) => (
            <li key={agent.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-ink">{agent.name}</p>
                <p className="text-xs break-all text-ink-muted">{agent.email}</p>
              </div>
              <div className="flex items-center gap-2">
                <VerifiedBadge verified={agent.isVerified} />
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-label={`${agent.isVerified ? 'Unverify' : 'Verify'} agent ${agent.name}`}
                  onClick={() =>
                    onChange({ kind: 'agent', id: agent.id, isVerified: !agent.isVerified }, agent.name)
                  }
                >
                  {agent.isVerified ? 'Unverify' : 'Verify'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
