import { LOOKUP_NAMES, LOOKUP_TITLES } from '@casting/domain';
import type { LookupName } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { cn } from '../../ui/cn';
import { lookupSummariesQuery } from './lookups-api';
import { LookupValuesPanel } from './lookup-values-panel';

function asLookup(value: string | null): LookupName {
  return LOOKUP_NAMES.find((name) => name === value) ?? LOOKUP_NAMES[0];
}

/** /enums (super admin): every lookup (LOOKUP_TITLES), its values, adding and renaming them. */
export function EnumsPage() {
  const http = useHttpClient();
  const [params, setParams] = useSearchParams();
  const selected = asLookup(params.get('lookup'));
  const { data } = useQuery(lookupSummariesQuery(http));
  const counts = new Map(data?.items.map((item) => [item.lookup, item.valueCount]));

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Enums</h1>
        <p className="mt-1 text-sm text-ink-muted">
          The values people choose from in project and opportunity forms. Add a value or correct a name.
        </p>
      </header>
      <div className="flex flex-col gap-6 md:flex-row">
        <nav aria-label="Lookups" className="md:w-60 md:shrink-0">
          <ul className="flex gap-1 overflow-x-auto pb-1 md:flex-col md:overflow-visible">
            {LOOKUP_NAMES.map((lookup) => (
              <li key={lookup} className="shrink-0">
                <button
                  type="button"
                  aria-current={lookup === selected ? 'true' : undefined}
                  onClick={() => setParams({ lookup }, { replace: true })}
                  className={cn(
                    'flex min-h-10 w-full items-center justify-between gap-3 rounded-md px-3 text-left text-sm font-medium whitespace-nowrap',
                    lookup === selected ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-surface',
                  )}
                >
                  {LOOKUP_TITLES[lookup]}
                  {counts.has(lookup) ? (
                    <span className="text-xs text-ink-muted">{counts.get(lookup)}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <LookupValuesPanel key={selected} lookup={selected} />
      </div>
    </div>
  );
}
