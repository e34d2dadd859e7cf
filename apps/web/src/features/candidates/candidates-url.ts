import {
  AGENT_SEARCH_TYPES,
  APPLICANT_SEARCH_MIN_CHARS,
  APPLICANT_SORTS,
  DEFAULT_MISSING_DATA_FILTER,
  DEFAULT_TAG_CONDITION_TYPE,
  FEEDBACK_VALUES,
  MISSING_DATA_FILTERS,
  TAG_CONDITION_TYPES,
  UI_TEXTS,
  PUBLIC_TEXTS,
  RATING_TEXTS,
} from '@casting/domain';
import type {
  AgentSearchType,
  ApplicantSort,
  Feedback,
  MissingDataFilter,
  TagConditionType,
} from '@casting/domain';
import type { QueryParams } from '../../lib/http/http-client';
import {
  DEFAULT_MORE,
  moreActiveFilters,
  moreListQuery,
  parseMore,
  serializeMore,
  withoutMoreFilter,
  type MoreFilterKey,
  type MoreFilters,
} from './candidates-url-more';

/**
 * The candidates page keeps every choice in its URL, so a reload or a shared link shows the same view.
 * The address has four parameters (roleId, folderId, feedback, candidateId); the filters of the panel use
 * short readable names of our own. Values that do not parse are dropped rather than sent, so a hand-edited
 * link never turns into a 400 page.
 */
export interface CandidatesView {
  roleId: string | null;
  folderId: string | null;
  feedback: Feedback | null;
  candidateId: string | null;
  /** The search box as typed; only 3 characters and more reach the API. */
  q: string;
  ageMin: number | null;
  ageMax: number | null;
  gender: string[];
  missingGender: MissingDataFilter;
  missingAge: MissingDataFilter;
  tagsIn: string[];
  tagsNotIn: string[];
  tagsInMode: TagConditionType;
  tagsNotInMode: TagConditionType;
  /** Team members (user ids) whose feedback the candidates received; needs VIEW_FEEDBACK. */
  feedbackFrom: string[];
  feedbackFromMode: TagConditionType;
  /** Submission links (share-link ids) the candidates applied through. */
  referral: string[];
  /** Agents (ids) who submitted or represent the candidates. */
  agents: string[];
  /** What the agent search term is matched against, and the term (3 characters and more reach the API). */
  agentSearchType: AgentSearchType;
  agentSearchTerm: string;
  sort: ApplicantSort;
  /** The talent submitter's review folders (SA may switch to them to look). */
  submitterFolders: boolean;
  /** Rating, height, union, ethnic appearance, skills, languages, distance (candidates-url-more.ts). */
  more: MoreFilters;
}

export const DEFAULT_VIEW: CandidatesView = {
  roleId: null,
  folderId: null,
  feedback: null,
  candidateId: null,
  q: '',
  ageMin: null,
  ageMax: null,
  gender: [],
  missingGender: DEFAULT_MISSING_DATA_FILTER,
  missingAge: DEFAULT_MISSING_DATA_FILTER,
  tagsIn: [],
  tagsNotIn: [],
  tagsInMode: DEFAULT_TAG_CONDITION_TYPE,
  tagsNotInMode: DEFAULT_TAG_CONDITION_TYPE,
  feedbackFrom: [],
  feedbackFromMode: DEFAULT_TAG_CONDITION_TYPE,
  referral: [],
  agents: [],
  agentSearchType: 'AGENT_NAME',
  agentSearchTerm: '',
  sort: 'newest',
  submitterFolders: false,
  more: DEFAULT_MORE,
};

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T;
function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: null): T | null;
function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function idOrNull(value: string | null): string | null {
  return value !== null && ID.test(value) ? value : null;
}

function ageOrNull(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value)) return null;
  const age = Number(value);
  return age <= 120 ? age : null;
}

/** "Feedback from: Clients": the client link viewers as one more provider beside the team members. */
export const CLIENTS_PROVIDER = 'clients';

function ids(params: URLSearchParams, key: string): string[] {
  return [...new Set(params.getAll(key).filter((value) => ID.test(value)))];
}

