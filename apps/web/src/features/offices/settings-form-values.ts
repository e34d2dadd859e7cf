import {
  OFFICE_DATE_FORMATS,
  OFFICE_LIMITS,
  OFFICE_TEXTS,
  timeZoneSchema,
  updateOfficeSchema,
} from '@casting/domain';
import type { Office, OfficeDateFormat, OfficeLegal, UpdateOffice } from '@casting/domain';
import { z } from 'zod';

/** The settings form keeps text as typed (numbers too); `changedSettings` turns it into the request. */
export interface SettingsFormValues {
  name: string;
  timeZone: string;
  dateFormat: OfficeDateFormat;
  mailSenderName: string;
  termsText: string;
  privacyText: string;
  ageOfMajority: string;
  retentionDays: string;
}

export type SettingsField = keyof SettingsFormValues;

export const SETTINGS_FIELDS: readonly SettingsField[] = [
  'name',
  'timeZone',
  'dateFormat',
  'mailSenderName',
  'termsText',
  'privacyText',
  'ageOfMajority',
  'retentionDays',
];

/** The form's values for an office; the legal texts are empty until they are read (owners only). */
export function settingsFormValues(office: Office, legal: OfficeLegal | undefined): SettingsFormValues {
  return {
    name: office.name,
    timeZone: office.timeZone,
    dateFormat: office.dateFormat,
    mailSenderName: office.mailSenderName ?? '',
    termsText: legal?.termsText ?? '',
    privacyText: legal?.privacyText ?? '',
    ageOfMajority: String(office.ageOfMajority),
    retentionDays: office.retentionDays === null ? '' : String(office.retentionDays),
  };
}

/** An empty optional text clears the setting (null), so the installation's default applies again. */
const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** A typed number: anything that is not a number stays NaN, for the field's own message. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** Each field as the request carries it. */
const REQUEST_VALUE: { [K in SettingsField]: (values: SettingsFormValues) => unknown } = {
  name: (values) => values.name.trim(),
  timeZone: (values) => values.timeZone,
  dateFormat: (values) => values.dateFormat,
  mailSenderName: (values) => textOrNull(values.mailSenderName),
  termsText: (values) => textOrNull(values.termsText),
  privacyText: (values) => textOrNull(values.privacyText),
  ageOfMajority: (values) => typedNumber(values.ageOfMajority),
  retentionDays: (values) => (values.retentionDays.trim() === '' ? null : typedNumber(values.retentionDays)),
};

/**
 * The request for what changed since the form was filled, and only that: a legal text sent unchanged would still
 * count as a change of its version, and a field nobody touched cannot be refused.
 */
export function changedSettings(
  values: SettingsFormValues,
  initial: SettingsFormValues,
): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = REQUEST_VALUE[field](values);
    if (!Object.is(value, REQUEST_VALUE[field](initial))) change[field] = value;
  }
  return change;
}

const whole = (message: string) => z.number({ error: message }).int(message);

/**
 * The request as the form judges it: the contract's rules and limits, with a message a person can act on for each
 * field, then the contract's own schema, so the form never sends what the API would refuse.
 */
export const settingsRequestSchema = z
  .object({
    name: z
      .string()
      .min(1, OFFICE_TEXTS.officeNameRequired)
      .max(OFFICE_LIMITS.nameMax, OFFICE_TEXTS.officeNameTooLong)
      .optional(),
    timeZone: timeZoneSchema.optional(),
    dateFormat: z.enum(OFFICE_DATE_FORMATS).optional(),
    mailSenderName: z
      .string()
      .max(OFFICE_LIMITS.senderNameMax, OFFICE_TEXTS.senderNameTooLong)
      .nullable()
      .optional(),
    termsText: z
      .string()
      .max(OFFICE_LIMITS.legalTextMax, OFFICE_TEXTS.legalTextTooLong)
      .nullable()
      .optional(),
    privacyText: z
      .string()
      .max(OFFICE_LIMITS.legalTextMax, OFFICE_TEXTS.legalTextTooLong)
      .nullable()
      .optional(),
    ageOfMajority: whole(OFFICE_TEXTS.ageOfMajorityRange)
      .min(OFFICE_LIMITS.ageOfMajorityMin, OFFICE_TEXTS.ageOfMajorityRange)
      .max(OFFICE_LIMITS.ageOfMajorityMax, OFFICE_TEXTS.ageOfMajorityRange)
      .optional(),
    retentionDays: whole(OFFICE_TEXTS.retentionDaysRange)
      .min(OFFICE_LIMITS.retentionDaysMin, OFFICE_TEXTS.retentionDaysRange)
      .max(OFFICE_LIMITS.retentionDaysMax, OFFICE_TEXTS.retentionDaysRange)
      .nullable()
      .optional(),
  })
  .pipe(updateOfficeSchema) satisfies z.ZodType<UpdateOffice>;
