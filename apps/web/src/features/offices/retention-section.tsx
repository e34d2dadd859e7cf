import { extractErrorMessage, RETENTION_TEXTS } from '@casting/domain';
import type { RetentionPreviewItem } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatMoment } from '../../lib/format/moment';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { DataTable, DataTableSkeleton, type DataTableColumn } from '../../ui/data-table';
import { FormSection } from '../../ui/form-controls';
import { retentionPreviewQuery } from './retention-api';

const COLUMNS: readonly DataTableColumn<RetentionPreviewItem>[] = [
  { id: 'project', header: RETENTION_TEXTS.project, rowHeader: true, cell: (item) => item.projectName },
  {
    id: 'archived',
    header: RETENTION_TEXTS.archived,
    className: 'whitespace-nowrap',
    cell: (item) => formatMoment(item.archivedAt),
  },
  {
    id: 'purge',
    header: RETENTION_TEXTS.purgeOn,
    cell: (item) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap">{formatMoment(item.purgeAt)}</span>
        <span className="text-xs text-ink-muted">
          {item.noticeSentAt
            ? RETENTION_TEXTS.noticeSent(formatMoment(item.noticeSentAt))
            : RETENTION_TEXTS.noticeDue}
        </span>
      </span>
    ),
  },
  { id: 'candidates', header: RETENTION_TEXTS.candidates, cell: (item) => item.candidates },
  { id: 'media', header: RETENTION_TEXTS.mediaItems, cell: (item) => item.mediaItems },
];

/** A row with a two-line date, before it is measured. */
const ROW_HEIGHT = 61;

/**
 * What the office's coming purges remove: per archived project, when its unselected candidates lose their media and
 * contact details, and how many they are. Dates name their time zone. Owners only (the settings page shows it to them).
 */
export function RetentionSection() {
  const http = useHttpClient();
  const preview = useInfiniteQuery(retentionPreviewQuery(http));
  const first = preview.data?.pages[0];
  const items = preview.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <FormSection title={RETENTION_TEXTS.section}>
      {preview.isPending ? (
        <DataTableSkeleton label={RETENTION_TEXTS.loading} columns={COLUMNS.map((column) => column.header)} />
      ) : preview.isError ? (
        <p role="alert" className="text-sm text-danger">
          {RETENTION_TEXTS.loadFailed(extractErrorMessage(preview.error))}
        </p>
      ) : first?.retentionDays === null || first === undefined ? (
        <p className="text-sm text-ink">{RETENTION_TEXTS.off}</p>
      ) : (
        <>
          <p className="text-sm text-ink-muted">{RETENTION_TEXTS.intro(first.retentionDays)}</p>
          <DataTable
            label={RETENTION_TEXTS.section}
            caption={RETENTION_TEXTS.caption}
            columns={COLUMNS}
            items={items}
            getKey={(item) => item.projectId}
            estimateSize={ROW_HEIGHT}
            busy={preview.isFetching}
            empty={<p className="text-sm text-ink-muted">{RETENTION_TEXTS.none}</p>}
            minWidthClassName="md:min-w-[640px]"
          />
          {preview.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={preview.isFetchingNextPage}
              onClick={() => void preview.fetchNextPage()}
            >
              {RETENTION_TEXTS.showMore}
            </Button>
          ) : null}
        </>
      )}
    </FormSection>
  );
}
