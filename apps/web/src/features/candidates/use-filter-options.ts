import { can, CANDIDATE_FILTER_TEXTS, RATING_TEXTS } from '@casting/domain';
import type { ProjectDetail } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import type { FilterChip } from '../../ui/filter-chips';
import { lookupValuesQuery } from '../lookups';
import { teamMembersQuery } from '../team';
import { agentOptionsQuery, projectTagsQuery, referralOptionsQuery } from './candidates-api';
import {
  activeFilters,
  AGENT_SEARCH_LABELS,
  CLIENTS_PROVIDER,
  FEEDBACK_LABELS,
  MISSING_LABELS,
  sortLabel,
  withoutFilter,
} from './candidates-url';
import type { ActiveFilter, CandidatesView } from './candidates-url';
import type { SetCandidatesView } from './use-candidates-view';

type Names = Record<
  'genderNames' | 'tagNames' | 'teamNames' | 'linkNames' | 'agentNames' | 'unionNames' | 'lookNames',
  ReadonlyMap<string, string>
>;

function namesOf(options: readonly { value: string; label: string }[] | undefined): Map<string, string> {
  return new Map((options ?? []).map((option) => [option.value, option.label]));
}

/**
 * The choices the filters panel offers and the names its chips show. Lists a person may not filter by are not
 * loaded, and the others load only while the panel is open or a filter of theirs is set.
 */
export function useFilterOptions(
  projectId: string,
  actor: ProjectDetail['projectActor'],
  view: CandidatesView,
  filtersOpen: boolean,
) {
  const http = useHttpClient();
  const genders = useQuery(lookupValuesQuery(http, 'role-genders'));
  const unions = useQuery(lookupValuesQuery(http, 'union'));
  const looks = useQuery(lookupValuesQuery(http, 'ethnic-appearances'));
  const genderNames = useMemo(() => namesOf(genders.data), [genders.data]);
  const unionNames = useMemo(() => namesOf(unions.data), [unions.data]);
  const lookNames = useMemo(() => namesOf(looks.data), [looks.data]);
  const tags = useQuery(projectTagsQuery(http, projectId));
  // Feedback is filtered by team member only by those who may see feedback (VIEW_FEEDBACK); the team is loaded
  // only while the panel or such a filter needs it.
  const seesFeedback = can(actor, 'VIEW_FEEDBACK');
  const team = useQuery({
    ...teamMembersQuery(http, projectId),
    enabled: seesFeedback && (filtersOpen || view.feedbackFrom.length > 0),
  });
  const teamOptions = useMemo(
    () =>
      // The clients (viewers of the project's client links) come first, as one provider beside the team.
      [
        { value: CLIENTS_PROVIDER, label: 'Clients (client links)' },
        ...(team.data?.items ?? []).flatMap((member) =>
          member.user ? [{ value: member.user.id, label: member.user.fullName }] : [],
        ),
      ],
    [team.data],
  );
  const teamNames = useMemo(() => namesOf(teamOptions), [teamOptions]);
  // Referral links are the links page's (SUBMIT_TALENT). Choosing agents is the team's (SELECT_LINK_REFERRAL_USERS):
  // a talent submitter is an agent and filters no other agents. Both lists load only while needed.
  const mayFilterReferral = can(actor, 'SUBMIT_TALENT');
  const mayFilterAgents = can(actor, 'SELECT_LINK_REFERRAL_USERS');
  const referralLinks = useQuery({
    ...referralOptionsQuery(http, projectId),
    enabled: mayFilterReferral && (filtersOpen || view.referral.length > 0),
  });
  const agentOptions = useQuery({
    ...agentOptionsQuery(http, projectId),
    enabled: mayFilterAgents && (filtersOpen || view.agents.length > 0),
  });
  const linkNames = useMemo(() => namesOf(referralLinks.data), [referralLinks.data]);
  const agentNames = useMemo(() => namesOf(agentOptions.data), [agentOptions.data]);
  const tagOptions = useMemo(() => tags.data ?? [], [tags.data]);
  const tagNames = useMemo(() => namesOf(tagOptions), [tagOptions]);

  return {
    genders: genders.data ?? [],
    unions: unions.data ?? [],
    ethnicAppearances: looks.data ?? [],
    genderNames,
    tags: tagOptions,
    seesFeedback,
    teamMembers: seesFeedback ? teamOptions : null,
    referralLinks: mayFilterReferral ? (referralLinks.data ?? []) : null,
    agents: mayFilterAgents ? (agentOptions.data ?? []) : null,
    names: {
      genderNames,
      tagNames,
      teamNames,
      linkNames,
      agentNames,
      unionNames,
      lookNames,
    } satisfies Names,
  };
}

