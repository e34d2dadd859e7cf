import { sql, type SQL } from 'drizzle-orm';
import type { ApplicantListQuery } from '@casting/domain';
import {
  applicants,
  candidateTraits,
  ratings,
  ratingSettings,
  submissions,
} from '../../../platform/db/schema';

// The list's richer filters (height, union, ethnic appearance, skills, languages, distance; decisions 0864, 0865) and
// the rating filter (decision 0861), each a predicate an index serves for the row the walk holds.

/** Miles per degree of latitude (and of longitude at the equator). */
const MILES_PER_DEGREE = 69.0;
const EARTH_RADIUS_MILES = 3958.8;

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * One probe of the candidate_traits key (office, applicant, kind, value) for the walked row's applicant. Written as a
 * scalar subquery stopping at the first hit, as the client feedback filter is: as `exists`, the planner may turn it
 * into a semi-join over every matching trait of the project and sort the result instead of walking the order's index.
 */
const hasTrait = (kind: string, condition: SQL) =>
  sql`((select true ${traitProbe(kind, condition)} limit 1) is not null)`;

const traitProbe = (kind: string, condition: SQL) =>
  sql`from ${candidateTraits} t where t.applicant_id = ${submissions.applicantId} and t.kind = ${kind} and ${condition}`;

/** Any of the values (unions, ethnic appearances: a candidate has one or a few). */
function anyOf(kind: string, values: readonly string[] | undefined): SQL | undefined {
  const unique = [...new Set((values ?? []).map((value) => value.toLowerCase()))];
  if (unique.length === 0) return undefined;
  return hasTrait(kind, sql`t.value = any(${textArray(unique)})`);
}

/** Every one of the values (skills, languages), folded as the trigger folds them. */
function allOf(kind: string, values: readonly string[] | undefined): SQL | undefined {
  const unique = [...new Set((values ?? []).map((value) => value.trim().toLowerCase()))];
  if (unique.length === 0) return undefined;
  return sql`(select count(*) ${traitProbe(kind, sql`t.value = any(${textArray(unique)})`)}) = ${unique.length}`;
}

function heightIn(min: number | undefined, max: number | undefined): SQL | undefined {
  if (min === undefined && max === undefined) return undefined;
  return hasTrait('HEIGHT', sql`t.value = '' and t.amount between ${min ?? 0}::int and ${max ?? 1000}::int`);
}

/**
 * Within `miles` of a point: a bounding box on the applicant's indexed latitude and longitude first (cheap, and what
 * `applicants_project_coordinates_idx` serves when a plan starts from it), then the great-circle distance. Applicants
 * without coordinates are never within a distance.
 */
function near(lat: number | undefined, lng: number | undefined, miles: number | undefined): SQL | undefined {
  if (lat === undefined || lng === undefined || miles === undefined) return undefined;
  const latSpan = miles / MILES_PER_DEGREE;
  const cos = Math.cos((lat * Math.PI) / 180);
  const lngSpan = cos < 0.01 ? 180 : Math.min(180, miles / (MILES_PER_DEGREE * cos));
  const distance = sql`${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
      power(sin(radians(${applicants.latitude} - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(${applicants.latitude}))
        * power(sin(radians(${applicants.longitude} - ${lng}::float8) / 2), 2))))`;
  return sql`(${applicants.latitude} between ${lat - latSpan}::float8 and ${lat + latSpan}::float8
    and ${applicants.longitude} between ${lng - lngSpan}::float8 and ${lng + lngSpan}::float8
    and ${distance} <= ${miles}::float8)`;
}

/** The trait and distance filters of the query, each undefined when not asked for. */
export function traitConditions(query: ApplicantListQuery): (SQL | undefined)[] {
  return [
    heightIn(query['height[min]'], query['height[max]']),
    anyOf('UNION', query.union),
    anyOf('ETHNICITY', query.ethnicAppearance),
    allOf('SKILL', query.skills),
    allOf('LANGUAGE', query.languages),
    near(query['near[lat]'], query['near[lng]'], query['near[miles]']),
  ];
}

/**
 * With blind review on, ordering or filtering by rating would show where others placed a candidate the caller has not
 * rated: then both count only candidates the caller rated (a probe of the ratings key per row). The setting is read
 * once per statement (an init plan), not per row.
 */
function ratedByCallerWhenBlind(projectId: string, userId: string): SQL {
  return sql`(not exists (select 1 from ${ratingSettings} rs where rs.project_id = ${projectId} and rs.blind_review)
    or (select true from ${ratings} r where r.submission_id = ${submissions.id} and r.user_id = ${userId} limit 1) is not null)`;
}

/** The minimum-average filter and, for the rating sort or that filter, the blind review rule. */
export function ratingConditions(query: ApplicantListQuery, projectId: string, userId: string): SQL[] {
  const conditions: SQL[] = [];
  const min = query['rating[min]'];
  // The average is kept in thousandths on the submission (0 when unrated), so the filter is a range of the index.
  if (min !== undefined) conditions.push(sql`${submissions.ratingAverage} >= ${Math.round(min * 1000)}::int`);
  if (min !== undefined || query.sort === 'rating')
    conditions.push(ratedByCallerWhenBlind(projectId, userId));
  return conditions;
}
