import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/ids';
import { safeName } from '../media';
import { rowsOf } from '../../platform/db/rows';

async function select<T>(db: Queryable, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

type Row = Record<string, unknown>;
type Keyed = Row & { applicantId: string };
type BySubmission = Row & { submissionId: string };

/** A media original of the person, as the export's zip names it. */
export interface ExportedMedia {
  id: string;
  applicantId: string;
  projectName: string;
  name: string;
  kind: string;
  contentType: string;
  size: number;
  originalKey: string;
  uploadedAt: string;
}

/** What `person.json` holds, and the originals the zip adds beside it. */
export interface PersonExportData {
  json: Record<string, unknown>;
  media: ExportedMedia[];
}

const byKey = <T extends Row>(rows: T[], key: keyof T, value: unknown) =>
  rows.filter((row) => row[key] === value).map(({ [key]: _omitted, ...rest }) => rest);

/**
 * Everything the office holds about one person, read in its office: the profile, office tags and notes, and per
 * application (a project) the details given, every submission with its opportunity, folders, votes (who and when)
 * and client feedback, project tags, representation, the project roster with its history, the chat messages, the
 * terms and privacy versions accepted (with a guardian's consent for a minor) and the media. Null when the person is
 * gone. Timestamps are ISO texts (the database's own JSON form).
 */
export async function personExportData(
  db: Queryable,
  personId: string,
  exportedAt: Date,
): Promise<PersonExportData | null> {
  const P = sql`${personId}::uuid`;
  const [person] = await select<Row>(
    db,
    sql`select p.id, p.first_name as "firstName", p.last_name as "lastName", p.email, p.phone,
      p.date_of_birth::text as "dateOfBirth", g.name as gender, p.location, p.skills, p.languages,
      array(select u.name from lookup_values u where u.id = any(p.union_ids) order by u.name) as unions,
      to_jsonb(p.created_at) as "createdAt", to_jsonb(p.updated_at) as "updatedAt"
    from people p left join lookup_values g on g.id = p.gender_id where p.id = ${P}`,
  );
  if (!person) return null;
  const officeTags = await select<{ name: string }>(
    db,
    sql`select t.name from person_tags pt join office_tags t on t.id = pt.tag_id
      where pt.person_id = ${P} order by t.name`,
  );
  const notes = await select<Row>(
    db,
    sql`select n.body, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as author,
      to_jsonb(n.created_at) as "createdAt" from person_notes n left join users u on u.id = n.author_id
    where n.person_id = ${P} order by n.created_at`,
  );
  const applications = await select<Row & { applicantId: string; projectName: string }>(
    db,
    sql`select a.id as "applicantId", pr.name as "projectName", a.first_name as "firstName",
      a.last_name as "lastName", a.email, a.phone, a.date_of_birth::text as "dateOfBirth",
      a.playing_age_min as "playingAgeMin", a.playing_age_max as "playingAgeMax", g.name as gender,
      a.sizes, a.skills, a.languages, a.location, a.address, a.latitude, a.longitude,
      a.social_profiles as "socialProfiles", a.bio,
      a.resume, to_jsonb(a.created_at) as "appliedAt", to_jsonb(a.updated_at) as "updatedAt"
    from applicants a join projects pr on pr.id = a.project_id left join lookup_values g on g.id = a.gender_id
    where a.person_id = ${P} order by a.created_at, a.id`,
  );
  const mine = sql`(select id from applicants where person_id = ${P})`;
  const submissions = await select<Keyed & { id: string }>(
    db,
    sql`select s.applicant_id as "applicantId", s.id, r.name as opportunity, s.source,
      to_jsonb(s.created_at) as "submittedAt",
      array(select f.name from folder_memberships m join folders f on f.id = m.folder_id
        where m.submission_id = s.id order by f.position, f.name) as folders
    from submissions s join roles r on r.id = s.role_id where s.applicant_id in ${mine}
    order by s.created_at, s.id`,
  );
  const mySubmissions = sql`(select id from submissions where applicant_id in ${mine})`;
  const votes = await select<BySubmission>(
    db,
    sql`select v.submission_id as "submissionId", v.vote,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "by",
      u.email as "byEmail", to_jsonb(v.created_at) as "at", to_jsonb(v.updated_at) as "changedAt"
    from votes v left join users u on u.id = v.user_id where v.submission_id in ${mySubmissions}
    order by v.created_at`,
  );
  const feedback = await select<BySubmission>(
    db,
    sql`select f.submission_id as "submissionId", l.title as "reviewLink", w.name as viewer,
      w.email as "viewerEmail", f.vote, f.comment, to_jsonb(f.created_at) as "at",
      to_jsonb(f.updated_at) as "changedAt"
    from client_feedback f join client_link_viewers w on w.id = f.viewer_id join client_links l on l.id = f.link_id
    where f.submission_id in ${mySubmissions} order by f.created_at`,
  );
  const projectTags = await select<{ applicantId: string; name: string }>(
    db,
    sql`select at.applicant_id as "applicantId", t.name from applicant_tags at join tags t on t.id = at.tag_id
    where at.applicant_id in ${mine} order by t.name`,
  );
  const representation = await select<Keyed>(
    db,
    sql`select ar.applicant_id as "applicantId", ag.name as agency,
      nullif(trim(coalesce(an.first_name, '') || ' ' || coalesce(an.last_name, '')), '') as agent,
      ar.status, to_jsonb(ar.created_at) as "since"
    from applicant_representatives ar left join agencies ag on ag.id = ar.agency_id
      left join agents an on an.id = ar.agent_id
    where ar.applicant_id in ${mine} order by ar.created_at`,
  );
  const roster = await select<Keyed>(
    db,
    sql`select e.applicant_id as "applicantId", r.name as opportunity, e.status, e.start_date::text as "startDate",
      e.end_date::text as "endDate", e.rate, e.booked_as as "bookedAs", e.note,
      coalesce((select jsonb_agg(jsonb_build_object('status', h.status, 'startDate', h.start_date,
          'endDate', h.end_date, 'rate', h.rate, 'bookedAs', h.booked_as, 'note', h.note, 'at', h.created_at)
          order by h.created_at) from roster_events h where h.entry_id = e.id), '[]'::jsonb) as history
    from roster_entries e join roles r on r.id = e.role_id where e.applicant_id in ${mine}
    order by e.created_at`,
  );
  const messages = await select<Keyed>(
    db,
    sql`select t.applicant_id as "applicantId", m.author_kind as "from", m.author_name as "author",
      case when m.deleted_at is null then m.body end as body, to_jsonb(m.created_at) as "at",
      to_jsonb(m.edited_at) as "editedAt", to_jsonb(m.deleted_at) as "deletedAt"
    from chat_messages m join chat_threads t on t.id = m.thread_id where t.applicant_id in ${mine}
    order by m.created_at, m.id`,
  );
  const consents = await select<Keyed>(
    db,
    sql`select c.applicant_id as "applicantId", r.name as opportunity, c.terms_version as "termsVersion",
      c.privacy_version as "privacyVersion", to_jsonb(c.accepted_at) as "acceptedAt", c.minor,
      c.guardian_name as "guardianName", c.guardian_email as "guardianEmail",
      to_jsonb(c.guardian_consent_at) as "guardianConsentAt"
    from application_consents c left join submissions s on s.id = c.submission_id left join roles r on r.id = s.role_id
    where c.applicant_id in ${mine} order by c.accepted_at, c.id`,
  );
  const media = await select<ExportedMedia>(
    db,
    sql`select i.id, i.applicant_id as "applicantId", pr.name as "projectName", i.name, i.kind,
      i.content_type as "contentType", i.size::float8 as size, i.original_key as "originalKey",
      to_jsonb(i.created_at) #>> '{}' as "uploadedAt"
    from media_items i join projects pr on pr.id = i.project_id where i.applicant_id in ${mine}
    order by i.created_at, i.id`,
  );

  const files = mediaPaths(media);
  return {
    media,
    json: {
      exportedAt: exportedAt.toISOString(),
      person,
      officeTags: officeTags.map((tag) => tag.name),
      notes,
      applications: applications.map(({ applicantId, projectName, ...details }) => ({
        project: projectName,
        details,
        submissions: submissions
          .filter((row) => row.applicantId === applicantId)
          .map(({ applicantId: _applicant, id, ...submission }) => ({
            ...submission,
            votes: byKey(votes, 'submissionId', id),
            clientFeedback: byKey(feedback, 'submissionId', id),
          })),
        projectTags: projectTags.filter((tag) => tag.applicantId === applicantId).map((tag) => tag.name),
        representation: byKey(representation, 'applicantId', applicantId),
        projectRoster: byKey(roster, 'applicantId', applicantId),
        messages: byKey(messages, 'applicantId', applicantId),
        consents: byKey(consents, 'applicantId', applicantId),
        media: media
          .filter((item) => item.applicantId === applicantId)
          .map((item) => ({
            name: item.name,
            kind: item.kind,
            contentType: item.contentType,
            size: item.size,
            uploadedAt: item.uploadedAt,
            file: files.get(item.id),
          })),
      })),
    },
  };
}

/** The zip's path of each original: `media/{project}/{nn}_{name}`, numbered in upload order per project. */
export function mediaPaths(media: readonly ExportedMedia[]): Map<string, string> {
  const counters = new Map<string, number>();
  const paths = new Map<string, string>();
  for (const item of media) {
    const folder = safeName(item.projectName);
    const index = (counters.get(folder) ?? 0) + 1;
    counters.set(folder, index);
    paths.set(item.id, `media/${folder}/${String(index).padStart(2, '0')}_${safeName(item.name)}`);
  }
  return paths;
}
