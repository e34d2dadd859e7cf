import { CONSENT_TEXTS, isMinor, todayIn } from '@casting/domain';
import type { ResolvedLink } from '@casting/domain';
import type { ReactNode } from 'react';
import { PATTERNS } from '../../lib/routing/patterns';
import { TextInput } from '../../ui/text-input';
import type { Errors, Values } from './apply-values';

type ConsentValues = Pick<Values, 'acceptTerms' | 'guardian' | 'ageMode' | 'dateOfBirth' | 'age'>;

/**
 * Whether the talent is a minor by what they typed, judged as the API judges it: the link's office's age of majority
 * on today's date where the office works. The form then asks for a parent's or guardian's consent.
 */
export function minorByForm(link: Pick<ResolvedLink, 'minorRule'>, values: ConsentValues): boolean {
  const rule = link.minorRule;
  if (!rule) return false;
  const age = values.ageMode === 'age' && /^\d{1,3}$/.test(values.age.trim()) ? Number(values.age) : null;
  const dateOfBirth = values.ageMode === 'dob' && values.dateOfBirth ? values.dateOfBirth : null;
  return isMinor({ dateOfBirth, age }, rule.ageOfMajority, todayIn(rule.timeZone));
}

function Checkbox({
  checked,
  onChange,
  error,
  children,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-11 items-start gap-3 text-base text-ink">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          checked={checked}
          aria-invalid={Boolean(error)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{children}</span>
      </label>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </div>
  );
}

/**
 * The end of the apply form, loaded after the form is on screen (the apply page's first download stays small): a
 * parent's or guardian's name, e-mail and consent while the talent is a minor, then the acceptance of the terms and
 * privacy texts every application gives.
 */
export function ConsentFields({
  link,
  values,
  onChange,
  errors,
}: {
  link: Pick<ResolvedLink, 'minorRule'>;
  values: ConsentValues;
  onChange(next: Pick<Values, 'acceptTerms' | 'guardian'>): void;
  errors: Errors;
}) {
  const guardian = values.guardian;
  const setGuardian = (change: Partial<Values['guardian']>) =>
    onChange({ acceptTerms: values.acceptTerms, guardian: { ...guardian, ...change } });
  const linkClass = 'underline underline-offset-2';
  return (
    <>
      {minorByForm(link, values) && link.minorRule ? (
        <fieldset className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4">
          <legend className="px-1 text-base font-semibold text-ink">{CONSENT_TEXTS.guardianSection}</legend>
          <p className="text-sm text-ink-muted">
            {CONSENT_TEXTS.guardianIntro(link.minorRule.ageOfMajority)}
          </p>
          <TextInput
            required
            label={CONSENT_TEXTS.guardianName}
            autoComplete="off"
            value={guardian.fullName}
            onChange={(fullName) => setGuardian({ fullName })}
            error={errors['guardian.fullName']}
          />
          <TextInput
            required
            type="email"
            inputMode="email"
            autoComplete="off"
            label={CONSENT_TEXTS.guardianEmail}
            value={guardian.email}
            onChange={(email) => setGuardian({ email })}
            error={errors['guardian.email']}
          />
          <Checkbox
            checked={guardian.consent}
            onChange={(consent) => setGuardian({ consent })}
            error={errors['guardian.consent']}
          >
            {CONSENT_TEXTS.guardianConsent}
          </Checkbox>
        </fieldset>
      ) : null}
      <Checkbox
        checked={values.acceptTerms}
        onChange={(acceptTerms) => onChange({ acceptTerms, guardian })}
        error={errors.acceptTerms}
      >
        {CONSENT_TEXTS.acceptBefore}
        <a href={PATTERNS.terms} target="_blank" rel="noreferrer" className={linkClass}>
          {CONSENT_TEXTS.termsTitle}
        </a>
        {CONSENT_TEXTS.acceptBetween}
        <a href={PATTERNS.privacy} target="_blank" rel="noreferrer" className={linkClass}>
          {CONSENT_TEXTS.privacyTitle}
        </a>
        {CONSENT_TEXTS.acceptAfter}
      </Checkbox>
    </>
  );
}
