import { extractErrorMessage, PUBLIC_TEXTS } from '@casting/domain';
import type { ResolvedLink, StandaloneApplyInput } from '@casting/domain';
import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useErrorsAfterSubmit } from '../../lib/forms/use-errors-after-submit';
import { useHttpClient } from '../../lib/http/http-client-context';
import { lazyComponent } from '../../lib/lazy/lazy-component';
import { TextInput } from '../../ui/text-input';
import { EMPTY_REPRESENTATIVE } from '../representation';
import type { NewRepresentative } from '../representation';
import { applyContracts, checkEmail, submitApplication } from './apply-api';
import { initialChoice, initialValues } from './apply-values';
import type { ApplyDraft } from './apply-check';
import type { Errors, Values } from './apply-values';
import { ConfirmSubmission } from './confirm-submission';
import { Details, Section } from './form-sections';
import { LookupFields } from './lookup-fields';
import { AgeFields, SizeFields, SocialFields } from './profile-fields';
import { RepresentationSection } from './representation-section';
import type { RepresentationChoice } from './representation-section';
import type { UploadSlot } from './uploads';

/**
 * The upload queue brings the media module (and zod, and a dialog library): it loads after the form is on
 * screen, so the apply page's first download stays small (decision 0701).
 */
const { Component: ApplyUploads } = lazyComponent(
  () => import('./uploads'),
  (module) => module.ApplyUploads,
);
/**
 * The phone field is the widget the profile uses too, so it is a chunk of its own: fetched as the form's module runs
 * rather than carried in the first download, where a shared chunk costs more than its code (decision 0233).
 */
const { Component: PhoneField, preload: preloadPhoneField } = lazyComponent(
  () => import('../../ui/phone-field'),
  (module) => module.PhoneField,
);
void preloadPhoneField().catch(() => undefined);
/** The address (its country list and postal-code words) loads after the form too: few fill it in. */
const { Component: AddressFields } = lazyComponent(
  () => import('./address-fields'),
  (module) => module.AddressFields,
);
/** The guardian's consent and the terms' acceptance: their texts and rule load after the form, as the uploads do. */
const { Component: ConsentFields } = lazyComponent(
  () => import('./consent-fields'),
  (module) => module.ConsentFields,
);

/** The form's check, with the domain's rules, loaded on first use (see decision 0701). */
async function checkDraftLater(draft: ApplyDraft) {
  const { checkDraft } = await import('./apply-check');
  return checkDraft(draft);
}

export interface ApplyFormProps {
  link: ResolvedLink;
  token: string;
  onSubmitted(result: { applicantId: string; email: string }): void;
}

/**
 * The apply form, phone first: one column, large targets, the keyboard each field needs. It is checked with
 * the domain's own rules when the person asks to review; the confirm-submission step then shows what will be
 * sent, and only that step submits.
 */
export function ApplyForm({ link, token, onSubmitted }: ApplyFormProps) {
  const http = useHttpClient();
  const [values, setValues] = useState<Values>(() => initialValues(link));
  const [choice, setChoice] = useState<RepresentationChoice | null>(() => initialChoice(link));
  const [rep, setRep] = useState<NewRepresentative>(EMPTY_REPRESENTATIVE);
  const [uploads, setUploads] = useState<UploadSlot>({ items: [], busy: false });
  const [returning, setReturning] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [review, setReview] = useState<StandaloneApplyInput | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const opportunityName = useId();
  // Messages show from the first review on and follow every change after it, as the app's other forms do.
  const draft = useMemo(
    () => ({ link, token, values, uploads, choice, rep }),
    [link, token, values, uploads, choice, rep],
  );
  const { errors, submit } = useErrorsAfterSubmit<Errors, Awaited<ReturnType<typeof checkDraftLater>>>(
    draft,
    () => checkDraftLater(draft),
  );

  useEffect(() => {
    // The rules are fetched while the person types, so checking is instant when they ask to review.
    void Promise.all([applyContracts(), import('./apply-check')]).catch(() => undefined);
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

  const validate = async (): Promise<StandaloneApplyInput | null> => {
    const checked = await submit();
    if (checked.errors) {
      // The first message's field takes the focus, so a screen reader hears what to fix.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return null;
    }
    return checked.payload;
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
          <Suspense fallback={<p className="min-h-24 text-sm text-ink-muted">Loading the phone field…</p>}>
            <PhoneField
              required
              country={values.country}
              number={values.phone}
              onChange={(country, phone) => setValues((current) => ({ ...current, country, phone }))}
              error={errors.phone}
            />
          </Suspense>
          <AgeFields values={values} onChange={set} errors={errors} />
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
          <SizeFields sizes={values.sizes} onChange={(sizes) => set('sizes', sizes)} error={errors.sizes} />
        </Details>

        <Details title="Social profiles">
          <SocialFields socials={values.socials} onChange={(socials) => set('socials', socials)} />
        </Details>

        <Details title="Address">
          <Suspense fallback={null}>
            <AddressFields
              value={values.address}
              onChange={(address) => set('address', address)}
              errors={{ zip: errors['address.zip'], country: errors['address.country'] }}
            />
          </Suspense>
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

        <Suspense fallback={null}>
          <ConsentFields
            link={link}
            values={values}
            onChange={(next) => setValues((current) => ({ ...current, ...next }))}
            errors={errors}
          />
        </Suspense>

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
