import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { searchFold } from '@casting/domain';
import type { Db } from '../platform/db/client';
import {
  applicants,
  applicantTags,
  folderMemberships,
  folders,
  submissions,
  tags,
  votes,
} from '../platform/db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const FIRST = [
  'Amara',
  'Jonah',
  'Lucía',
  'Mateo',
  'Priya',
  'Noah',
  'Sofia',
  'Kenji',
  'Zoë',
  'Elijah',
  'Aaliyah',
  'Gabriel',
  'Ingrid',
  'Tomás',
  'Chloe',
  'Malik',
  'Hana',
  'Diego',
  'Freya',
  'Omar',
  'Isabella',
  'Theo',
  'Nia',
  'Rafael',
  'Maya',
  'Samuel',
  'Leila',
  'Andrés',
  'Grace',
  'Yusuf',
  'Camille',
  'Darius',
  'Elena',
  'Felix',
  'Imani',
  'José',
];
const LAST = [
  'Okafor',
  'Lindqvist',
  'Hernández',
  'Nakamura',
  'Patel',
  'Brennan',
  'Rossi',
  'Adeyemi',
  'Kowalski',
  'Moreau',
  'Castillo',
  'Nguyen',
  'Fitzgerald',
  'Haddad',
  'Silva',
  'Johansson',
  'Mbeki',
  'Duarte',
  'Oyelaran',
  'Whitfield',
  'Abernathy',
  'Takahashi',
  'Delacroix',
  'Ramírez',
  'Kaur',
  'Ellison',
  'Novak',
  'Osei',
];
const CITIES = [
  'Los Angeles, CA',
  'Atlanta, GA',
  'New York, NY',
  'Chicago, IL',
  'Austin, TX',
  'Albuquerque, NM',
];
const SKILLS = [
  'Stage combat',
  'Horse riding',
  'Guitar',
  'Ballet',
  'Tap',
  'Spanish accent',
  'Improv',
  'Swimming',
];
const GENDERS = ['Female', 'Male', 'Non-binary'];
/** The project's tags: what a casting team notes about people at a glance. */
const TAGS = [
  'Callback',
  'Strong reader',
  'Local hire',
  'Singer',
  'Dancer',
  'Needs work permit',
  'Bilingual',
];
/** The vote behind each review folder (as a vote files them: YES to Selects, NO to Viewed). */
const FOLDER_VOTE = { SELECTS: 'UP_VOTE', MAYBE: 'MAYBE', VIEWED: 'DOWN_VOTE' } as const;
const VOTES = ['UP_VOTE', 'DOWN_VOTE', 'MAYBE'] as const;
/** Where reviewed candidates end up besides New Submissions, in roughly the proportions of a live project. */
const REVIEW_FOLDERS = ['SELECTS', 'MAYBE', 'VIEWED', null, null, null] as const;

/** A small deterministic generator, so every fresh data directory shows the same candidates. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Candidates for a demo project: about `perRole` per opportunity, generated locally from name lists. Some people
 * applied to two opportunities with the same e-mail (one applicant, two submissions); all sit in New Submissions and
 * some also in Selects, Maybe or Viewed. The team's votes agree with those folders (the first voter's vote put them
 * there; others add theirs), some unsorted candidates have a vote or two, and about half the people carry tags.
 */
