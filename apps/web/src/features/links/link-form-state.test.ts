import { describe, expect, it } from 'vitest';
import {
  addAgency,
  addAgent,
  cloneForm,
  emptyLinkForm,
  isSettingEnabled,
  previewLine,
  removeAgency,
  setRoleIds,
  setSetting,
  toLinkPayload,
} from './link-form-state';
import type { AgencyChoice, AgentChoice } from './link-form-state';

const agent = (id: string, agencyId: string | null): AgentChoice => ({
  id,
  name: `Agent ${id}`,
  agencyId,
  agencyName: agencyId ? `Agency ${agencyId}` : null,
});
const acme: AgencyChoice = {
  id: 'acme',
  name: 'Acme',
  agents: [agent('a1', 'acme'), agent('a2', 'acme'), agent('a3', 'acme')],
};

describe('link form state', () => {
  it('choosing an agency removes its agents already chosen', () => {
    let state = addAgent(emptyLinkForm(), agent('a1', 'acme'));
    state = addAgent(state, agent('b1', 'bolt'));
    state = addAgency(state, acme);
    expect(state.agencies.map((a) => a.id)).toEqual(['acme']);
    expect(state.agents.map((a) => a.id)).toEqual(['b1']);
  });

  it('choosing an agent of a chosen agency replaces the agency with its other agents', () => {
    const state = addAgent(addAgency(emptyLinkForm(), acme), agent('a2', 'acme'));
    expect(state.agencies).toEqual([]);
    expect(state.agents.map((a) => a.id)).toEqual(['a1', 'a3']);
  });

  it('Change Agency is off and disabled without agencies; turning it off forces No Agency off', () => {
    let state = emptyLinkForm();
    expect(isSettingEnabled(state, 'allowChangeRep')).toBe(false);
    expect(isSettingEnabled(state, 'allowNoRep')).toBe(true);
    state = addAgency(state, acme);
    expect(isSettingEnabled(state, 'allowNoRep')).toBe(false);
    expect(state.settings.allowNoRep).toBe(false);
    state = setSetting(state, 'allowChangeRep', true);
    state = setSetting(state, 'allowNoRep', true);
    expect(state.settings.allowNoRep).toBe(true);
    state = setSetting(state, 'allowChangeRep', false);
    expect(state.settings.allowNoRep).toBe(false);
  });

  it('clearing the selection clears representative, Change Agency and No Agency', () => {
    let state = setSetting(addAgency(emptyLinkForm(), acme), 'allowChangeRep', true);
    state = setSetting(state, 'allowNoRep', true);
    expect(state.isRepresentative).toBe(true);
    state = removeAgency(state, 'acme');
    expect(state.isRepresentative).toBe(false);
    expect(state.settings.allowChangeRep).toBe(false);
    expect(state.settings.allowNoRep).toBe(false);
  });

  it('Exclude Agent needs Include Candidate; turning that off clears it', () => {
    let state = setSetting(emptyLinkForm(), 'excludeAgent', true);
    expect(state.settings.excludeAgent).toBe(true);
    state = setSetting(state, 'includeTalent', false);
    expect(state.settings.excludeAgent).toBe(false);
    expect(isSettingEnabled(state, 'excludeAgent')).toBe(false);
    expect(setSetting(state, 'excludeAgent', true).settings.excludeAgent).toBe(false);
  });

  it('the default opportunity is cleared at one choice or when removed, and sent as the only one', () => {
    let state = setRoleIds(emptyLinkForm(), ['r1', 'r2']);
    state = { ...state, defaultRoleId: 'r2' };
    expect(setRoleIds(state, ['r1', 'r2', 'r3']).defaultRoleId).toBe('r2');
    expect(setRoleIds(state, ['r1', 'r3']).defaultRoleId).toBeNull();
    const single = setRoleIds(state, ['r1']);
    expect(single.defaultRoleId).toBeNull();
    expect(toLinkPayload({ ...single, title: ' Open call ' }, 'p1')).toMatchObject({
      title: 'Open call',
      roleIds: ['r1'],
      defaultRoleId: 'r1',
    });
  });

  it('a clone takes the cloned-title rule', () => {
    const source = { ...emptyLinkForm(), title: 'Open call' };
    expect(cloneForm(source, ['Open call', 'Open call (copy)']).title).toBe('Open call (copy 2)');
    expect(cloneForm({ ...source, title: '' }, []).title).toBe('Untitled (copy)');
  });

  it('the preview line says how many links and for whom', () => {
    let state = addAgent(addAgency(emptyLinkForm(), acme), agent('b1', 'bolt'));
    state = setRoleIds(state, ['r1', 'r2']);
    state = setSetting({ ...state, defaultRoleId: 'r2' }, 'underReview', true);
    const names: Record<string, string> = { r1: 'Lead', r2: 'Extra' };
    expect(previewLine(state, (id) => names[id] ?? id)).toBe(
      '2 links pre-filled with Acme, Agent b1. Opportunities: Lead, Extra (default: Extra). The agency reviews submissions first.',
    );
  });
});
