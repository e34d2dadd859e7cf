import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  normaliseLinkSettings,
  shareLinkSettingsSchema,
  shareLinkUpsertSchema,
  standaloneApplySchema,
  standaloneUpdateSchema,
} from '../src';

const settings = shareLinkSettingsSchema.parse({});

describe('normaliseLinkSettings: the toggle dependencies', () => {
  it('forces Change Agency off without agencies', () => {
    expect(normaliseLinkSettings({ ...settings, allowChangeRep: true }, false).allowChangeRep).toBe(false);
  });

  it("turns 'No Agency' off when agencies are chosen and Change Agency is off", () => {
    expect(
      normaliseLinkSettings({ ...settings, allowChangeRep: false, allowNoRep: true }, true).allowNoRep,
    ).toBe(false);
    expect(
      normaliseLinkSettings({ ...settings, allowChangeRep: true, allowNoRep: true }, true).allowNoRep,
    ).toBe(true);
  });

  it('clears Exclude Agent when Include Candidate is off', () => {
    expect(
      normaliseLinkSettings({ ...settings, includeTalent: false, excludeAgent: true }, true).excludeAgent,
    ).toBe(false);
  });
});

describe('shareLinkUpsertSchema', () => {
  const id = (n: number) => `0190a000-0000-7000-8000-00000000000${n}`;

  it('reports the title and every opportunity rule at once', () => {
    const result = shareLinkUpsertSchema.safeParse({
      title: ' ',
      roleIds: [id(1), id(2)],
      defaultRoleId: null,
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(MESSAGES.titleRequired);
    expect(messages).toContain(MESSAGES.defaultOpportunityRequired);
  });

  it('accepts one opportunity without a default and fills the settings defaults', () => {
    const parsed = shareLinkUpsertSchema.parse({ title: 'Call', roleIds: [id(1)] });
    expect(parsed).toMatchObject({ agencyIds: [], agentIds: [], includeTalent: true, underReview: false });
  });
});

describe('standalone apply schemas', () => {
  it('requires a well-formed link secret and the e-mail rule', () => {
    const result = standaloneApplySchema.safeParse({
      token: 'x',
      firstName: 'A',
      lastName: 'B',
      email: 'nope',
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['token', 'email']));
  });

  it('an update changes only what it names (no defaults fill in)', () => {
    const parsed = standaloneUpdateSchema.parse({ accessToken: 'A'.repeat(24), bio: 'Hi' });
    expect(parsed).toEqual({ accessToken: 'A'.repeat(24), bio: 'Hi' });
  });
});
