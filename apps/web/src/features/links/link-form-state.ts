import { cloneTitle, effectiveDefaultRoleId, nextDefaultRoleId } from '@casting/domain';

/** An agency as the picker shows it: its agents come with it so an agent can stand in for it. */
export interface AgencyChoice {
  id: string;
  name: string;
  agents: readonly AgentChoice[];
}

export interface AgentChoice {
  id: string;
  name: string;
  agencyId: string | null;
  agencyName: string | null;
}

/**
 * The settings of a link under the names the dialog shows:
 * changeAgency = allowChangeRep, noAgency = allowNoRep, includeCandidate = includeTalent.
 */
export interface LinkSettings {
  displayProjectDetails: boolean;
  displayOpportunityDetails: boolean;
  allowChangeRep: boolean;
  allowAddRep: boolean;
  underReview: boolean;
  allowNoRep: boolean;
  includeTalent: boolean;
  excludeAgent: boolean;
}

export type SettingName = keyof LinkSettings;

export interface LinkFormState {
  title: string;
  agencies: AgencyChoice[];
  agents: AgentChoice[];
  /** Whether the link is pre-filled with representation (on while any agency or agent is chosen). */
  isRepresentative: boolean;
  roleIds: string[];
  defaultRoleId: string | null;
  settings: LinkSettings;
}

export const DEFAULT_SETTINGS: LinkSettings = {
  displayProjectDetails: true,
  displayOpportunityDetails: true,
  allowChangeRep: false,
  allowAddRep: true,
  underReview: false,
  allowNoRep: true,
  includeTalent: true,
  excludeAgent: false,
};

export function emptyLinkForm(): LinkFormState {
  return {
    title: '',
    agencies: [],
    agents: [],
    isRepresentative: false,
    roleIds: [],
    defaultRoleId: null,
    settings: { ...DEFAULT_SETTINGS },
  };
}

function hasRepresentation(state: Pick<LinkFormState, 'agencies' | 'agents'>): boolean {
  return state.agencies.length > 0 || state.agents.length > 0;
}

/**
 * The toggle dependencies, applied after every change so the form can never hold a
 * combination the link cannot mean:
 * - with no agency (or agent) chosen, 'Change Agency' is off, and the link is not a representative one;
 * - 'Change Agency' off forces 'No Agency' off, unless nothing is chosen (then talent names their own, or none);
 * - 'Exclude Agent' only applies when 'Include Candidate' is on.
 */
export function settle(state: LinkFormState): LinkFormState {
  const represented = hasRepresentation(state);
  const settings = { ...state.settings };
  if (!represented) settings.allowChangeRep = false;
  if (represented && !settings.allowChangeRep) settings.allowNoRep = false;
  if (!settings.includeTalent) settings.excludeAgent = false;
  return { ...state, isRepresentative: represented && state.isRepresentative, settings };
}

/** Whether a toggle can be changed now (the others are shown but disabled). */
export function isSettingEnabled(state: LinkFormState, name: SettingName): boolean {
  const represented = hasRepresentation(state);
  switch (name) {
    case 'allowChangeRep':
      return represented;
    case 'allowNoRep':
      return state.settings.allowChangeRep || !represented;
    case 'excludeAgent':
      return state.settings.includeTalent;
    default:
      return true;
  }
}

export function setSetting(state: LinkFormState, name: SettingName, value: boolean): LinkFormState {
  if (!isSettingEnabled(state, name)) return state;
  return settle({ ...state, settings: { ...state.settings, [name]: value } });
}

/** Choosing an agency removes its agents already chosen: the agency stands for all of them. */
export function addAgency(state: LinkFormState, agency: AgencyChoice): LinkFormState {
  if (state.agencies.some((chosen) => chosen.id === agency.id)) return state;
  return settle({
    ...state,
    agencies: [...state.agencies, agency],
    agents: state.agents.filter((agent) => agent.agencyId !== agency.id),
    isRepresentative: true,
  });
}

/**
 * Choosing an agent whose agency is chosen replaces that agency with its other agents: the agency meant
 * "all of its agents", and picking one out of it singles that one out.
 */
