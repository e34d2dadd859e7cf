import { MESSAGES } from '@casting/domain';
import type { ResolvedLink, StandaloneApplyInput } from '@casting/domain';
import { representativeFormInput } from '../representation';
import type { NewRepresentative } from '../representation';
import { applyContracts } from './apply-api';
import type { Errors, Values } from './apply-values';
import { minorByForm } from './consent-fields';
import { phoneValue } from '../../ui/phone-field';
import { representationOptions } from './representation-section';
import type { RepresentationChoice } from './representation-section';
import type { UploadSlot } from './uploads';

/*
 * Checking the form before the confirm step, loaded with the domain's rules after the form is on screen: the apply
 * page's first download carries none of it.
 */

/** Everything the form holds besides the typed values. */
export interface ApplyDraft {
  link: ResolvedLink;
  token: string;
  values: Values;
  uploads: UploadSlot;
  choice: RepresentationChoice | null;
  rep: NewRepresentative;
}

const compact = <T extends Record<string, string | undefined>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value && value.trim())) as Partial<T>;

/** The submission as the API takes it: empty optional fields left out, the age given one way only. */
export function buildPayload({
  link,
  token,
  values,
  uploads,
  choice,
  rep,
}: ApplyDraft): StandaloneApplyInput {
  const address = compact({ ...values.address });
  return {
    token,
    roleId: values.roleId || undefined,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: phoneValue(values.country, values.phone) || null,
    dateOfBirth: values.ageMode === 'dob' && values.dateOfBirth ? values.dateOfBirth : null,
    age: values.ageMode === 'age' && values.age.trim() ? Number(values.age) : null,
    genderId: values.genderId || null,
    ethnicAppearanceIds: values.ethnicAppearanceIds,
    sizes: compact(values.sizes),
    socialProfiles: compact(values.socials),
    address: Object.keys(address).some((key) => key !== 'country') ? address : null,
    bio: values.bio.trim() || null,
    uploads: uploads.items,
    // The API attaches the uploads only under the grant they were made with (the resolve answer's).
    ...(uploads.items.length > 0 && link.uploadGrant ? { uploadGrant: link.uploadGrant } : {}),
    repId: choice?.kind === 'existing' ? choice.repId : null,
    representative: choice?.kind === 'new' ? representativeFormInput(rep) : null,
    website: values.website || undefined,
    // Checked by the contract before anything is sent: an unticked box is a field message, never a request.
    acceptTerms: values.acceptTerms as true,
  };
}

/**
 * The draft checked with the domain's own rules (loaded with the contracts), plus the form's own: the payload when
 * it may be sent, otherwise a message for each field to fix.
 */
export async function checkDraft(
  draft: ApplyDraft,
): Promise<{ payload: StandaloneApplyInput; errors: null } | { payload: null; errors: Errors }> {
  const { standaloneApplySchema, representativeFormSchema, guardianIssues } = await applyContracts();
  const { link, values, uploads, choice } = draft;
  const minor = minorByForm(link, values);
  const payload = { ...buildPayload(draft), guardian: minor ? values.guardian : null };
  const found: Errors = {};
  const parsed = standaloneApplySchema.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const nested = issue.path[0] === 'address' || issue.path[0] === 'guardian';
      found[issue.path.slice(0, nested ? 2 : 1).join('.')] ??= issue.message;
    }
  }
  // A minor's guardian consent, checked by the same rule as the API's.
  if (minor)
    for (const issue of guardianIssues(values.guardian)) found[`guardian.${issue.field}`] ??= issue.message;
  // A phone number is required on the public apply form; the API takes submissions without one from staff.
  if (!payload.phone) found.phone = MESSAGES.invalidPhoneNumber;
  if (values.ageMode === 'age' && values.age.trim() && !/^\d{1,3}$/.test(values.age.trim())) {
    found.age = 'Enter your age in years.';
  }
  if (choice?.kind === 'new') {
    const repParsed = representativeFormSchema.safeParse(payload.representative);
    if (!repParsed.success) {
      for (const issue of repParsed.error.issues) found[issue.path.slice(0, 2).join('.')] ??= issue.message;
    }
  }
  const { prefilled, canChooseNone } = representationOptions(link);
  if (prefilled && !canChooseNone && !choice) found.representation = 'Choose your representation.';
  if (uploads.busy) found.uploads = 'Wait for your files to finish uploading.';
  return Object.keys(found).length > 0 ? { payload: null, errors: found } : { payload, errors: null };
}