/** One chip per active filter, named with the loaded options; removing a chip removes its filter. */
export function useFilterChips(view: CandidatesView, setView: SetCandidatesView, names: Names) {
  const chips: FilterChip[] = activeFilters(view).map((filter) => ({
    id: `${filter.key}:${filter.value ?? ''}`,
    label: chipLabel(view, filter, names),
  }));
  const removeChip = (id: string) => {
    const filter = activeFilters(view).find((item) => `${item.key}:${item.value ?? ''}` === id);
    if (filter) setView(withoutFilter(view, filter));
  };
  return { chips, removeChip };
}

function chipLabel(view: CandidatesView, filter: ActiveFilter, names: Names): string {
  const { genderNames, tagNames, teamNames, linkNames, agentNames } = names;
  switch (filter.key) {
    case 'q':
      return `Search: ${view.q}`;
    case 'feedback':
      return `Feedback: ${view.feedback ? FEEDBACK_LABELS[view.feedback] : ''}`;
    case 'age':
      return view.ageMin !== null && view.ageMax !== null
        ? `Age ${view.ageMin}–${view.ageMax}`
        : view.ageMin !== null
          ? `Age ${view.ageMin} or older`
          : `Age ${view.ageMax} or younger`;
    case 'gender':
      return `Gender: ${genderNames.get(filter.value ?? '') ?? 'unknown'}`;
    case 'missingGender':
      return `Gender: ${MISSING_LABELS[view.missingGender].toLowerCase()}`;
    case 'missingAge':
      return `Age: ${MISSING_LABELS[view.missingAge].toLowerCase()}`;
    case 'tagsIn':
      return `Tag: ${tagNames.get(filter.value ?? '') ?? 'unknown'}${view.tagsIn.length > 1 && view.tagsInMode === 'AND' ? ' (all)' : ''}`;
    case 'tagsNotIn':
      return `Without tag: ${tagNames.get(filter.value ?? '') ?? 'unknown'}`;
    case 'feedbackFrom':
      return `Feedback from: ${filter.value === CLIENTS_PROVIDER ? 'Clients' : (teamNames.get(filter.value ?? '') ?? 'a team member')}${view.feedbackFrom.length > 1 && view.feedbackFromMode === 'AND' ? ' (all)' : ''}`;
    case 'referral':
      return `Referral: ${linkNames.get(filter.value ?? '') ?? 'a submission link'}`;
    case 'agents':
      return `Agent: ${agentNames.get(filter.value ?? '') ?? 'an agent'}`;
    case 'agentSearch':
      return `${AGENT_SEARCH_LABELS[view.agentSearchType]}: ${view.agentSearchTerm}`;
    case 'sort':
      return `Sort: ${sortLabel(view.sort)}`;
    case 'ratingMin':
      return RATING_TEXTS.chipRating(view.more.ratingMin ?? 0);
    case 'height':
      return CANDIDATE_FILTER_TEXTS.chipHeight(view.more.heightMin, view.more.heightMax);
    case 'union':
      return CANDIDATE_FILTER_TEXTS.chipUnion(
        names.unionNames.get(filter.value ?? '') ?? CANDIDATE_FILTER_TEXTS.unknownValue,
      );
    case 'ethnicAppearance':
      return CANDIDATE_FILTER_TEXTS.chipEthnicAppearance(
        names.lookNames.get(filter.value ?? '') ?? CANDIDATE_FILTER_TEXTS.unknownValue,
      );
    case 'skills':
      return CANDIDATE_FILTER_TEXTS.chipSkill(filter.value ?? '');
    case 'languages':
      return CANDIDATE_FILTER_TEXTS.chipLanguage(filter.value ?? '');
    case 'near':
      return CANDIDATE_FILTER_TEXTS.chipNear(view.more.near?.miles ?? 0);
  }
}
