import { sql } from 'drizzle-orm';
import {
  OFFICE_STATUSES,
  type OfficeStatus,
  type OperatorOffice,
  type OperatorOfficeList,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { decodeCursor, keysetPage, type KeysetPosition } from '../../platform/db/keyset';
import { notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/ports';
import { enqueueMail } from '../../platform/mail/queue';
import { officeApprovedMessage } from './mail';
import { rowsOf } from '../../platform/db/rows';

/**
 * The installation operator's view of offices. It goes through the database's `operator_offices` and
 * `operator_set_office_status`, which answer an office's name, status, owners' addresses and creation and nothing
 * else: the operator reaches an office's data only through support access the office grants.
 */

interface OperatorRow {
  id: string;
  name: string;
  status: string;
  owner_emails: string[] | string | null;
  created_at: Date | string;
  created_key: string;
  support_until: Date | string | null;
  previous_status?: string;
}

const asStatus = (value: string | undefined): OfficeStatus =>
  OFFICE_STATUSES.find((status) => status === value) ?? 'SUSPENDED';

/** A text[] arrives as an array from node-postgres and PGlite alike; a literal '{a,b}' is read just in case. */
function emailsOf(value: OperatorRow['owner_emails']): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((email) => email.replace(/^"|"$/g, ''));
}

function operatorView(row: OperatorRow): OperatorOffice {
  return {
    id: row.id,
    name: row.name,
    status: asStatus(row.status),
    ownerEmails: emailsOf(row.owner_emails),
    createdAt: new Date(row.created_at).toISOString(),
    supportUntil: row.support_until ? new Date(row.support_until).toISOString() : null,
  };
}

/** Offices newest first, whole or one status, keyset on (created, id). */
export async function listOffices(
  db: Db,
  query: { status?: OfficeStatus | undefined; limit: number; cursor?: string | undefined },
): Promise<OperatorOfficeList> {
  const after: KeysetPosition | null = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = rowsOf<OperatorRow>(
    await db.execute(sql`
      select id, name, status, owner_emails, created_at, office_support_until(id) as support_until,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key
      from operator_offices(${query.status ?? null}::text, ${after?.key ?? null}::timestamptz,
        ${after?.id ?? null}::uuid, ${query.limit + 1}::int)`),
  );
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.created_key, id: row.id }));
  return { items: page.items.map(operatorView), nextCursor: page.nextCursor };
}

/**
 * Approves, suspends or reactivates an office. An approval (from awaiting approval to active) is mailed to each of
 * its owners, with the change: the mail goes out only if the change commits. A suspended office's people work in no
 * office from their next request (the status change clears every instance's authentication cache).
 */
export async function setOfficeStatus(
  deps: { db: Db; jobs: Jobs; publicUrl: string },
  officeId: string,
  status: OfficeStatus,
): Promise<OperatorOffice> {
  return deps.db.transaction(async (tx) => {
    const [row] = rowsOf<OperatorRow>(
      await tx.execute(sql`
        select id, name, status, previous_status, owner_emails, created_at, '' as created_key,
          office_support_until(id) as support_until
        from operator_set_office_status(${officeId}::uuid, ${status}::text)`),
    );
    if (!row) throw notFound('The office');
    const office = operatorView(row);
    if (row.previous_status === 'PENDING_APPROVAL' && status === 'ACTIVE') {
      for (const to of office.ownerEmails) {
        const message = officeApprovedMessage({ to, officeName: office.name, publicUrl: deps.publicUrl });
        await enqueueMail(deps.jobs, { kind: 'notice', message }, tx);
      }
    }
    return office;
  });
}
