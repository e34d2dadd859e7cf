import { z } from 'zod';
import { LINK_TITLE_COUNTER_MAX, LINK_TITLE_WARN_ABOVE } from '../constants';
import { MESSAGES } from '../messages';
import { ALWAYS_CHECK, nameSchema, requiredText } from './fields';

/** The counter is advisory only: the title has no hard limit. */
export const linkTitleSchema = requiredText(MESSAGES.titleRequired);

export type LinkTitleCounterLevel = 'normal' | 'warning' | 'over';

/** Colour of the title counter: yellow above 25 characters, orange above 30. */
export function linkTitleCounterLevel(title: string): LinkTitleCounterLevel {
  if (title.length > LINK_TITLE_COUNTER_MAX) return 'over';
  if (title.length > LINK_TITLE_WARN_ABOVE) return 'warning';
  return 'normal';
}

const idSchema = z.string().min(1);

export const opportunitySelectionSchema = z
  .object({
    roleIds: z.array(idSchema).min(1, MESSAGES.opportunityRequired),
    // A cleared select yields an empty string, which means "no default" like null does.
    defaultRoleId: z.string().nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.roleIds.length > 1 && !value.defaultRoleId) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.defaultOpportunityRequired, path: ['defaultRoleId'] });
    } else if (value.defaultRoleId && !value.roleIds.includes(value.defaultRoleId)) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.defaultOpportunityNotChosen,
        path: ['defaultRoleId'],
      });
    }
  });
export type OpportunitySelection = z.infer<typeof opportunitySelectionSchema>;

/** The default to keep after the chosen opportunities change: cleared at one or fewer, or when removed. */
export function nextDefaultRoleId(
  roleIds: readonly string[],
  current: string | null | undefined,
): string | null {
  if (roleIds.length <= 1 || !current || !roleIds.includes(current)) return null;
  return current;
}

/** The default a link actually uses: the only chosen opportunity, or the explicit default. */
export function effectiveDefaultRoleId(
  roleIds: readonly string[],
  defaultRoleId: string | null | undefined,
): string | null {
  if (roleIds.length === 1) return roleIds[0] ?? null;
  return defaultRoleId && roleIds.includes(defaultRoleId) ? defaultRoleId : null;
}

const referralUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  agencyId: z.string().nullish(),
});

export const linkGenerationSchema = z
  .object({
    name: nameSchema,
    roleIds: z.array(idSchema).min(1, MESSAGES.selectAtLeastOneRole),
    representation: z.boolean().default(false),
    referralUsers: z.array(referralUserSchema).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.representation !== true || !Array.isArray(value.referralUsers)) return;
    const withoutAgency = value.referralUsers.filter(
      (user) => typeof user === 'object' && user !== null && !user.agencyId,
    );
    if (withoutAgency.length === 0) return;
    ctx.addIssue({
      code: 'custom',
      message: MESSAGES.referralUsersWithoutAgency(withoutAgency.map((user) => user.name).join(', ')),
      path: ['referralUsers'],
    });
  }, ALWAYS_CHECK);
export type LinkGeneration = z.infer<typeof linkGenerationSchema>;