export function addAgent(state: LinkFormState, agent: AgentChoice): LinkFormState {
  if (state.agents.some((chosen) => chosen.id === agent.id)) return state;
  const agency = state.agencies.find((chosen) => chosen.id === agent.agencyId);
  if (agency) {
    const others = agency.agents.filter(
      (other) => other.id !== agent.id && !state.agents.some((chosen) => chosen.id === other.id),
    );
    return settle({
      ...state,
      agencies: state.agencies.filter((chosen) => chosen.id !== agency.id),
      agents: [...state.agents, ...others],
      isRepresentative: true,
    });
  }
  return settle({ ...state, agents: [...state.agents, agent], isRepresentative: true });
}

export function removeAgency(state: LinkFormState, agencyId: string): LinkFormState {
  return clearIfEmpty(settle({ ...state, agencies: state.agencies.filter((a) => a.id !== agencyId) }));
}

export function removeAgent(state: LinkFormState, agentId: string): LinkFormState {
  return clearIfEmpty(settle({ ...state, agents: state.agents.filter((a) => a.id !== agentId) }));
}

/** Clearing the selection clears 'representative' and 'No Agency' with it. */
function clearIfEmpty(state: LinkFormState): LinkFormState {
  if (hasRepresentation(state)) return state;
  return { ...state, isRepresentative: false, settings: { ...state.settings, allowNoRep: false } };
}

export function clearRepresentation(state: LinkFormState): LinkFormState {
  return clearIfEmpty(settle({ ...state, agencies: [], agents: [] }));
}

/** The default opportunity is cleared at one or fewer choices, or when it is no longer chosen. */
export function setRoleIds(state: LinkFormState, roleIds: string[]): LinkFormState {
  return { ...state, roleIds, defaultRoleId: nextDefaultRoleId(roleIds, state.defaultRoleId) };
}

/** A clone starts from its source with the '(copy)' title rule (packages/domain clone-title). */
export function cloneForm(
  source: LinkFormState,
  existingTitles: Iterable<string>,
  now?: Date,
): LinkFormState {
  return settle({ ...source, title: cloneTitle(source.title, existingTitles, now) });
}

/** Links the dialog will create: one per agency or agent when several are chosen (as a group), else one. */
export function linkCount(state: Pick<LinkFormState, 'agencies' | 'agents'>): number {
  return Math.max(1, state.agencies.length + state.agents.length);
}

/**
 * The preview line under the form: who the link is for, where submissions land, and the review step.
 * It repeats the form in one sentence so the creator can check it before creating.
 */
export function previewLine(state: LinkFormState, roleName: (id: string) => string): string {
  const count = linkCount(state);
  const who = [...state.agencies.map((a) => a.name), ...state.agents.map((a) => a.name)];
  const links = count === 1 ? '1 link' : `${count} links`;
  const target = effectiveDefaultRoleId(state.roleIds, state.defaultRoleId);
  const parts = [
    who.length > 0 ? `${links} pre-filled with ${who.join(', ')}` : `${links} for any talent`,
    state.roleIds.length > 0
      ? `Opportunities: ${state.roleIds.map(roleName).join(', ')}` +
        (target && state.roleIds.length > 1 ? ` (default: ${roleName(target)})` : '')
      : 'No opportunity chosen yet',
  ];
  if (state.settings.underReview) parts.push('The agency reviews submissions first');
  return `${parts.join('. ')}.`;
}

/** What the form sends: the create payload of a submission link. */
export function toLinkPayload(state: LinkFormState, projectId: string) {
  return {
    projectId,
    title: state.title.trim(),
    agencyIds: state.agencies.map((a) => a.id),
    agentIds: state.agents.map((a) => a.id),
    roleIds: state.roleIds,
    defaultRoleId: effectiveDefaultRoleId(state.roleIds, state.defaultRoleId),
    isRepresentative: state.isRepresentative,
    ...state.settings,
  };
}

/** Comparable form content, for "create enabled only when changed". */
export function formSignature(state: LinkFormState): string {
  return JSON.stringify({
    ...state,
    agencies: state.agencies.map((a) => a.id),
    agents: state.agents.map((a) => a.id),
  });
}