export async function insertDemoCandidates(
  tx: Tx,
  projectId: string,
  roleIds: readonly string[],
  lookup: (lookup: string, name: string | undefined) => string | null,
  options: { perRole: number; seed: number; voterIds?: readonly string[] },
): Promise<number> {
  const voterIds = options.voterIds ?? [];
  const random = seeded(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const folderRows = await tx
    .select({ id: folders.id, roleId: folders.roleId, alias: folders.systemAlias })
    .from(folders)
    .where(and(eq(folders.projectId, projectId), inArray(folders.roleId, [...roleIds])));
  const folderOf = (roleId: string, alias: string) =>
    folderRows.find((row) => row.roleId === roleId && row.alias === alias)?.id;

  const people: (typeof applicants.$inferInsert)[] = [];
  const rows: (typeof submissions.$inferInsert)[] = [];
  const places: (typeof folderMemberships.$inferInsert)[] = [];
  const ballots: (typeof votes.$inferInsert)[] = [];
  const tagRows = await tx
    .insert(tags)
    .values(TAGS.map((name) => ({ projectId, name })))
    .onConflictDoNothing()
    .returning({ id: tags.id });
  const tagLinks: (typeof applicantTags.$inferInsert)[] = [];
  const now = Date.now();
  for (const [roleIndex, roleId] of roleIds.entries()) {
    for (let index = 0; index < options.perRole; index += 1) {
      // Every tenth candidate of a later opportunity is someone who also applied to the first one.
      const reuse = roleIndex > 0 && index % 10 === 0 && people.length > index;
      const person = reuse ? people[index]! : undefined;
      const applicantId = person?.id ?? uuidv7();
      if (!person) {
        const firstName = pick(FIRST);
        const lastName = pick(LAST);
        const email = `${searchFold(firstName)}.${searchFold(lastName)}.${people.length + 1}@talent.example`;
        const age = 18 + Math.floor(random() * 50);
        people.push({
          id: applicantId,
          projectId,
          firstName,
          lastName,
          email,
          phone: `+1555${String(1000000 + people.length).slice(-7)}`,
          dateOfBirth:
            random() < 0.85 ? new Date(now - age * 365.25 * 86_400_000).toISOString().slice(0, 10) : null,
          genderId: random() < 0.9 ? lookup('role-genders', pick(GENDERS)) : null,
          location: pick(CITIES),
          skills: [pick(SKILLS), pick(SKILLS)].filter((skill, i, all) => all.indexOf(skill) === i),
          languages: random() < 0.3 ? ['English', 'Spanish'] : ['English'],
          sizes: {
            height: `${60 + Math.floor(random() * 16)} in`,
            weight: `${110 + Math.floor(random() * 90)} lb`,
          },
          bio: `${firstName} trained in regional theatre and has credits in commercials and short films.`,
          searchText: searchFold(`${firstName} ${lastName} ${email}`),
        });
      }
      const submissionId = uuidv7();
      rows.push({
        id: submissionId,
        projectId,
        roleId,
        applicantId,
        source: random() < 0.7 ? 'SUBMISSION_LINK' : 'ADMIN',
        createdAt: new Date(now - (roleIndex * options.perRole + index) * 37 * 60_000),
      });
      const reviewed = pick(REVIEW_FOLDERS);
      for (const alias of ['NEW_SUBMISSIONS', reviewed]) {
        const folderId = alias ? folderOf(roleId, alias) : undefined;
        if (folderId) places.push({ folderId, submissionId, projectId, position: index + 1 });
      }
      for (const [voterIndex, userId] of voterIds.entries()) {
        const first = voterIndex === 0 && reviewed !== null;
        if (!first && random() > (reviewed ? 0.6 : 0.2)) continue;
        const vote = first && reviewed ? FOLDER_VOTE[reviewed] : pick(VOTES);
        ballots.push({ submissionId, userId, projectId, vote });
      }
      if (!person && random() < 0.5 && tagRows.length > 0) {
        const chosen = new Set([pick(tagRows).id, pick(tagRows).id]);
        for (const tagId of chosen) tagLinks.push({ applicantId, tagId, projectId });
      }
    }
  }
  for (let start = 0; start < people.length; start += 500) {
    await tx.insert(applicants).values(people.slice(start, start + 500));
  }
  for (let start = 0; start < rows.length; start += 500) {
    await tx.insert(submissions).values(rows.slice(start, start + 500));
  }
  for (let start = 0; start < places.length; start += 500) {
    await tx.insert(folderMemberships).values(places.slice(start, start + 500));
  }
  for (let start = 0; start < ballots.length; start += 500) {
    await tx.insert(votes).values(ballots.slice(start, start + 500));
  }
  for (let start = 0; start < tagLinks.length; start += 500) {
    await tx.insert(applicantTags).values(tagLinks.slice(start, start + 500));
  }
  return rows.length;
}
