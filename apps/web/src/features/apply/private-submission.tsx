import { extractErrorMessage, PUBLIC_TEXTS, PAGE_TITLES } from '@casting/domain';
import type { StandaloneView } from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { AddRepresentationDialog } from '../representation';
import { PrivateSelfie } from '../selfie';
import { PrivateMediaSection } from './private-media';
import { useApplyAddress } from './apply-address';
import {
  applyContracts,
  changeRepresentative,
  confirmApplication,
  updateSubmission,
  viewSubmission,
} from './apply-api';
import { ApplyFrame, Notice } from './apply-frame';
import { TextInput } from '../../ui/text-input';

/** /submission/:id?token=: the talent's private link from the confirmation e-mail. */
export function PrivateSubmissionRoute() {
  const { params, search } = useApplyAddress();
  const { id } = params;
  const token = search.get('token');
  if (!id || !token) {
    return (
      <ApplyFrame>
        <Notice title="This private link is incomplete">
          Open the link exactly as your confirmation e-mail gives it.
        </Notice>
      </ApplyFrame>
    );
  }
  return <PrivateSubmissionPage applicantId={id} token={token} />;
}

/** What the talent submitted, and the details they may update (the opportunity and files stay as sent). */
export function PrivateSubmissionPage({ applicantId, token }: { applicantId: string; token: string }) {
  const http = useHttpClient();
  const view = useQuery({
    queryKey: ['private-submission', applicantId, token],
    queryFn: ({ signal }) => viewSubmission(http, applicantId, token, signal),
    retry: false,
  });
  if (view.isPending) {
    return (
      <ApplyFrame>
        <p role="status" className="py-16 text-center text-ink-muted">
          Loading your submission…
        </p>
      </ApplyFrame>
    );
  }
  if (view.isError) {
    return (
      <ApplyFrame>
        <Notice title="We could not open your submission">{extractErrorMessage(view.error)}</Notice>
      </ApplyFrame>
    );
  }
  return (
    <ApplyFrame>
      {view.data.unconfirmed ? (
        <ConfirmApplication view={view.data} token={token} />
      ) : (
        <SubmissionDetails view={view.data} token={token} />
      )}
    </ApplyFrame>
  );
}

/**
 * An application made with an address the casting team already knows waits until the address's owner, who got this
 * link by e-mail, confirms it was them; a stranger who used the address never sees this page.
 */
function ConfirmApplication({ view, token }: { view: StandaloneView; token: string }) {
  const http = useHttpClient();
  const [status, setStatus] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    setSending(true);
    try {
      const result = await confirmApplication(http, view.applicantId, token);
      setStatus(result.message);
      setDone(true);
    } catch (error) {
      setStatus(extractErrorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">{view.projectName}</p>
      <h1 className="text-2xl font-semibold text-ink">{PAGE_TITLES.yourSubmission}</h1>
      {done ? null : <p className="text-base text-ink">{PUBLIC_TEXTS.applicationToConfirm}</p>}
      {done ? null : (
        <button
          type="button"
          disabled={sending}
          onClick={() => void confirm()}
          className="min-h-12 rounded-md bg-accent px-4 text-base font-semibold text-on-accent disabled:bg-accent/60 sm:self-start"
        >
          {PUBLIC_TEXTS.confirmApplication}
        </button>
      )}
      <p role="status" className="text-base text-ink">
        {status}
      </p>
    </section>
  );
}

function SubmissionDetails({ view, token }: { view: StandaloneView; token: string }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    firstName: view.firstName,
    lastName: view.lastName,
    phone: view.phone ?? '',
    bio: view.bio ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [addingRep, setAddingRep] = useState(false);

  const save = async () => {
    const { standaloneUpdateSchema } = await applyContracts();
    const body = {
      accessToken: token,
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone.trim() || null,
      bio: values.bio.trim() || null,
    };
    const parsed = standaloneUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await updateSubmission(http, view.applicantId, body);
      setStatus('Your details are saved.');
      await queryClient.invalidateQueries({ queryKey: ['private-submission', view.applicantId] });
    } catch (error) {
      setStatus(extractErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <header className="flex flex-col gap-1">
        <p className="text-sm text-ink-muted">{view.projectName}</p>
        <h1 className="text-2xl font-semibold text-ink">{PAGE_TITLES.yourSubmission}</h1>
        <p className="text-base text-ink">
          Opportunities: {view.opportunities.map((opportunity) => opportunity.name).join(', ') || '—'}
        </p>
        <div>
          <button
            type="button"
            onClick={() => setAddingRep(true)}
            className="min-h-11 rounded-md border border-line px-4 text-base text-ink hover:bg-canvas"
          >
            {PUBLIC_TEXTS.addRepresentation}
          </button>
        </div>
        {view.representatives.length > 0 ? (
          <p className="text-base text-ink">
            Representation:{' '}
            {view.representatives
              .map((rep) => `${rep.agent.name}, ${rep.agency.name} (${rep.status.toLowerCase()})`)
              .join('; ')}
          </p>
        ) : null}
      </header>
      <AddRepresentationDialog
        open={addingRep}
        onClose={() => setAddingRep(false)}
        onSave={async (form) => {
          await changeRepresentative(http, { applicantId: view.applicantId, accessToken: token, ...form });
          setStatus('Your representation is saved; your agent will be asked to confirm it.');
          await queryClient.invalidateQueries({ queryKey: ['private-submission', view.applicantId] });
        }}
      />
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextInput
          required
          label={PUBLIC_TEXTS.firstName}
          value={values.firstName}
          onChange={(firstName) => setValues({ ...values, firstName })}
          error={errors.firstName}
        />
        <TextInput
          required
          label={PUBLIC_TEXTS.lastName}
          value={values.lastName}
          onChange={(lastName) => setValues({ ...values, lastName })}
          error={errors.lastName}
        />
        <TextInput
          label="Email"
          value={view.email ?? ''}
          onChange={() => undefined}
          readOnly
          hint="Your e-mail cannot be changed here."
        />
        <TextInput
          type="tel"
          label="Phone"
          hint="With the dial code, for example +12125550123."
          value={values.phone}
          onChange={(phone) => setValues({ ...values, phone })}
          error={errors.phone}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="submission-bio" className="text-sm font-medium text-ink">
            {PUBLIC_TEXTS.aboutYou}
          </label>
          <textarea
            id="submission-bio"
            rows={4}
            value={values.bio}
            onChange={(event) => setValues({ ...values, bio: event.target.value })}
            className="w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink"
          />
        </div>
        <button
          type="submit"
          disabled={saving}
          className="min-h-12 rounded-md bg-accent px-4 text-base font-semibold text-on-accent disabled:bg-accent/60 sm:self-end"
        >
          {saving ? 'Saving…' : PUBLIC_TEXTS.saveChanges}
        </button>
        <p role="status" className="text-sm text-ink-muted">
          {status}
        </p>
      </form>
      <PrivateMediaSection applicantId={view.applicantId} token={token} />
      <PrivateSelfie applicantId={view.applicantId} token={token} />
    </>
  );
}
