import {
  extractErrorMessage,
  MEMBER_SIGN_UP_ROLES,
  MESSAGES,
  memberDomainSchema,
  OFFICE_ROLE_NAMES,
  OFFICE_TEXTS,
} from '@casting/domain';
import type { MemberSignUp, MemberSignUpRole } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { serverFieldErrors } from '../../lib/forms/form-resolver';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormSection } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { SkeletonList } from '../../ui/skeleton';
import { memberSignUpQuery, useSetMemberSignUp } from './settings-api';

const ROLE_OPTIONS = MEMBER_SIGN_UP_ROLES.map((role) => ({ value: role, label: OFFICE_ROLE_NAMES[role] }));

const isSignUpRole = (value: string): value is MemberSignUpRole =>
  (MEMBER_SIGN_UP_ROLES as readonly string[]).includes(value);

/**
 * The owner's choice of who may join the office by signing up: the domains whose people join once they confirm their
 * address, and the role they get. Each change is saved at once; the server proves a new domain is the owner's own.
 */
export function MemberSignUpSection() {
  const http = useHttpClient();
  const current = useQuery(memberSignUpQuery(http));
  const save = useSetMemberSignUp();
  const { user } = useAuth();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ownDomain = user?.email.split('@').at(-1) ?? 'example.com';

  const submit = (next: MemberSignUp, success: string, onDone?: () => void) => {
    save.mutate(next, {
      onSuccess: () => {
        toast.success(success);
        onDone?.();
      },
      onError: (refusal) => {
        const fieldMessage = serverFieldErrors(refusal).get('domains');
        if (fieldMessage) setError(fieldMessage);
        else toast.error(extractErrorMessage(refusal));
      },
    });
  };

  const onAdd = (signUp: MemberSignUp) => {
    const parsed = memberDomainSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.somethingWentWrong);
      return;
    }
    setError(null);
    submit(
      { ...signUp, domains: [...signUp.domains, parsed.data] },
      OFFICE_TEXTS.memberDomainAdded(parsed.data),
      () => setDraft(''),
    );
  };

  return (
    <FormSection title={OFFICE_TEXTS.memberSignUpSection}>
      <p className="text-sm text-ink-muted">{OFFICE_TEXTS.memberSignUpIntro}</p>
      {current.isPending ? (
        <SkeletonList label={OFFICE_TEXTS.loadingMemberSignUp} rows={2} plain />
      ) : current.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(current.error))}
        </p>
      ) : (
        <>
          {current.data.domains.length === 0 ? (
            <p className="text-sm text-ink">{OFFICE_TEXTS.byInvitationOnly}</p>
          ) : (
            <ul aria-label={OFFICE_TEXTS.memberDomains} className="flex flex-col divide-y divide-line">
              {current.data.domains.map((domain) => (
                <li key={domain} className="flex items-center justify-between gap-3 py-2 text-sm text-ink">
                  <span className="break-all">{domain}</span>
                  <Button
                    variant="secondary"
                    className="min-h-9 px-3"
                    aria-label={OFFICE_TEXTS.removeMemberDomainNamed(domain)}
                    disabled={save.isPending}
                    onClick={() =>
                      submit(
                        { ...current.data, domains: current.data.domains.filter((kept) => kept !== domain) },
                        OFFICE_TEXTS.memberDomainRemoved(domain),
                      )
                    }
                  >
                    {OFFICE_TEXTS.removeMemberDomain}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onAdd(current.data);
            }}
            className="flex flex-wrap items-end gap-3"
          >
            <div className="min-w-0 flex-1 basis-60">
              <Field
                label={OFFICE_TEXTS.newMemberDomain}
                hint={OFFICE_TEXTS.newMemberDomainHint(ownDomain)}
                error={error ?? undefined}
              >
                {(props) => (
                  <Input
                    autoCapitalize="none"
                    spellCheck={false}
                    value={draft}
                    onChange={(event) => setDraft(event.target.value)}
                    {...props}
                  />
                )}
              </Field>
            </div>
            <Button type="submit" disabled={save.isPending}>
              {OFFICE_TEXTS.addMemberDomain}
            </Button>
          </form>
          <div className="w-full sm:w-72">
            <Field label={OFFICE_TEXTS.memberSignUpRole}>
              {(props) => (
                <Select
                  {...props}
                  value={current.data.role}
                  options={ROLE_OPTIONS}
                  disabled={save.isPending}
                  onValueChange={(role) => {
                    if (isSignUpRole(role) && role !== current.data.role)
                      submit({ ...current.data, role }, OFFICE_TEXTS.memberSignUpRoleSaved);
                  }}
                />
              )}
            </Field>
          </div>
        </>
      )}
    </FormSection>
  );
}
