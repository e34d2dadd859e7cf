import { z } from 'zod';
import { MESSAGES } from '../messages';
import { ALWAYS_CHECK, emailSchema } from './fields';

/** Ten digits, optionally after a country prefix; spaces, dashes, dots and brackets are ignored. */
export function isValidAgentPhone(value: string): boolean {
  const digits = value.replace(/[\s\-().]/g, '');
  return /^(\+?\d{1,3})?\d{10}$/.test(digits);
}

/** Agencies type their site without a scheme more often than with one, so https:// is assumed. */
export function isValidWebsiteUrl(value: string): boolean {
  const candidate = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return /^([a-z\d]([a-z\d-]*[a-z\d])?\.)+([a-z]{2,}|xn--[a-z\d-]+)$/i.test(url.hostname);
}

function personName(requiredMessage: string, minMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => value === '' || value.length >= 2, minMessage);
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

export const representativeFormSchema = z
  .object({
    repId: z.string().nullish(),
    agencyId: z.string().nullish(),
    agency: z.object({ name: optionalText, websiteUrl: optionalText }).optional(),
    agent: z.object({
      firstName: personName(MESSAGES.firstNameRequired, MESSAGES.firstNameMin),
      lastName: personName(MESSAGES.lastNameRequired, MESSAGES.lastNameMin),
      email: emailSchema,
      phoneNumber: optionalText.refine(
        (value) => value === undefined || isValidAgentPhone(value),
        MESSAGES.invalidPhoneNumber,
      ),
    }),
  })
  .superRefine((value, ctx) => {
    // An existing agency is picked by id; only a new one needs its name and site.
    if (value.agencyId) return;
    const name = typeof value.agency?.name === 'string' ? value.agency.name : '';
    if (!name) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.agencyNameRequired, path: ['agency', 'name'] });
    } else if (name.length < 2) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.agencyNameMin, path: ['agency', 'name'] });
    }
    const website = value.agency?.websiteUrl;
    if (typeof website === 'string' && website && !isValidWebsiteUrl(website)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidUrl, path: ['agency', 'websiteUrl'] });
    }
  }, ALWAYS_CHECK);
export type RepresentativeFormInput = z.input<typeof representativeFormSchema>;
export type RepresentativeForm = z.infer<typeof representativeFormSchema>;
