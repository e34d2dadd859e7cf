import { extractErrorMessage, MESSAGES, SIZE_FIELDS, SOCIAL_PLATFORMS, PUBLIC_TEXTS } from '@casting/domain';
import type { ResolvedLink, SizeField, SocialPlatform, StandaloneApplyInput } from '@casting/domain';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { AddressFields, EMPTY_ADDRESS } from './address-fields';
import type { AddressValue } from './address-fields';
import { setModalOpen } from '../../ui/native-modal';
import { applyContracts, checkEmail, submitApplication } from './apply-api';
import { PhoneField, phoneValue } from './phone-field';
import type { Country } from './phone-field';
import { EMPTY_REPRESENTATIVE, representativeFormInput } from '../representation';
import type { NewRepresentative } from '../representation';
import { RepresentationSection, representationOptions } from './representation-section';
import type { RepresentationChoice } from './representation-section';
import { TextInput } from '../../ui/text-input';
import { lazyComponent } from '../../lib/lazy/lazy-component';
import type { UploadSlot } from './uploads';

/**
 * The upload queue brings the media module (and zod, and a dialog library): it loads after the form is on
 * screen, so the apply page's first download stays small (decision 0028).
 */
const { Component: ApplyUploads } = lazyComponent(
  () => import('./uploads'),
  (module) => module.ApplyUploads,
);

/** Size fields by what a person is likely to know, so the common ones come first. */
const SIZE_LABELS: Record<SizeField, string> = {
  height: 'Height',
  weight: 'Weight',
  waist: 'Waist',
  inseam: 'Inseam',
  shoe: 'Shoe',
  dress: 'Dress',
  pants: 'Pants',
  bust: 'Bust',
  cup: 'Cup',
  hips: 'Hips',
  neck: 'Neck',
  sleeve: 'Sleeve',
  coat: 'Coat',
  coatLength: 'Coat length',
  hat: 'Hat',
  glove: 'Glove',
  infant: 'Infant',
  toddler: 'Toddler',
  boys: 'Boys',
  girls: 'Girls',
  infantToddlerAndChildrenShoe: 'Children’s shoe',
};
const SOCIAL_LABELS: Record<SocialPlatform, string> = {
  INSTAGRAM: 'Instagram',
  FACEBOOK: 'Facebook',
  TIKTOK: 'TikTok',
  YOUTUBE: 'YouTube',
  TWITTER: 'X (Twitter)',
  LINKEDIN: 'LinkedIn',
};

export interface ApplyFormProps {
  link: ResolvedLink;
  token: string;
  onSubmitted(result: { applicantId: string; email: string }): void;
}

type Errors = Record<string, string | undefined>;

interface Values {
  roleId: string;
  firstName: string;
  lastName: string;
  email: string;
  country: Country;
  phone: string;
  ageMode: 'dob' | 'age';
  dateOfBirth: string;
  age: string;
  genderId: string;
  ethnicAppearanceIds: string[];
  sizes: Partial<Record<SizeField, string>>;
  socials: Partial<Record<SocialPlatform, string>>;
  address: AddressValue;
  bio: string;
  /** The honeypot: hidden from people, so only a form-filling robot writes here. */
  website: string;
}

const compact = <T extends Record<string, string | undefined>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value && value.trim())) as Partial<T>;

function initialChoice(link: ResolvedLink): RepresentationChoice | null {
  if (link.representative) return { kind: 'existing', repId: link.representative.agent.id };
  return null;
}

/**
 * The apply form, phone first: one column, large targets, the keyboard each field needs. It is checked with
 * the domain's own rules when the person asks to review; the confirm-submission step then shows what will be
 * sent, and only that step submits.
 */