/** Reads the view from the page's query string. */
export function parseView(params: URLSearchParams): CandidatesView {
  const ageMin = ageOrNull(params.get('ageMin'));
  let ageMax = ageOrNull(params.get('ageMax'));
  // An impossible range (min above max) would be refused by the API: keep only the minimum.
  if (ageMin !== null && ageMax !== null && ageMin > ageMax) ageMax = null;
  const folderId = idOrNull(params.get('folderId'));
  const sort = oneOf(APPLICANT_SORTS, params.get('sort'), DEFAULT_VIEW.sort);
  return {
    roleId: idOrNull(params.get('roleId')),
    folderId,
    feedback: oneOf(FEEDBACK_VALUES, params.get('feedback'), null),
    candidateId: idOrNull(params.get('candidateId')),
    q: (params.get('q') ?? '').slice(0, 200),
    ageMin,
    ageMax,
    gender: ids(params, 'gender'),
    missingGender: oneOf(MISSING_DATA_FILTERS, params.get('missingGender'), DEFAULT_MISSING_DATA_FILTER),
    missingAge: oneOf(MISSING_DATA_FILTERS, params.get('missingAge'), DEFAULT_MISSING_DATA_FILTER),
    tagsIn: ids(params, 'tagsIn'),
    tagsNotIn: ids(params, 'tagsNotIn'),
    tagsInMode: oneOf(TAG_CONDITION_TYPES, params.get('tagsInMode'), DEFAULT_TAG_CONDITION_TYPE),
    tagsNotInMode: oneOf(TAG_CONDITION_TYPES, params.get('tagsNotInMode'), DEFAULT_TAG_CONDITION_TYPE),
    feedbackFrom: [
      ...(params.getAll('feedbackFrom').includes(CLIENTS_PROVIDER) ? [CLIENTS_PROVIDER] : []),
      ...ids(params, 'feedbackFrom'),
    ],
    feedbackFromMode: oneOf(TAG_CONDITION_TYPES, params.get('feedbackFromMode'), DEFAULT_TAG_CONDITION_TYPE),
    referral: ids(params, 'referral'),
    agents: ids(params, 'agents'),
    agentSearchType: oneOf(AGENT_SEARCH_TYPES, params.get('agentSearchType'), 'AGENT_NAME'),
    agentSearchTerm: (params.get('agentSearchTerm') ?? '').trim().slice(0, 200),
    // Manual order is the order of one folder: without a folder it falls back to the default.
    sort: sortNeedsFolder(sort) && !folderId ? DEFAULT_VIEW.sort : sort,
    submitterFolders: params.get('submitterFolders') === 'true',
    more: parseMore(params),
  };
}

export function sortNeedsFolder(sort: string): boolean {
  return sort === 'manual';
}

/** Writes the view back as a query string, leaving defaults out so links stay short. */
export function serializeView(view: CandidatesView): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null | boolean, fallback: unknown = null) => {
    if (value !== null && value !== '' && value !== fallback) params.set(key, String(value));
  };
  set('roleId', view.roleId);
  set('folderId', view.folderId);
  set('feedback', view.feedback);
  set('q', view.q);
  set('ageMin', view.ageMin);
  set('ageMax', view.ageMax);
  view.gender.forEach((id) => params.append('gender', id));
  set('missingGender', view.missingGender, DEFAULT_MISSING_DATA_FILTER);
  set('missingAge', view.missingAge, DEFAULT_MISSING_DATA_FILTER);
  view.tagsIn.forEach((id) => params.append('tagsIn', id));
  view.tagsNotIn.forEach((id) => params.append('tagsNotIn', id));
  set('tagsInMode', view.tagsInMode, DEFAULT_TAG_CONDITION_TYPE);
  set('tagsNotInMode', view.tagsNotInMode, DEFAULT_TAG_CONDITION_TYPE);
  view.feedbackFrom.forEach((id) => params.append('feedbackFrom', id));
  set('feedbackFromMode', view.feedbackFromMode, DEFAULT_TAG_CONDITION_TYPE);
  view.referral.forEach((id) => params.append('referral', id));
  view.agents.forEach((id) => params.append('agents', id));
  // The search type means nothing without a term: left out then, so it makes no chip and no link noise.
  if (view.agentSearchTerm) set('agentSearchType', view.agentSearchType, 'AGENT_NAME');
  set('agentSearchTerm', view.agentSearchTerm);
  set('sort', view.sort, DEFAULT_VIEW.sort);
  set('submitterFolders', view.submitterFolders, false);
  serializeMore(view.more, params);
  set('candidateId', view.candidateId);
  return params;
}

