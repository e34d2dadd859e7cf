import { sql, type SQL } from 'drizzle-orm';
import {
  PERSON_DATA_MESSAGES,
  confirmsErasure,
  type PersonErasure,
  type PersonErasureCounts,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Tx } from '../../platform/db/ids';
import { fieldErrors } from '../../platform/errors';
import { requestStoragePurge } from '../../platform/storage/purge';
import { publishApplicantsUpdated } from '../candidates';
import { emitWebhookEvent } from '../webhooks';
import { personRow } from './people-rows';
import { rowsOf } from '../../platform/db/rows';

const list = (values: readonly string[], type: 'uuid' | 'text'): SQL =>
  values.length === 0
    ? sql.raw(`array[]::${type}[]`)
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::${sql.raw(type)}[]`;

/** Runs a data-modifying statement wrapped as `with d as (...) select count(*)`: how many rows it touched. */
async function count(tx: Tx, statement: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`with d as (${statement}) select count(*)::int as n from d`),
  );
  return row?.n ?? 0;
}

/** The counts of what goes by cascade, read before it goes. */
type Cascaded = Pick<
  PersonErasureCounts,
  | 'votes'
  | 'folderPlaces'
  | 'projectTags'
  | 'officeTags'
  | 'notes'
  | 'rosterEntries'
  | 'chatThreads'
  | 'chatMessages'
  | 'representation'
  | 'clientFeedback'
  | 'duplicateDismissals'
  | 'privateLinks'
  | 'mediaItems'
  | 'personExports'
  | 'files'
>;

const folded = (value: string | null) => (value ? value.normalize('NFC').trim().toLowerCase() : null);
const present = (values: readonly (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * Erases a person from the office on their request, in one transaction: their applicants in every project (and with
 * them, by cascade, submissions, votes, folder places, project tags, client feedback and items, roster entries and
 * events, chat threads with their messages, deliveries and reply links, representation, private links, media items
 * and uploads), then the person (notes, office tags, duplicate dismissals, merges, earlier exports). What names them
 * without a foreign key goes explicitly: e-mails and invitations addressed to them (and the outbox's copies of mail
 * and texts sent to their address or phone), import rows holding their details,
 * downloads, client-review exports and project exports that contain them (whole), cached answers naming their ids.
 *
 * No file is deleted here: every stored object of a deleted row reaches `storage_purges` in this transaction (the
 * delete triggers, or the inserts below), and the purge job deletes them once it commits. A crash before the commit
 * leaves both rows and files; after it, the purge rows are durable and the job retries until the files are gone.
 */
export async function erasePerson(
  context: AppContext,
  personId: string,
  confirm: string,
): Promise<PersonErasure> {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const person = await personRow(tx, personId, true);
    if (!confirmsErasure(confirm, person)) {
      throw fieldErrors([{ path: 'body.confirm', message: PERSON_DATA_MESSAGES.confirmMismatch }]);
    }
    const applied = rowsOf<{
      id: string;
      project_id: string;
      email: string | null;
      phone: string | null;
      first_name: string;
      last_name: string;
    }>(
      await tx.execute(sql`select id, project_id, email, phone, first_name, last_name from applicants
        where person_id = ${person.id} for update`),
    );
    const subs = rowsOf<{ id: string; project_id: string }>(
      await tx.execute(sql`select id, project_id from submissions
        where applicant_id = any(${list(
          applied.map((a) => a.id),
          'uuid',
        )})`),
    );
    const P = sql`${person.id}::uuid`;
    const A = list(
      applied.map((a) => a.id),
      'uuid',
    );
    const S = list(
      subs.map((s) => s.id),
      'uuid',
    );
    const E = list(present([person.email, ...applied.map((a) => a.email)].map(folded)), 'text');
    const phones = present([person.phone, ...applied.map((a) => a.phone)].map((p) => p?.trim() ?? null));
    const N = list(
      present(
        [person, ...applied.map((a) => ({ firstName: a.first_name, lastName: a.last_name }))].map((p) =>
          folded(`${p.firstName} ${p.lastName}`),
        ),
      ),
      'text',
    );
    const contactDetails = sql`${E} || ${list(phones, 'text')}`;
    const ids = list([person.id, ...applied.map((a) => a.id), ...subs.map((s) => s.id)], 'text');

    // What goes by cascade is counted before it goes.
    const [cascaded] = rowsOf<Cascaded>(
      await tx.execute(sql`select
        (select count(*) from votes where submission_id = any(${S}))::int as "votes",
        (select count(*) from folder_memberships where submission_id = any(${S}))::int as "folderPlaces",
        (select count(*) from applicant_tags where applicant_id = any(${A}))::int as "projectTags",
        (select count(*) from person_tags where person_id = ${P})::int as "officeTags",
        (select count(*) from person_notes where person_id = ${P})::int as "notes",
        (select count(*) from roster_entries where applicant_id = any(${A}))::int as "rosterEntries",
        (select count(*) from chat_threads where applicant_id = any(${A}))::int as "chatThreads",
        (select count(*) from chat_messages m join chat_threads t on t.id = m.thread_id
          where t.applicant_id = any(${A}))::int as "chatMessages",
        (select count(*) from applicant_representatives where applicant_id = any(${A}))::int as "representation",
        (select count(*) from client_feedback where submission_id = any(${S}))::int as "clientFeedback",
        (select count(*) from person_duplicate_dismissals
          where person_a_id = ${P} or person_b_id = ${P})::int as "duplicateDismissals",
        (select count(*) from applicant_access_tokens where applicant_id = any(${A}))::int as "privateLinks",
        (select count(*) from media_items where applicant_id = any(${A}))::int as "mediaItems",
        (select count(*) from person_exports where person_id = ${P})::int as "personExports",
        ((select count(*) from media_items i, unnest(array[i.original_key, i.thumbnail_key, i.display_key,
            i.poster_key, i.mp4_key, i.preview_key]) k where i.applicant_id = any(${A}) and k is not null)
          + (select count(*) from media_uploads where applicant_id = any(${A}) and state <> 'ATTACHED')
          + (select count(*) from chat_attachments c join chat_threads t on t.id = c.thread_id
              where t.applicant_id = any(${A}))
          + (select count(*) from person_exports where person_id = ${P}))::int as "files"`),
    );

    // Zips and exports that contain the person are deleted whole (their files by the delete triggers).
    const bundleKeys = rowsOf<{ n: number; files: number }>(
      await tx.execute(sql`with d as (delete from download_bundles
          where applicant_ids && ${A} or recipient_email = any(${E}) returning object_key)
        select count(*)::int as n, count(object_key)::int as files from d`),
    )[0]!;
    const clientExports = rowsOf<{ n: number; files: number }>(
      await tx.execute(sql`with d as (delete from client_link_exports
          where link_id in (select link_id from client_link_items where submission_id = any(${S}))
            or recipient_email = any(${E})
          returning csv_key, pdf_key)
        select count(*)::int as n, (count(csv_key) + count(pdf_key))::int as files from d`),
    )[0]!;
    // A project export made after the person applied holds them: its zip goes, the run's record stays.
    const [projectExports] = rowsOf<{ n: number }>(
      await tx.execute(sql`with runs as (select r.id, r.file_key from admin_script_runs r
          where r.script = 'EXPORT_PROJECT' and r.file_key is not null
            and exists (select 1 from applicants a where a.person_id = ${P} and a.project_id = r.project_id
              and (r.finished_at is null or r.finished_at >= a.created_at))),
        queued as (insert into storage_purges (object_key) select file_key from runs returning 1),
        cleared as (update admin_script_runs set file_key = null where id in (select id from runs) returning 1)
        select (select count(*) from cleared)::int as n`),
    );
    await tx.execute(sql`update client_link_visits
      set seen_submission_ids = array(select x from unnest(seen_submission_ids) x where x <> all(${S}))
      where seen_submission_ids && ${S}`);

    // Mail addressed to them and the invitations behind it; their opt-outs go with their address.
    const invitations = await count(
      tx,
      sql`delete from candidate_invitations where lower(email) = any(${E})
        or recipient_id in (select id from email_recipients
          where applicant_id = any(${A}) or submission_id = any(${S})) returning 1`,
    );
    const emailRecipients = await count(
      tx,
      sql`delete from email_recipients where applicant_id = any(${A}) or submission_id = any(${S})
        or lower(email) = any(${E}) returning 1`,
    );
    await tx.execute(sql`delete from email_opt_outs where lower(email) = any(${E})`);
    // The outbox (the embedded stand-in for a mail server and text provider) keeps copies of what reached them.
    await tx.execute(sql`delete from outbox_messages where lower(to_address) = any(${E})
      or to_address = any(${list(phones, 'text')})`);

    // Import rows holding their details, and the source files of the finished imports they came from.
    const imports = rowsOf<{ n: number; files: number }>(
      await tx.execute(sql`with gone as (delete from import_rows r
          where r.applicant_id = any(${A}) or lower(r.name) = any(${N})
            or exists (select 1 from jsonb_array_elements_text(coalesce(r.cells, '[]'::jsonb)) c
              where lower(trim(c)) = any(${contactDetails}))
          returning r.job_id),
        sources as (select k.key from import_jobs j, unnest(array[j.file_key, j.media_zip_key]) k(key)
          where j.id in (select job_id from gone) and j.status in ('DONE', 'FAILED') and k.key is not null),
        queued as (insert into storage_purges (object_key) select key from sources returning 1)
        select (select count(*) from gone)::int as n, (select count(*) from queued)::int as files`),
    )[0]!;
    await tx.execute(sql`delete from media_upload_failures f
      where exists (select 1 from unnest(${ids}) i where strpos(f.context::text, i) > 0)`);
    // Replayable answers of creating calls (idempotency keys) that named them.
    await tx.execute(sql`delete from idempotency_keys k
      where exists (select 1 from unnest(${ids}) i where strpos(k.body, i) > 0)`);
    const merges = await count(
      tx,
      sql`delete from person_merges where kept_person_id = ${P} or merged_person_id = ${P}
        or lower(merged_person->>'email') = any(${E}) returning 1`,
    );

    for (const projectId of new Set(applied.map((a) => a.project_id))) {
      const inProject = subs.filter((s) => s.project_id === projectId).length;
      await publishApplicantsUpdated(context.events, tx, projectId, 'DELETE', inProject);
    }
    const applicantsGone = await count(tx, sql`delete from applicants where person_id = ${P} returning 1`);
    await tx.execute(sql`delete from people where id = ${P}`);
    await emitWebhookEvent(context.jobs, tx, 'candidate.erased', {
      personId: person.id,
      projectIds: [...new Set(applied.map((a) => a.project_id))],
    });
    await requestStoragePurge(context.jobs, { tx: tx as unknown as Db });

    const c = cascaded!;
    return {
      id: person.id,
      removed: {
        ...c,
        people: 1,
        applicants: applicantsGone,
        submissions: subs.length,
        emailRecipients,
        invitations,
        importRows: imports.n,
        merges,
        downloadBundles: bundleKeys.n,
        clientExports: clientExports.n,
        projectExports: projectExports!.n,
        files: c.files + bundleKeys.files + clientExports.files + projectExports!.n + imports.files,
      },
    };
  });
}
