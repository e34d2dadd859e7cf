import { extractErrorMessage, LOOKUP_LIMIT, LOOKUP_TITLES } from '@casting/domain';
import type { LookupName } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { AddLookupValueForm } from './add-lookup-value-form';
import { lookupPageQuery } from './lookups-api';
import { LookupValueRow } from './lookup-value-row';

/** The values of one lookup, a page of 100 at a time (spec section 9), each renamable. */
export function LookupValuesPanel({ lookup }: { lookup: LookupName }) {
  const http = useHttpClient();
  const [offset, setOffset] = useState(0);
  const { data, error, isPending, isError } = useQuery(lookupPageQuery(http, lookup, offset));
  const title = LOOKUP_TITLES[lookup];
  const headingId = `lookup-${lookup}-heading`;

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 flex-1 rounded-lg border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <AddLookupValueForm lookup={lookup} title={title} />
      {isPending ? (
        <Spinner label={`Loading ${title}`} className="mt-4" />
      ) : isError ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          The values could not be loaded: {extractErrorMessage(error)}
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">No values yet.</p>
      ) : (
        <ul aria-label={`${title} values`} className="mt-4 divide-y divide-line">
          {data.items.map((option) => (
            <LookupValueRow key={option.value} lookup={lookup} option={option} />
          ))}
        </ul>
      )}
      {data && data.total > LOOKUP_LIMIT ? (
        <div className="mt-4 flex items-center justify-between gap-2 text-sm text-ink-muted">
          <Button
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - LOOKUP_LIMIT))}
          >
            Previous
          </Button>
          <span>
            {offset + 1}–{Math.min(offset + LOOKUP_LIMIT, data.total)} of {data.total}
          </span>
          <Button
            variant="secondary"
            disabled={offset + LOOKUP_LIMIT >= data.total}
            onClick={() => setOffset(offset + LOOKUP_LIMIT)}
          >
            Next
          </Button>
        </div>
      ) : null}
    </section>
  );
}