/**
 * The list request for a view (GET /projects/{id}/applicants), with the API's bracket keys. The search term
 * is the debounced one the page passes in; shorter than 3 characters it is left out.
 */
export function listQuery(view: CandidatesView, search: string): QueryParams {
  const term = search.trim();
  return {
    roleId: view.roleId ?? undefined,
    folderId: view.folderId ?? undefined,
    feedback: view.feedback ?? undefined,
    nameOrEmail: term.length >= APPLICANT_SEARCH_MIN_CHARS ? term : undefined,
    'age[min]': view.ageMin ?? undefined,
    'age[max]': view.ageMax ?? undefined,
    gender: view.gender.length > 0 ? view.gender : undefined,
    missingGender: view.missingGender === DEFAULT_MISSING_DATA_FILTER ? undefined : view.missingGender,
    missingAge: view.missingAge === DEFAULT_MISSING_DATA_FILTER ? undefined : view.missingAge,
    'tags[in]': view.tagsIn.length > 0 ? view.tagsIn : undefined,
    'tags[notIn]': view.tagsNotIn.length > 0 ? view.tagsNotIn : undefined,
    includeTagConditionType: view.tagsIn.length > 1 && view.tagsInMode === 'AND' ? 'AND' : undefined,
    excludeTagConditionType: view.tagsNotIn.length > 1 && view.tagsNotInMode === 'AND' ? 'AND' : undefined,
    ...feedbackProviders(view),
    feedbackProviderQueryType:
      view.feedbackFrom.length > 1 && view.feedbackFromMode === 'AND' ? 'AND' : undefined,
    referral: view.referral.length > 0 ? view.referral : undefined,
    agents: view.agents.length > 0 ? view.agents : undefined,
    ...agentSearch(view),
    sort: view.sort === DEFAULT_VIEW.sort ? undefined : view.sort,
    submitterFolders: view.submitterFolders ? true : undefined,
    ...moreListQuery(view.more),
  };
}

/** The Feedback from filter as the API takes it: team members by id, the clients as a flag of their own. */
function feedbackProviders(view: CandidatesView): QueryParams {
  const members = view.feedbackFrom.filter((id) => id !== CLIENTS_PROVIDER);
  return {
    feedbackProviderNames: members.length > 0 ? members : undefined,
    feedbackFromClients: view.feedbackFrom.includes(CLIENTS_PROVIDER) ? true : undefined,
  };
}

/** The agent search as the API takes it: only a term of 3 characters and more (a shorter one is a 400). */
function agentSearch(view: CandidatesView): QueryParams {
  const term = view.agentSearchTerm.trim();
  if (term.length < APPLICANT_SEARCH_MIN_CHARS) return {};
  return {
    agentSearchTerm: term,
    agentSearchType: view.agentSearchType === 'AGENT_NAME' ? undefined : view.agentSearchType,
  };
}

/** The filter keys a chip can clear; the opportunity, folder and open candidate are navigation, not filters. */
export type FilterKey =
  | 'q'
  | 'feedback'
  | 'age'
  | 'gender'
  | 'missingGender'
  | 'missingAge'
  | 'tagsIn'
  | 'tagsNotIn'
  | 'feedbackFrom'
  | 'referral'
  | 'agents'
  | 'agentSearch'
  | 'sort'
  | MoreFilterKey;

export interface ActiveFilter {
  key: FilterKey;
  /** For list filters: the one value the chip stands for. */
  value?: string;
}

/** Every active filter of the panel, one entry per removable chip (one per gender and per tag). */
export function activeFilters(view: CandidatesView): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (view.q.trim().length >= APPLICANT_SEARCH_MIN_CHARS) active.push({ key: 'q' });
  if (view.feedback) active.push({ key: 'feedback' });
  if (view.ageMin !== null || view.ageMax !== null) active.push({ key: 'age' });
  view.gender.forEach((value) => active.push({ key: 'gender', value }));
  if (view.missingGender !== DEFAULT_MISSING_DATA_FILTER) active.push({ key: 'missingGender' });
  if (view.missingAge !== DEFAULT_MISSING_DATA_FILTER) active.push({ key: 'missingAge' });
  view.tagsIn.forEach((value) => active.push({ key: 'tagsIn', value }));
  view.tagsNotIn.forEach((value) => active.push({ key: 'tagsNotIn', value }));
  view.feedbackFrom.forEach((value) => active.push({ key: 'feedbackFrom', value }));
  view.referral.forEach((value) => active.push({ key: 'referral', value }));
  view.agents.forEach((value) => active.push({ key: 'agents', value }));
  if (view.agentSearchTerm.trim().length >= APPLICANT_SEARCH_MIN_CHARS) active.push({ key: 'agentSearch' });
  if (view.sort !== DEFAULT_VIEW.sort) active.push({ key: 'sort' });
  active.push(...moreActiveFilters(view.more));
  return active;
}

