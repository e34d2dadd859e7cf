import { addressLine, COMPARE_TEXTS, PUBLIC_TEXTS, SIZE_FIELDS, type ApplicantDetail } from '@casting/domain';
import { useId } from 'react';

/** A part of the preview, named by its heading for assistive technology. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** 'coatLength' and 'INSTAGRAM' as a person reads them: 'Coat length', 'Instagram'. */
function sentenceCase(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The candidate's profile facts, bio and resume, each shown only when filled. */
export function Profile({ detail }: { detail: ApplicantDetail }) {
  // Height and weight have rows of their own; the other measurements follow under their names.
  const sizes = SIZE_FIELDS.filter(
    (field) => field !== 'height' && field !== 'weight' && detail.sizes[field],
  ).map((field) => [field, detail.sizes[field]] as const);
  const facts: [string, string | null][] = [
    ['E-mail', detail.email],
    ['Phone', detail.phone],
    [PUBLIC_TEXTS.dateOfBirth, detail.dateOfBirth],
    [PUBLIC_TEXTS.gender, detail.gender?.name ?? null],
    [
      COMPARE_TEXTS.playingAge,
      detail.playingAgeMin !== null || detail.playingAgeMax !== null
        ? `${detail.playingAgeMin ?? '?'}–${detail.playingAgeMax ?? '?'}`
        : null,
    ],
    [PUBLIC_TEXTS.ethnicAppearance, detail.ethnicAppearances.map((item) => item.name).join(', ') || null],
    ['Height', detail.height ?? detail.sizes.height ?? null],
    ['Weight', detail.weight ?? detail.sizes.weight ?? null],
    ['Skills', detail.skills.join(', ') || null],
    ['Unions', detail.unions.map((item) => item.name).join(', ') || null],
    ['Languages', detail.languages.join(', ') || null],
    ['Address', detail.address ? addressLine(detail.address) || null : null],
    ...Object.entries(detail.socialProfiles).map(([platform, value]): [string, string | null] => [
      sentenceCase(platform),
      value ?? null,
    ]),
    ...sizes.map(([field, value]): [string, string | null] => [sentenceCase(field), value ?? null]),
  ];
  const shown = facts.filter(([, value]) => value);
  return (
    <>
      <Section title="Profile">
        {shown.length === 0 ? (
          <p className="text-sm text-ink-muted">No profile details yet.</p>
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            {shown.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="break-words text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Section>
      {detail.bio ? (
        <Section title="Bio">
          <p className="text-sm whitespace-pre-line text-ink">{detail.bio}</p>
        </Section>
      ) : null}
      {detail.resume ? (
        <Section title="Resume">
          <p className="text-sm whitespace-pre-line text-ink">{detail.resume}</p>
        </Section>
      ) : null}
    </>
  );
}
