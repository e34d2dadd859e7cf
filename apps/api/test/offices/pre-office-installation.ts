import { randomUUID } from 'node:crypto';

/**
 * An installation as it stood before offices existed (the schema of the migration before `0025_offices`): staff of
 * every kind, talent accounts, an agency, three projects with roles, applicants with media, submissions, folders,
 * votes, tags, roster people with tags and notes, bookings, e-mail, audit events, a client review link with
 * feedback, chat and a submission link. Written as plain SQL because the application's schema has moved on since.
 */
export interface PreOfficeInstallation {
  sql: string;
  superAdminId: string;
  /** The staff accounts and the office role the migration should give each. */
  staff: Record<string, 'OWNER' | 'CASTING_DIRECTOR' | 'CASTING_ASSISTANT' | 'CLIENT'>;
  /** Accounts that are no office's members (talent). */
  talent: string[];
}

/** Applicants per installation: enough rows that a per-table count means something, few enough to stay quick. */
const APPLICANTS = 30;

export function preOfficeInstallation(): PreOfficeInstallation {
  const id = () => `'${randomUUID()}'`;
  const [admin, dora, dev, ada, clio, tina, tom] = Array.from({ length: 7 }, id);
  const [agency, agent, harbour, night, archived] = Array.from({ length: 5 }, id);
  const [lead, neighbour, nurse, shortlist, callbacks, tagA, tagB] = Array.from({ length: 7 }, id);
  const [officeTag, roster, template, send, link, viewer, group, shareLink] = Array.from({ length: 8 }, id);
  const unquote = (value: string) => value.slice(1, -1);
  const sql = `
    insert into users (id, email, first_name, last_name, role_code, confirmed_at, created_at) values
      (${admin}, 'sam.admin@office.example', 'Sam', 'Admin', 'SUPER_ADMIN', now(), now() - interval '400 days'),
      (${dora}, 'dora.director@office.example', 'Dora', 'Director', 'CASTING_DIRECTOR', now(), now() - interval '300 days'),
      (${dev}, 'dev.director@office.example', 'Dev', 'Director', 'CASTING_DIRECTOR', now(), now() - interval '200 days'),
      (${ada}, 'ada.assistant@office.example', 'Ada', 'Assistant', 'CASTING_ASSISTANT', now(), now() - interval '100 days'),
      (${clio}, 'clio.client@studio.example', 'Clio', 'Client', 'CLIENT', now(), now() - interval '50 days'),
      (${tina}, 'tina.talent@mail.example', 'Tina', 'Talent', 'TALENT', now(), now() - interval '20 days'),
      (${tom}, 'tom.talent@mail.example', 'Tom', 'Talent', 'TALENT', null, now() - interval '10 days');
    insert into auth_sessions (id, user_id, duration_minutes, expires_at) values
      (gen_random_uuid(), ${admin}, 60, now() + interval '1 hour'),
      (gen_random_uuid(), ${dora}, 60, now() + interval '1 hour'),
      (gen_random_uuid(), ${tina}, 60, now() + interval '1 hour');
    insert into agencies (id, name, search_text) values (${agency}, 'North Talent', 'north talent');
    insert into agents (id, agency_id, first_name, last_name, email, search_text)
      values (${agent}, ${agency}, 'Ann', 'Agent', 'ann@north.example', 'ann agent ann@north.example');
    insert into projects (id, name, owner_id, created_at, updated_at, archived_at) values
      (${harbour}, 'Harbour Lights', ${dora}, now() - interval '30 days', now() - interval '1 day', null),
      (${night}, 'Night Shift', ${dev}, now() - interval '20 days', now() - interval '2 days', null),
      (${archived}, 'Old Pilot', ${admin}, now() - interval '300 days', now() - interval '200 days', now() - interval '200 days');
    insert into project_accesses (id, project_id, user_id, email, scope, invited_by_id, accepted_at) values
      (gen_random_uuid(), ${harbour}, ${dora}, 'dora.director@office.example', 'PROJECT_OWNER', ${dora}, now()),
      (gen_random_uuid(), ${harbour}, ${ada}, 'ada.assistant@office.example', 'TALENT_EDITOR', ${dora}, now()),
      (gen_random_uuid(), ${harbour}, null, 'later@office.example', 'PROJECT_EDITOR', ${dora}, null),
      (gen_random_uuid(), ${night}, ${dev}, 'dev.director@office.example', 'PROJECT_OWNER', ${dev}, now()),
      (gen_random_uuid(), ${archived}, ${admin}, 'sam.admin@office.example', 'PROJECT_OWNER', ${admin}, now());
    insert into roles (id, project_id, name, position) values
      (${lead}, ${harbour}, 'Lead', 1), (${neighbour}, ${harbour}, 'Neighbour', 2), (${nurse}, ${night}, 'Nurse', 1);
    insert into applicants (id, project_id, first_name, last_name, email, search_text, date_of_birth, created_at)
      select gen_random_uuid(), case when n % 3 = 0 then ${night}::uuid else ${harbour}::uuid end, 'Given' || n,
        'Family' || n, e, lower('given' || n || ' family' || n || ' ' || e),
        date '1990-01-01' + n * 40, now() - n * interval '1 hour'
      -- Each applicant to the second project has applied to the first under the same address: one person, two entries.
      from generate_series(1, ${APPLICANTS}) n,
        lateral (select 'person' || (case when n % 3 = 0 then n - 1 else n end) || '@mail.example' as e) address;
    insert into submissions (id, project_id, role_id, applicant_id, source, referring_agent_id, created_at)
      select gen_random_uuid(), a.project_id,
        case when a.project_id = ${night} then ${nurse}::uuid
          when a.created_at < now() - interval '10 hours' then ${neighbour}::uuid else ${lead}::uuid end,
        a.id, 'SUBMISSION_LINK', case when a.first_name like '%5' then ${agent}::uuid end, a.created_at
      from applicants a;
    insert into media_items (id, project_id, applicant_id, kind, original_key, name, content_type, size, status,
        is_primary_photo)
      select gen_random_uuid(), a.project_id, a.id, k.kind, 'media/' || a.id || '/' || k.kind, k.kind || '.bin',
        k.type, 1000, 'READY', k.kind = 'image'
      from applicants a cross join (values ('image', 'image/jpeg'), ('video', 'video/mp4')) k(kind, type);
    insert into folders (id, project_id, role_id, name, position) values
      (${shortlist}, ${harbour}, ${lead}, 'Shortlist', 1), (${callbacks}, ${night}, ${nurse}, 'Callbacks', 1);
    insert into folder_memberships (folder_id, submission_id, project_id, position)
      select case when s.role_id = ${lead} then ${shortlist}::uuid else ${callbacks}::uuid end, s.id, s.project_id,
        row_number() over (order by s.id)
      from submissions s where s.role_id in (${lead}, ${nurse});
    insert into votes (submission_id, user_id, project_id, vote)
      select s.id, u.id, s.project_id, case when u.id = ${dora} then 'UP_VOTE' else 'MAYBE' end
      from submissions s cross join (values (${dora}::uuid), (${ada}::uuid)) u(id) where s.project_id = ${harbour};
    insert into tags (id, project_id, name) values (${tagA}, ${harbour}, 'Singer'), (${tagB}, ${harbour}, 'Dancer');
    insert into applicant_tags (applicant_id, tag_id, project_id)
      select a.id, t.id, a.project_id from applicants a cross join (values (${tagA}::uuid), (${tagB}::uuid)) t(id)
      where a.project_id = ${harbour} and (t.id = ${tagA} or a.first_name like '%2');
    insert into people (first_name, last_name, email, search_text)
      values ('Rita', 'Roster', 'rita.roster@mail.example', 'rita roster rita.roster@mail.example');
    insert into office_tags (id, name) values (${officeTag}, 'Reliable');
    insert into person_tags (person_id, tag_id) select id, ${officeTag} from people where email like 'person1%';
    insert into person_notes (id, person_id, author_id, body)
      select gen_random_uuid(), id, ${dora}, 'Great reader' from people where email = 'rita.roster@mail.example';
    insert into roster_entries (id, project_id, submission_id, applicant_id, role_id, status, updated_by_id)
      select ${roster}, s.project_id, s.id, s.applicant_id, s.role_id, 'BOOKED', ${dora}
      from submissions s where s.role_id = ${lead} order by s.created_at limit 1;
    insert into roster_events (id, entry_id, project_id, status, actor_id) values
      (gen_random_uuid(), ${roster}, ${harbour}, 'FIRST_HOLD', ${dora}),
      (gen_random_uuid(), ${roster}, ${harbour}, 'BOOKED', ${dora});
    insert into email_templates (id, project_id, name, subject, body, created_by_id)
      values (${template}, ${harbour}, 'Callback', 'Your callback', '{"text": "See you"}', ${dora});
    insert into email_template_seeds (project_id) values (${harbour}), (${night});
    insert into email_sends (id, project_id, kind, template_id, subject, body, sender_name, reply_to, created_by_id)
      values (${send}, ${harbour}, 'CANDIDATES', ${template}, 'Your callback', '{"text": "See you"}', 'Dora Director',
        'dora.director@office.example', ${dora});
    insert into email_recipients (id, send_id, project_id, submission_id, applicant_id, email, status)
      select gen_random_uuid(), ${send}, s.project_id, s.id, s.applicant_id, a.email, 'SENT'
      from submissions s join applicants a on a.id = s.applicant_id where s.role_id = ${lead};
    insert into email_opt_outs (project_id, email) values (${harbour}, 'person7@mail.example');
    insert into audit_events (id, at, actor_user_id, actor_email, action, outcome, target_type, target_id, project_id)
      values
      (gen_random_uuid(), now() - interval '3 days', ${admin}, 'sam.admin@office.example', 'auth.sign-in', 'success',
        'user', ${admin}, null),
      (gen_random_uuid(), now() - interval '2 days', ${dora}, 'dora.director@office.example', 'project.create',
        'success', 'project', ${harbour}, ${harbour}),
      (gen_random_uuid(), now() - interval '1 day', ${dev}, 'dev.director@office.example', 'project.update',
        'refused', 'project', ${harbour}, ${harbour});
    insert into client_links (id, project_id, token_digest, title, settings, folder_ids, created_by_id)
      values (${link}, ${harbour}, md5('client link'), 'Leads for the studio', '{}', array[${shortlist}::uuid], ${dora});
    insert into client_link_items (link_id, submission_id, project_id, folder_id, position)
      select ${link}, m.submission_id, m.project_id, m.folder_id, m.position::int
      from folder_memberships m where m.folder_id = ${shortlist};
    insert into client_link_viewers (id, link_id, project_id, name, email, verified_at)
      values (${viewer}, ${link}, ${harbour}, 'Clio Client', 'clio.client@studio.example', now());
    insert into client_link_visits (id, link_id, project_id, viewer_id) values
      (gen_random_uuid(), ${link}, ${harbour}, ${viewer});
    insert into client_feedback (viewer_id, submission_id, link_id, project_id, vote, comment)
      select ${viewer}, i.submission_id, ${link}, i.project_id, 'YES', 'Love this one' from client_link_items i;
    insert into chat_threads (id, project_id, applicant_id, last_message_at, last_message_preview)
      select gen_random_uuid(), a.project_id, a.id, now(), 'See you Tuesday'
      from applicants a where a.first_name in ('Given1', 'Given2', 'Given3');
    insert into chat_messages (id, thread_id, project_id, author_kind, author_user_id, author_name, body)
      select gen_random_uuid(), t.id, t.project_id, k.kind, case when k.kind = 'TEAM' then ${dora}::uuid end,
        k.name, 'See you Tuesday'
      from chat_threads t cross join (values ('TEAM', 'Dora Director'), ('CANDIDATE', 'Candidate')) k(kind, name);
    insert into chat_thread_reads (thread_id, user_id, project_id, last_read_at)
      select id, ${dora}, project_id, now() from chat_threads;
    insert into share_link_groups (id, project_id, title, title_key, role_ids, default_role_id, settings, created_by_id)
      values (${group}, ${harbour}, 'Open call', 'open-call', array[${lead}::uuid, ${neighbour}::uuid], ${lead}, '{}',
        ${dora});
    insert into share_links (id, project_id, group_id, token, token_hash, agency_id, agent_id)
      values (${shareLink}, ${harbour}, ${group}, 'open-call-token', md5('open-call-token'), ${agency}, ${agent});`;
  return {
    sql,
    superAdminId: unquote(admin!),
    staff: {
      [unquote(admin!)]: 'OWNER',
      [unquote(dora!)]: 'CASTING_DIRECTOR',
      [unquote(dev!)]: 'CASTING_DIRECTOR',
      [unquote(ada!)]: 'CASTING_ASSISTANT',
      [unquote(clio!)]: 'CLIENT',
    },
    talent: [unquote(tina!), unquote(tom!)],
  };
}
