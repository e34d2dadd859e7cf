import { CONSENT_TEXTS } from '@casting/domain';
import type { ApplicantDetail } from '@casting/domain';
import { formatMoment } from '../../lib/format/moment';
import { StatusBadge } from '../../ui/status-badge';

/** The Minor marker on a candidate's row and preview; its title says what it means for clients. */
export function MinorBadge({ className }: { className?: string }) {
  return (
    <span title={CONSENT_TEXTS.minorHint} className={className}>
      <StatusBadge tone="warning">{CONSENT_TEXTS.minor}</StatusBadge>
    </span>
  );
}

/**
 * The Unconfirmed marker on a row and preview: the application used an address that already belongs to a person and
 * stays apart from them until the address's owner confirms it; its title says so.
 */
export function UnconfirmedBadge({ className }: { className?: string }) {
  return (
    <span title={CONSENT_TEXTS.unconfirmedHint} className={className}>
      <StatusBadge tone="warning">{CONSENT_TEXTS.unconfirmed}</StatusBadge>
    </span>
  );
}

/**
 * What the candidate agreed to in their latest application through an apply page: the terms and privacy versions and
 * when, and for a minor the guardian who consented. Nothing for a candidate added by hand or imported.
 */
export function ApplicationRecord({ application }: { application: ApplicantDetail['application'] }) {
  if (!application) return null;
  const facts: [string, string][] = [
    [CONSENT_TEXTS.acceptedAt, formatMoment(application.acceptedAt)],
    [CONSENT_TEXTS.termsTitle, CONSENT_TEXTS.termsVersion(application.termsVersion)],
    [CONSENT_TEXTS.privacyTitle, CONSENT_TEXTS.privacyVersion(application.privacyVersion)],
  ];
  if (application.guardian) {
    const { fullName, email, consentAt } = application.guardian;
    facts.push([CONSENT_TEXTS.guardian, `${fullName} (${email})`]);
    facts.push([CONSENT_TEXTS.guardianConsentAt, formatMoment(consentAt)]);
  }
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-ink">{CONSENT_TEXTS.agreedSection}</h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
