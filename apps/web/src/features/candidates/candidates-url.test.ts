import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  CLIENTS_PROVIDER,
  DEFAULT_VIEW,
  listQuery,
  parseView,
  serializeView,
  withFolder,
  withoutFilter,
  withRole,
} from './candidates-url';

const ROLE = '11111111-1111-4111-8111-111111111111';
const FOLDER = '22222222-2222-4222-8222-222222222222';
const TAG_A = '33333333-3333-4333-8333-333333333333';
const TAG_B = '44444444-4444-4444-8444-444444444444';
const GENDER = '55555555-5555-4555-8555-555555555555';

const parse = (query: string) => parseView(new URLSearchParams(query));

describe('candidates view in the URL', () => {
  it('reads the four address parameters and the filters, and writes them back the same', () => {
    const query = `roleId=${ROLE}&folderId=${FOLDER}&feedback=YES&q=ann&ageMin=20&ageMax=30&gender=${GENDER}&missingAge=EXCLUDE&tagsIn=${TAG_A}&tagsIn=${TAG_B}&tagsInMode=AND&candidateId=${TAG_A}`;
    const view = parse(query);
    expect(view).toMatchObject({
      roleId: ROLE,
      folderId: FOLDER,
      feedback: 'YES',
      q: 'ann',
      ageMin: 20,
      ageMax: 30,
      gender: [GENDER],
      missingAge: 'EXCLUDE',
      tagsIn: [TAG_A, TAG_B],
      tagsInMode: 'AND',
      candidateId: TAG_A,
    });
    expect(parse(serializeView(view).toString())).toEqual(view);
  });

  it('drops what does not parse instead of sending it', () => {
    const view = parse(
      'roleId=nope&feedback=PERHAPS&ageMin=abc&ageMax=400&gender=x&missingGender=SOMETIMES&sort=zzz',
    );
    expect(view).toEqual(DEFAULT_VIEW);
    expect(serializeView(view).toString()).toBe('');
  });

  it('keeps only the minimum of an impossible age range', () => {
    expect(parse('ageMin=40&ageMax=20')).toMatchObject({ ageMin: 40, ageMax: null });
  });

  it('asks the API with its bracket keys, and sends the search only from 3 characters', () => {
    const view = { ...parse(`ageMin=20&tagsIn=${TAG_A}&tagsIn=${TAG_B}&tagsInMode=AND&tagsNotIn=${TAG_B}`) };
    expect(listQuery(view, 'an')).toEqual(
      expect.objectContaining({
        'age[min]': 20,
        'tags[in]': [TAG_A, TAG_B],
        'tags[notIn]': [TAG_B],
        includeTagConditionType: 'AND',
        nameOrEmail: undefined,
      }),
    );
    expect(listQuery(view, ' ann ').nameOrEmail).toBe('ann');
  });

  it('asks for feedback from team members (user ids) with their match type', () => {
    const view = parse(`feedbackFrom=${TAG_A}&feedbackFrom=${TAG_B}&feedbackFromMode=AND&feedback=YES`);
    expect(listQuery(view, '')).toEqual(
      expect.objectContaining({
        feedback: 'YES',
        feedbackProviderNames: [TAG_A, TAG_B],
        feedbackProviderQueryType: 'AND',
      }),
    );
    expect(activeFilters(view)).toContainEqual({ key: 'feedbackFrom', value: TAG_B });
  });

  it('gives one chip per filter value, and removing one leaves the others', () => {
    const view = parse(`gender=${GENDER}&tagsIn=${TAG_A}&tagsIn=${TAG_B}&ageMax=30`);
    const chips = activeFilters(view);
    expect(chips).toEqual([
      { key: 'age' },
      { key: 'gender', value: GENDER },
      { key: 'tagsIn', value: TAG_A },
      { key: 'tagsIn', value: TAG_B },
    ]);
    const fewer = withoutFilter(view, { key: 'tagsIn', value: TAG_A });
    expect(fewer.tagsIn).toEqual([TAG_B]);
    expect(fewer.gender).toEqual([GENDER]);
  });

  it('another opportunity clears the folder and the open candidate; a folder change closes the candidate', () => {
    const view = parse(`roleId=${ROLE}&folderId=${FOLDER}&candidateId=${TAG_A}&feedback=NO`);
    expect(withRole(view, null)).toMatchObject({
      roleId: null,
      folderId: null,
      candidateId: null,
      feedback: 'NO',
    });
    expect(withFolder(view, null)).toMatchObject({ roleId: ROLE, folderId: null, candidateId: null });
  });

  it('keeps the referral and agent filters in the URL, sends them as the API names them, and clears each by chip', () => {
    const view = parse(
      `referral=${TAG_A}&referral=nope&agents=${TAG_B}&agentSearchType=AGENCY_NAME&agentSearchTerm=%20north%20`,
    );
    expect(view).toMatchObject({
      referral: [TAG_A],
      agents: [TAG_B],
      agentSearchType: 'AGENCY_NAME',
      agentSearchTerm: 'north',
    });
    expect(parse(serializeView(view).toString())).toEqual(view);
    expect(listQuery(view, '')).toMatchObject({
      referral: [TAG_A],
      agents: [TAG_B],
      agentSearchType: 'AGENCY_NAME',
      agentSearchTerm: 'north',
    });
    expect(activeFilters(view)).toEqual([
      { key: 'referral', value: TAG_A },
      { key: 'agents', value: TAG_B },
      { key: 'agentSearch' },
    ]);
    const cleared = withoutFilter(withoutFilter(view, { key: 'agentSearch' }), {
      key: 'referral',
      value: TAG_A,
    });
    expect(cleared).toMatchObject({ referral: [], agents: [TAG_B], agentSearchTerm: '' });
    expect(serializeView(cleared).toString()).toBe(`agents=${TAG_B}`);
  });

  it('sends no agent search shorter than 3 characters and no search type without a term', () => {
    const short = parse('agentSearchType=AGENT_EMAIL&agentSearchTerm=ab');
    const query = listQuery(short, '');
    expect(query.agentSearchTerm).toBeUndefined();
    expect(query.agentSearchType).toBeUndefined();
    expect(activeFilters(short)).toEqual([]);
    expect(serializeView(parse('agentSearchType=AGENT_EMAIL')).toString()).toBe('');
    expect(listQuery(parse('agentSearchTerm=quent'), '')).toMatchObject({ agentSearchTerm: 'quent' });
    expect(listQuery(parse('agentSearchTerm=quent'), '').agentSearchType).toBeUndefined();
  });

  it('"Feedback from: Clients" reaches the clients beside the team members chosen', () => {
    const view = parse(
      `feedback=YES&feedbackFrom=${CLIENTS_PROVIDER}&feedbackFrom=${TAG_A}&feedbackFromMode=AND`,
    );
    expect(view.feedbackFrom).toEqual([CLIENTS_PROVIDER, TAG_A]);
    expect(parse(serializeView(view).toString())).toEqual(view);
    expect(listQuery(view, '')).toMatchObject({
      feedback: 'YES',
      feedbackFromClients: true,
      feedbackProviderNames: [TAG_A],
      feedbackProviderQueryType: 'AND',
    });
    const clientsOnly = listQuery(parse(`feedbackFrom=${CLIENTS_PROVIDER}`), '');
    expect(clientsOnly).toMatchObject({ feedbackFromClients: true });
    expect(clientsOnly.feedbackProviderNames).toBeUndefined();
    expect(listQuery(parse(''), '').feedbackFromClients).toBeUndefined();
  });
});

describe('the richer filters as chips', () => {
  it('gives one chip per rating, height range, union, skill, language and distance, each removable on its own', () => {
    const view = parse(
      `ratingMin=3.5&heightMin=160&heightMax=180&union=${TAG_A}&skills=Piano&skills=Juggling&languages=French&nearLat=40.7&nearLng=-74&nearMiles=25`,
    );
    const chips = activeFilters(view);
    expect(chips).toEqual([
      { key: 'ratingMin' },
      { key: 'height' },
      { key: 'union', value: TAG_A },
      { key: 'skills', value: 'Piano' },
      { key: 'skills', value: 'Juggling' },
      { key: 'languages', value: 'French' },
      { key: 'near' },
    ]);
    const less = withoutFilter(view, { key: 'skills', value: 'Piano' });
    expect(less.more.skills).toEqual(['Juggling']);
    expect(withoutFilter(less, { key: 'height' }).more).toMatchObject({ heightMin: null, heightMax: null });
    expect(withoutFilter(view, { key: 'near' }).more.near).toBeNull();
    expect(withoutFilter(view, { key: 'ratingMin' }).more.ratingMin).toBeNull();
  });
});
