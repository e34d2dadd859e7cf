import { extractErrorMessage, MESSAGES, OFFICE_STATUSES, OFFICE_TEXTS, PAGE_TITLES } from '@casting/domain';
import type { OfficeStatus, OperatorOffice } from '@casting/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { Select } from '../../ui/select';
import { SkeletonList } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import type { StatusTone } from '../../ui/status-badge';
import { currentOfficeQuery } from './offices-api';
import { operatorOfficesQuery, useSetOfficeStatus } from './operator-api';
import { SupportSessionControl } from './support-session-control';

const ANY = 'ANY';
const STATUS_PARAM = 'status';

/** The status filter the address names: none named is the offices awaiting approval, ANY is every office. */
function statusOf(value: string | null): OfficeStatus | null {
  if (value === ANY) return null;
  return OFFICE_STATUSES.find((status) => status === value) ?? 'PENDING_APPROVAL';
}
const createdFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const TONE: Record<OfficeStatus, StatusTone> = {
  ACTIVE: 'success',
  PENDING_APPROVAL: 'warning',
  SUSPENDED: 'danger',
};

/** What the operator may do with an office in each state, with the question asked first and the outcome told after. */
const ACTIONS: Record<
  OfficeStatus,
  {
    to: OfficeStatus;
    label: string;
    named(office: string): string;
    title(office: string): string;
    message: string;
    done(office: string): string;
  }
> = {
  PENDING_APPROVAL: {
    to: 'ACTIVE',
    label: OFFICE_TEXTS.approve,
    named: OFFICE_TEXTS.approveNamed,
    title: OFFICE_TEXTS.approveTitle,
    message: OFFICE_TEXTS.approveMessage,
    done: OFFICE_TEXTS.officeApproved,
  },
  ACTIVE: {
    to: 'SUSPENDED',
    label: OFFICE_TEXTS.suspend,
    named: OFFICE_TEXTS.suspendNamed,
    title: OFFICE_TEXTS.suspendTitle,
    message: OFFICE_TEXTS.suspendMessage,
    done: OFFICE_TEXTS.officeSuspended,
  },
  SUSPENDED: {
    to: 'ACTIVE',
    label: OFFICE_TEXTS.reactivate,
    named: OFFICE_TEXTS.reactivateNamed,
    title: OFFICE_TEXTS.reactivateTitle,
    message: OFFICE_TEXTS.reactivateMessage,
    done: OFFICE_TEXTS.officeReactivated,
  },
};

const STATUS_OPTIONS = [
  { value: ANY, label: OFFICE_TEXTS.anyStatus },
  ...OFFICE_STATUSES.map((status) => ({ value: status, label: OFFICE_TEXTS.officeStatusNames[status] })),
];

/**
 * /operator/offices (super admins): every office of the installation by status, to approve new ones and to suspend
 * or reactivate, each after a confirmation, and to work in an office that grants support access.
 */
export function OperatorOfficesPage() {
  const http = useHttpClient();
  const filterId = useId();
  // New offices waiting for approval are what the operator comes here for first. The filter lives in the address, so
  // it survives the page starting over when a support session moves the operator's session to another office.
  const [search, setSearch] = useSearchParams();
  const status = statusOf(search.get(STATUS_PARAM));
  const setStatus = (value: OfficeStatus | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set(STATUS_PARAM, value ?? ANY);
      return next;
    });
  const offices = useInfiniteQuery(operatorOfficesQuery(http, status));
  // The office the operator's session works in, if any: its card offers the way out of a support session.
  const here = useQuery(currentOfficeQuery(http)).data?.id ?? null;
  const items = offices.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageHeader title={PAGE_TITLES.offices} description={OFFICE_TEXTS.operatorIntro} />
      <div className="flex max-w-xs flex-col gap-1">
        <label htmlFor={filterId} className="text-sm font-medium text-ink">
          {OFFICE_TEXTS.statusFilter}
        </label>
        <Select
          id={filterId}
          value={status ?? ANY}
          options={STATUS_OPTIONS}
          onValueChange={(value) => setStatus(value === ANY ? null : (value as OfficeStatus))}
        />
      </div>
      {offices.isPending ? (
        <SkeletonList label={OFFICE_TEXTS.loadingOffices} rows={3} />
      ) : offices.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(offices.error))}
        </p>
      ) : items.length === 0 ? (
        <EmptyState title={OFFICE_TEXTS.noOfficesWithStatus} />
      ) : (
        <ul
          className="flex flex-col gap-3"
          aria-label={OFFICE_TEXTS.officesList}
          aria-busy={offices.isFetching}
        >
          {items.map((office) => (
            <OfficeCard key={office.id} office={office} here={office.id === here} />
          ))}
        </ul>
      )}
      {offices.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={offices.isFetchingNextPage}
          onClick={() => void offices.fetchNextPage()}
        >
          {OFFICE_TEXTS.showMoreOffices}
        </Button>
      ) : null}
    </section>
  );
}

function OfficeCard({ office, here }: { office: OperatorOffice; here: boolean }) {
  const setStatus = useSetOfficeStatus();
  const [confirming, setConfirming] = useState(false);
  const action = ACTIONS[office.status];
  const headingId = `office-${office.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-line bg-surface p-4"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-base font-semibold break-words text-ink">
            {office.name}
          </h2>
          <StatusBadge tone={TONE[office.status]}>
            {OFFICE_TEXTS.officeStatusNames[office.status]}
          </StatusBadge>
        </div>
        <p className="text-sm break-all text-ink-muted">
          {office.ownerEmails.length > 0
            ? OFFICE_TEXTS.officeOwners(office.ownerEmails.join(', '))
            : OFFICE_TEXTS.noOwners}
        </p>
        <p className="text-sm text-ink-muted">
          {OFFICE_TEXTS.officeCreated(createdFormat.format(new Date(office.createdAt)))}
        </p>
      </div>
      <Button
        variant={action.to === 'SUSPENDED' ? 'secondary' : 'primary'}
        aria-label={action.named(office.name)}
        disabled={setStatus.isPending}
        onClick={() => setConfirming(true)}
      >
        {action.label}
      </Button>
      <SupportSessionControl office={office} here={here} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={action.title(office.name)}
        message={action.message}
        confirmLabel={action.label}
        busy={setStatus.isPending}
        confirmVariant={action.to === 'SUSPENDED' ? 'danger' : 'primary'}
        onConfirm={() =>
          setStatus.mutate(
            { officeId: office.id, status: action.to },
            {
              onSuccess: () => {
                setConfirming(false);
                toast.success(action.done(office.name));
              },
              onError: (error) => toast.error(extractErrorMessage(error)),
            },
          )
        }
      />
    </li>
  );
}
