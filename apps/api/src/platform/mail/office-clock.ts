import { sql } from 'drizzle-orm';
import { OFFICE_DATE_FORMATS, UTC_CLOCK, type OfficeClock } from '@casting/domain';
import type { Queryable } from '../db/ids';
import { offices } from '../db/schema';

/**
 * The clock of the office the transaction works in, for dates written into what the office sends (e-mails): its
 * time zone and date format. A reader of a mail has no browser to tell their zone, so the office's is used and named.
 * Outside an office (the installation's own mail) the clock is UTC.
 */
export async function officeClock(db: Queryable): Promise<OfficeClock> {
  const [row] = await db
    .select({ timeZone: offices.timeZone, dateFormat: offices.dateFormat })
    .from(offices)
    .where(sql`${offices.id} = current_office_id()`);
  if (!row) return UTC_CLOCK;
  const dateFormat = OFFICE_DATE_FORMATS.find((format) => format === row.dateFormat) ?? UTC_CLOCK.dateFormat;
  return { dateFormat, timeZone: row.timeZone };
}