export function ApplyForm({ link, token, onSubmitted }: ApplyFormProps) {
  const http = useHttpClient();
  const [values, setValues] = useState<Values>({
    roleId: link.defaultRoleId ?? link.opportunities[0]?.id ?? '',
    firstName: '',
    lastName: '',
    email: '',
    country: 'US',
    phone: '',
    ageMode: 'dob',
    dateOfBirth: '',
    age: '',
    genderId: '',
    ethnicAppearanceIds: [],
    sizes: {},
    socials: {},
    address: EMPTY_ADDRESS,
    bio: '',
    website: '',
  });
  const [choice, setChoice] = useState<RepresentationChoice | null>(() => initialChoice(link));
  const [rep, setRep] = useState<NewRepresentative>(EMPTY_REPRESENTATIVE);
  const [uploads, setUploads] = useState<UploadSlot>({ items: [], busy: false });
  const [errors, setErrors] = useState<Errors>({});
  const [returning, setReturning] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [review, setReview] = useState<StandaloneApplyInput | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const opportunityName = useId();

  useEffect(() => {
    // The rules are fetched while the person types, so checking is instant when they ask to review.
    void applyContracts().catch(() => undefined);
  }, []);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onEmailBlur = () => {
    const email = values.email.trim();
    if (!email || !/^\S+@\S+\.\S+$/.test(email)) return;
    // A returning applicant is told their private link is on its way; the form still takes a new submission.
    checkEmail(http, link.projectId, email, token).then(
      (answer) => setReturning(answer.isReturning),
      () => setReturning(false),
    );
  };

  const buildPayload = (): StandaloneApplyInput => {
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
    };
  };

  const validate = async (): Promise<StandaloneApplyInput | null> => {
    const { standaloneApplySchema, representativeFormSchema } = await applyContracts();
    const payload = buildPayload();
    const found: Errors = {};
    const parsed = standaloneApplySchema.safeParse(payload);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.slice(0, issue.path[0] === 'address' ? 2 : 1).join('.');
        found[key] ??= issue.message;
      }
    }
    // Phone is required on the apply form (spec section 5); the API takes submissions without one from staff.
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
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first message's field takes the focus, so a screen reader hears what to fix.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return null;
    }
    return payload;
  };

  const send = async () => {
    if (!review) return;
    setSending(true);
    setAlert(null);
    try {
      const result = await submitApplication(http, review);
      onSubmitted({ applicantId: result.applicantId, email: review.email });
    } catch (error) {
      setAlert(extractErrorMessage(error));
      setReview(null);
    } finally {
      setSending(false);
    }
  };

  const showOpportunities = link.opportunities.length > 1;

  return (
    <>
      <form
        ref={formRef}
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void validate().then((payload) => {
            if (payload) setReview(payload);
          });
        }}
      >
        {alert ? (
          <p
            role="alert"
            className="rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger"
          >
            {alert}
          </p>
        ) : null}

        {showOpportunities ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-base font-semibold text-ink">Opportunity</legend>
            {link.opportunities.map((opportunity) => (
              <label key={opportunity.id} className="flex min-h-11 items-center gap-3 text-base text-ink">
                <input
                  type="radio"
                  name={opportunityName}
                  className="size-5 accent-brand-700"
                  checked={values.roleId === opportunity.id}
                  onChange={() => set('roleId', opportunity.id)}
                />
                {opportunity.name}
              </label>
            ))}
          </fieldset>
        ) : null}

        <Section title={PUBLIC_TEXTS.aboutYou}>
          <TextInput
            required
            label={PUBLIC_TEXTS.firstName}
            autoComplete="given-name"
            value={values.firstName}
            onChange={(text) => set('firstName', text)}
            error={errors.firstName}
          />
          <TextInput
            required
            label={PUBLIC_TEXTS.lastName}
            autoComplete="family-name"
            value={values.lastName}
            onChange={(text) => set('lastName', text)}
            error={errors.lastName}
          />
          <TextInput
            required
            type="email"
            inputMode="email"
            autoComplete="email"
            label="Email"
            value={values.email}
            onChange={(text) => {
              set('email', text);
              setReturning(false);
            }}
            onBlur={onEmailBlur}
            error={errors.email}
          />
          {returning ? (
            <p role="status" className="rounded-md bg-info-soft px-3 py-2 text-sm text-info">
              Welcome back! You have applied with this e-mail before; we have sent you the private link to
              your submission. You can still submit for this opportunity below.
            </p>
          ) : null}
          <PhoneField
            required
            country={values.country}
            number={values.phone}
            onChange={(country, phone) => setValues((current) => ({ ...current, country, phone }))}
            error={errors.phone}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-ink">Date of birth or age</legend>
            <div className="flex gap-4">
              {(['dob', 'age'] as const).map((mode) => (
                <label key={mode} className="flex min-h-11 items-center gap-2 text-base text-ink">
                  <input
                    type="radio"
                    name="age-mode"
                    className="size-5 accent-brand-700"
                    checked={values.ageMode === mode}
                    onChange={() => set('ageMode', mode)}
                  />
                  {mode === 'dob' ? PUBLIC_TEXTS.dateOfBirth : 'Age'}
                </label>
              ))}
            </div>
            {values.ageMode === 'dob' ? (
              <TextInput
                type="date"
                label={PUBLIC_TEXTS.dateOfBirth}
                autoComplete="bday"
                value={values.dateOfBirth}
                onChange={(text) => set('dateOfBirth', text)}
                error={errors.dateOfBirth}
              />
            ) : (
              <TextInput
                inputMode="numeric"
                label="Age"
                value={values.age}
                onChange={(text) => set('age', text)}
                error={errors.age}
              />
            )}
          </fieldset>
          <LookupFields
            lookups={link.lookups}
            genderId={values.genderId}
            ethnicAppearanceIds={values.ethnicAppearanceIds}
            onGender={(genderId) => set('genderId', genderId)}
            onEthnicAppearances={(ids) => set('ethnicAppearanceIds', ids)}
            errors={errors}
          />
        </Section>

        <RepresentationSection
          link={link}
          token={token}
          choice={choice}
          onChoice={setChoice}
          rep={rep}
          onRep={setRep}
          errors={errors}
        />

        <Section title="Photos, self-tapes and documents">
          <Suspense fallback={<p className="text-sm text-ink-muted">Loading the file picker…</p>}>
            <ApplyUploads
              grant={link.uploadGrant}
              scope={`apply:${link.shareLinkId}`}
              value={uploads}
              onChange={setUploads}
            />
          </Suspense>
          {errors.uploads ? <p className="text-sm text-danger">{errors.uploads}</p> : null}
        </Section>

        <Details title="Sizes">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {(Object.keys(SIZE_LABELS) as SizeField[])
              .filter((field) => SIZE_FIELDS.includes(field))
              .map((field) => (
                <TextInput
                  key={field}
                  label={SIZE_LABELS[field]}
                  value={values.sizes[field] ?? ''}
                  onChange={(text) => set('sizes', { ...values.sizes, [field]: text })}
                  error={errors.sizes}
                />
              ))}
          </div>
        </Details>

        <Details title="Social profiles">
          <div className="grid gap-3 sm:grid-cols-2">
            {SOCIAL_PLATFORMS.map((platform) => (
              <TextInput
                key={platform}
                label={SOCIAL_LABELS[platform]}
                inputMode="url"
                value={values.socials[platform] ?? ''}
                onChange={(text) => set('socials', { ...values.socials, [platform]: text })}
              />
            ))}
          </div>
        </Details>

        <Details title="Address">
          <AddressFields
            value={values.address}
            onChange={(address) => set('address', address)}
            errors={{ zip: errors['address.zip'] }}
          />
        </Details>

        <Section title="Anything else">
          <div className="flex flex-col gap-1">
            <label htmlFor="apply-bio" className="text-sm font-medium text-ink">
              About you (optional)
            </label>
            <textarea
              id="apply-bio"
              rows={4}
              value={values.bio}
              onChange={(event) => set('bio', event.target.value)}
              className="w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink"
            />
          </div>
        </Section>

        {/* Honeypot: off-screen, out of the tab order and hidden from assistive technology. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="apply-website">Website</label>
          <input
            id="apply-website"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(event) => set('website', event.target.value)}
          />
        </div>

        <button
          type="submit"
          className="min-h-12 w-full rounded-md bg-accent px-4 text-base font-semibold text-on-accent hover:bg-accent-hover sm:w-auto sm:self-end"
        >
          Review submission
        </button>
      </form>
      <ConfirmSubmission
        payload={review}
        link={link}
        sending={sending}
        onCancel={() => setReview(null)}
        onConfirm={() => void send()}
      />
    </>
  );
}

/**
 * Gender (one, optional) and ethnic appearance (any number, optional): the values casting filters candidates by,
 * offered from the link's resolve answer since the lookup calls are for signed-in staff (decision 0047). A
 * lookup the product has no values for is left out rather than shown empty.
 */
function LookupFields({
  lookups,
  genderId,
  ethnicAppearanceIds,
  onGender,
  onEthnicAppearances,
  errors,
}: {
  lookups: ResolvedLink['lookups'];
  genderId: string;
  ethnicAppearanceIds: string[];
  onGender(genderId: string): void;
  onEthnicAppearances(ids: string[]): void;
  errors: Errors;
}) {
  const genderField = useId();
  if (!lookups) return null;
  const toggle = (id: string, on: boolean) =>
    onEthnicAppearances(
      on ? [...ethnicAppearanceIds, id] : ethnicAppearanceIds.filter((value) => value !== id),
    );
  return (
    <>
      {lookups.genders.length > 0 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={genderField} className="text-sm font-medium text-ink">
            Gender <span className="font-normal text-ink-muted">(optional)</span>
          </label>
          <select
            id={genderField}
            name="genderId"
            value={genderId}
            onChange={(event) => onGender(event.target.value)}
            aria-invalid={errors.genderId ? true : undefined}
            className="min-h-11 rounded-md border border-line bg-surface px-3 text-base text-ink"
          >
            <option value="">Prefer not to say</option>
            {lookups.genders.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {errors.genderId ? <p className="text-sm text-danger">{errors.genderId}</p> : null}
        </div>
      ) : null}
      {lookups.ethnicAppearances.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-ink">
            {PUBLIC_TEXTS.ethnicAppearance}{' '}
            <span className="font-normal text-ink-muted">(optional, choose any)</span>
          </legend>
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            {lookups.ethnicAppearances.map((option) => (
              <label key={option.value} className="flex min-h-11 items-center gap-2 text-base text-ink">
                <input
                  type="checkbox"
                  name="ethnicAppearanceIds"
                  value={option.value}
                  className="size-5 accent-brand-700"
                  checked={ethnicAppearanceIds.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                {option.label}
              </label>
            ))}
          </div>
          {errors.ethnicAppearanceIds ? (
            <p className="text-sm text-danger">{errors.ethnicAppearanceIds}</p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-base font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

function Details({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-line bg-surface">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between px-4 text-base font-semibold text-ink">
        {title} <span className="text-sm font-normal text-ink-muted">(optional)</span>
      </summary>
      <div className="border-t border-line p-4">{children}</div>
    </details>
  );
}

/**
 * The confirm-submission step: a native modal dialog (focus kept inside, Escape cancels) listing what will be
 * sent. A submission cannot be withdrawn afterwards (spec section 4), so the step says so.
 */
function ConfirmSubmission({
  payload,
  link,
  sending,
  onCancel,
  onConfirm,
}: {
  payload: StandaloneApplyInput | null;
  link: ResolvedLink;
  sending: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => setModalOpen(ref.current, Boolean(payload)), [payload]);
  const opportunity =
    link.opportunities.find((item) => item.id === payload?.roleId)?.name ?? link.opportunities[0]?.name;
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-submission-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!sending) onCancel();
      }}
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-xl border border-line bg-surface p-6 text-ink backdrop:bg-scrim"
    >
      {payload ? (
        <div className="flex flex-col gap-4">
          <h2 id="confirm-submission-title" className="text-lg font-semibold">
            {PUBLIC_TEXTS.confirmSubmission}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">Name</dt>
            <dd>
              {payload.firstName} {payload.lastName}
            </dd>
            <dt className="text-ink-muted">Email</dt>
            <dd className="break-all">{payload.email}</dd>
            <dt className="text-ink-muted">Phone</dt>
            <dd>{payload.phone}</dd>
            {opportunity ? (
              <>
                <dt className="text-ink-muted">Opportunity</dt>
                <dd>{opportunity}</dd>
              </>
            ) : null}
            <dt className="text-ink-muted">Files</dt>
            <dd>{payload.uploads?.length ?? 0}</dd>
          </dl>
          <p className="text-sm text-ink-muted">
            Once sent, a submission cannot be withdrawn. You can update your details later from the private
            link we e-mail you.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              disabled={sending}
              onClick={onCancel}
              className="min-h-11 rounded-md border border-line px-4 text-base text-ink"
            >
              Edit
            </button>
            <button
              type="button"
              disabled={sending}
              onClick={onConfirm}
              className="min-h-11 rounded-md bg-accent px-4 text-base font-semibold text-on-accent disabled:bg-accent/60"
            >
              {sending ? 'Submitting…' : 'Submit'}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