/** The view without one chip's filter. */
export function withoutFilter(view: CandidatesView, filter: ActiveFilter): CandidatesView {
  switch (filter.key) {
    case 'q':
      return { ...view, q: '' };
    case 'feedback':
      return { ...view, feedback: null };
    case 'age':
      return { ...view, ageMin: null, ageMax: null };
    case 'gender':
      return { ...view, gender: view.gender.filter((id) => id !== filter.value) };
    case 'missingGender':
      return { ...view, missingGender: DEFAULT_MISSING_DATA_FILTER };
    case 'missingAge':
      return { ...view, missingAge: DEFAULT_MISSING_DATA_FILTER };
    case 'tagsIn':
      return { ...view, tagsIn: view.tagsIn.filter((id) => id !== filter.value) };
    case 'tagsNotIn':
      return { ...view, tagsNotIn: view.tagsNotIn.filter((id) => id !== filter.value) };
    case 'feedbackFrom':
      return { ...view, feedbackFrom: view.feedbackFrom.filter((id) => id !== filter.value) };
    case 'referral':
      return { ...view, referral: view.referral.filter((id) => id !== filter.value) };
    case 'agents':
      return { ...view, agents: view.agents.filter((id) => id !== filter.value) };
    case 'agentSearch':
      return { ...view, agentSearchTerm: '', agentSearchType: DEFAULT_VIEW.agentSearchType };
    case 'sort':
      return { ...view, sort: DEFAULT_VIEW.sort };
    default:
      return { ...view, more: withoutMoreFilter(view.more, { key: filter.key, value: filter.value }) };
  }
}

/** Every filter of the panel cleared; the opportunity, folder and submitter switch stay. */
export function withoutFilters(view: CandidatesView): CandidatesView {
  return {
    ...DEFAULT_VIEW,
    roleId: view.roleId,
    folderId: view.folderId,
    submitterFolders: view.submitterFolders,
  };
}

/**
 * Choosing another opportunity: its folders are other folders, so the folder (and a manual order within it)
 * goes, and the open candidate with it.
 */
export function withRole(view: CandidatesView, roleId: string | null): CandidatesView {
  return {
    ...view,
    roleId,
    folderId: null,
    candidateId: null,
    sort: sortNeedsFolder(view.sort) ? DEFAULT_VIEW.sort : view.sort,
  };
}

export function withFolder(view: CandidatesView, folderId: string | null): CandidatesView {
  return {
    ...view,
    folderId,
    candidateId: null,
    sort: sortNeedsFolder(view.sort) && !folderId ? DEFAULT_VIEW.sort : view.sort,
  };
}

export const FEEDBACK_LABELS: Record<Feedback, string> = { YES: 'Yes', NO: 'No', MAYBE: 'Maybe' };

export const MISSING_LABELS: Record<MissingDataFilter, string> = {
  INCLUDE: 'Include missing',
  EXCLUDE: 'Exclude missing',
  ONLY: 'Only missing',
};

const KNOWN_SORT_LABELS: Record<string, string> = {
  newest: UI_TEXTS.newestFirst,
  name: 'Name',
  votes: 'Most votes',
  manual: 'Manual order',
  rating: RATING_TEXTS.sortRating,
};

export const AGENT_SEARCH_LABELS: Record<AgentSearchType, string> = {
  AGENT_NAME: 'Agent name',
  AGENT_EMAIL: 'Agent e-mail',
  AGENCY_NAME: PUBLIC_TEXTS.agencyName,
};

export function sortLabel(sort: string): string {
  return KNOWN_SORT_LABELS[sort] ?? sort;
}
