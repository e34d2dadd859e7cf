import { SELF_TAPE_FILTER_STATES, type SelfTapeFilterState } from '@casting/domain';
import type { QueryParams } from '../../lib/http/http-client';

/**
 * The list's richer filters in the page's address (decisions 0864, 0865), beside the others of candidates-url.ts:
 * minimum average rating, height range in centimetres, unions and ethnic appearances (lookup ids), skills and
 * languages (free words), and a distance from a point. Values that do not parse are dropped, as there.
 */
export interface MoreFilters {
  ratingMin: number | null;
  heightMin: number | null;
  heightMax: number | null;
  union: string[];
  ethnicAppearance: string[];
  skills: string[];
  languages: string[];
  near: { lat: number; lng: number; miles: number } | null;
  /** "Self-tapes received": candidates with a self-tape request (of one request when named) in this state. */
  selfTapes: SelfTapeFilterState | null;
  selfTapeRequestId: string | null;
}

export const DEFAULT_MORE: MoreFilters = {
  ratingMin: null,
  heightMin: null,
  heightMax: null,
  union: [],
  ethnicAppearance: [],
  skills: [],
  languages: [],
  near: null,
  selfTapes: null,
  selfTapeRequestId: null,
};

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function numberIn(value: string | null, min: number, max: number, step = 1): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  if (!Number.isFinite(number) || number < min || number > max) return null;
  return Math.round(number / step) * step;
}

const words = (params: URLSearchParams, key: string) =>
  [...new Set(params.getAll(key).map((value) => value.trim().slice(0, 100)))].filter(Boolean).slice(0, 20);

export function parseMore(params: URLSearchParams): MoreFilters {
  const heightMin = numberIn(params.get('heightMin'), 30, 275);
  let heightMax = numberIn(params.get('heightMax'), 30, 275);
  if (heightMin !== null && heightMax !== null && heightMin > heightMax) heightMax = null;
  const lat = numberIn(params.get('nearLat'), -90, 90, 0.0001);
  const lng = numberIn(params.get('nearLng'), -180, 180, 0.0001);
  const miles = numberIn(params.get('nearMiles'), 1, 500);
  return {
    ratingMin: numberIn(params.get('ratingMin'), 1, 5, 0.5),
    heightMin,
    heightMax,
    union: params.getAll('union').filter((id) => ID.test(id)),
    ethnicAppearance: params.getAll('ethnicAppearance').filter((id) => ID.test(id)),
    skills: words(params, 'skills'),
    languages: words(params, 'languages'),
    near: lat !== null && lng !== null && miles !== null ? { lat, lng, miles } : null,
    selfTapes: SELF_TAPE_FILTER_STATES.find((state) => state === params.get('selfTapes')) ?? null,
    selfTapeRequestId: ID.test(params.get('selfTapeRequestId') ?? '')
      ? params.get('selfTapeRequestId')
      : null,
  };
}

export function serializeMore(more: MoreFilters, params: URLSearchParams): void {
  const set = (key: string, value: number | null) => {
    if (value !== null) params.set(key, String(value));
  };
  set('ratingMin', more.ratingMin);
  set('heightMin', more.heightMin);
  set('heightMax', more.heightMax);
  more.union.forEach((id) => params.append('union', id));
  more.ethnicAppearance.forEach((id) => params.append('ethnicAppearance', id));
  more.skills.forEach((word) => params.append('skills', word));
  more.languages.forEach((word) => params.append('languages', word));
  if (more.selfTapes) params.set('selfTapes', more.selfTapes);
  if (more.selfTapeRequestId) params.set('selfTapeRequestId', more.selfTapeRequestId);
  if (more.near) {
    set('nearLat', more.near.lat);
    set('nearLng', more.near.lng);
    set('nearMiles', more.near.miles);
  }
}

/** The richer filters as the list call takes them (the API's bracket keys). */
export function moreListQuery(more: MoreFilters): QueryParams {
  const list = (values: string[]) => (values.length > 0 ? values : undefined);
  return {
    'rating[min]': more.ratingMin ?? undefined,
    'height[min]': more.heightMin ?? undefined,
    'height[max]': more.heightMax ?? undefined,
    union: list(more.union),
    ethnicAppearance: list(more.ethnicAppearance),
    skills: list(more.skills),
    languages: list(more.languages),
    'near[lat]': more.near?.lat,
    'near[lng]': more.near?.lng,
    'near[miles]': more.near?.miles,
    selfTapes: more.selfTapes ?? (more.selfTapeRequestId ? 'ANY' : undefined),
    selfTapeRequestId: more.selfTapeRequestId ?? undefined,
  };
}

export const hasMoreFilters = (more: MoreFilters) => JSON.stringify(more) !== JSON.stringify(DEFAULT_MORE);

/** The richer filters' chips: one for the rating, the height range and the distance, one per listed value. */
export type MoreFilterKey =
  'ratingMin' | 'height' | 'union' | 'ethnicAppearance' | 'skills' | 'languages' | 'near';

export function moreActiveFilters(more: MoreFilters): { key: MoreFilterKey; value?: string }[] {
  const active: { key: MoreFilterKey; value?: string }[] = [];
  if (more.ratingMin !== null) active.push({ key: 'ratingMin' });
  if (more.heightMin !== null || more.heightMax !== null) active.push({ key: 'height' });
  more.union.forEach((value) => active.push({ key: 'union', value }));
  more.ethnicAppearance.forEach((value) => active.push({ key: 'ethnicAppearance', value }));
  more.skills.forEach((value) => active.push({ key: 'skills', value }));
  more.languages.forEach((value) => active.push({ key: 'languages', value }));
  if (more.near) active.push({ key: 'near' });
  return active;
}

/** The richer filters without one chip's filter. */
export function withoutMoreFilter(
  more: MoreFilters,
  filter: { key: MoreFilterKey; value?: string },
): MoreFilters {
  const drop = (values: string[]) => values.filter((entry) => entry !== filter.value);
  switch (filter.key) {
    case 'ratingMin':
      return { ...more, ratingMin: null };
    case 'height':
      return { ...more, heightMin: null, heightMax: null };
    case 'union':
      return { ...more, union: drop(more.union) };
    case 'ethnicAppearance':
      return { ...more, ethnicAppearance: drop(more.ethnicAppearance) };
    case 'skills':
      return { ...more, skills: drop(more.skills) };
    case 'languages':
      return { ...more, languages: drop(more.languages) };
    case 'near':
      return { ...more, near: null };
  }
}
