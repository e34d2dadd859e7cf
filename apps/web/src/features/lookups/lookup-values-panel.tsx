import { extractErrorMessage, LOOKUP_LIMIT, LOOKUP_TITLES } from '@casting/domain';
import type { LookupName } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Pager } from '../../ui/pager';
import { SkeletonList } from '../../ui/skeleton';
import { VirtualList } from '../../ui/virtual-rows';
import { AddLookupValueForm } from './add-lookup-value-form';
import { lookupPageQuery } from './lookups-api';
import { LookupValueRow } from './lookup-value-row';

/** A value row (name and Rename) before it is measured. */
const LOOKUP_ROW_HEIGHT = 57;

/**
 * The values of one lookup, each renamable, a page of LOOKUP_LIMIT (100) at a time: lookups such as
 * cities grow to thousands of values, so the page is long and its rows are virtualised.
 */
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
        <SkeletonList plain rows={3} label={`Loading ${title}`} className="mt-4" />
      ) : isError ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          The values could not be loaded: {extractErrorMessage(error)}
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">No values yet.</p>
      ) : (
        <div className="mt-4">
          <VirtualList
            label={`${title} values`}
            className="divide-y divide-line"
            scrollClassName="max-h-[60vh]"
            items={data.items}
            getKey={(option) => option.value}
            estimateSize={LOOKUP_ROW_HEIGHT}
            renderItem={(option, rowProps) => (
              <LookupValueRow lookup={lookup} option={option} rowProps={rowProps} />
            )}
          />
        </div>
      )}
      {data ? (
        <div className="mt-4">
          <Pager
            label={`${title} pages`}
            offset={offset}
            pageSize={LOOKUP_LIMIT}
            total={data.total}
            onOffsetChange={setOffset}
          />
        </div>
      ) : null}
    </section>
  );
}
