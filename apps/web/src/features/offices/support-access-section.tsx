import {
  extractErrorMessage,
  grantSupportAccessSchema,
  MESSAGES,
  OFFICE_LIMITS,
  OFFICE_TEXTS,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoment } from '../../lib/format/moment';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormSection } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { supportAccessQuery, useEndSupportAccess, useGrantSupportAccess } from './settings-api';

/** A day's access, unless the owner asks for another length. */
const DEFAULT_HOURS = Math.min(24, OFFICE_LIMITS.supportHoursMax);

/**
 * The owner's grant of time-limited access to the installation's operator: for how many hours, until when the grant
 * in force lasts, and ending it now. A new grant replaces the one in force.
 */
export function SupportAccessSection() {
  const http = useHttpClient();
  const access = useQuery(supportAccessQuery(http));
  const grant = useGrantSupportAccess();
  const end = useEndSupportAccess();
  const [hours, setHours] = useState(String(DEFAULT_HOURS));
  const [error, setError] = useState<string | null>(null);
  const busy = grant.isPending || end.isPending;
  const endsAt = access.data?.active && access.data.expiresAt ? formatMoment(access.data.expiresAt) : null;

  const onGrant = () => {
    const parsed = grantSupportAccessSchema.safeParse({ hours: Number(hours.trim() || Number.NaN) });
    if (!parsed.success) {
      setError(OFFICE_TEXTS.supportHoursRange);
      return;
    }
    setError(null);
    grant.mutate(parsed.data.hours, {
      onSuccess: (answer) => {
        if (answer.expiresAt)
          toast.success(OFFICE_TEXTS.supportAccessGranted(formatMoment(answer.expiresAt)));
      },
      onError: (refusal) => setError(extractErrorMessage(refusal)),
    });
  };

  return (
    <FormSection title={OFFICE_TEXTS.supportSection}>
      <p className="text-sm text-ink-muted">{OFFICE_TEXTS.supportIntro}</p>
      {access.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : access.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(access.error))}
        </p>
      ) : endsAt ? (
        <p role="status" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
          {OFFICE_TEXTS.supportAccessUntil(endsAt)}
        </p>
      ) : (
        <p role="status" className="text-sm text-ink">
          {OFFICE_TEXTS.noSupportAccess}
        </p>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onGrant();
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="w-40">
          <Field required label={OFFICE_TEXTS.supportHours} error={error ?? undefined}>
            {(props) => (
              <Input
                inputMode="numeric"
                value={hours}
                onChange={(event) => setHours(event.target.value)}
                {...props}
              />
            )}
          </Field>
        </div>
        <Button type="submit" disabled={busy}>
          {endsAt ? OFFICE_TEXTS.replaceSupportAccess : OFFICE_TEXTS.grantSupportAccess}
        </Button>
        {endsAt ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              end.mutate(undefined, {
                onSuccess: () => toast.success(OFFICE_TEXTS.supportAccessEnded),
                onError: (refusal) => toast.error(extractErrorMessage(refusal)),
              })
            }
          >
            {OFFICE_TEXTS.endSupportAccess}
          </Button>
        ) : null}
      </form>
    </FormSection>
  );
}
