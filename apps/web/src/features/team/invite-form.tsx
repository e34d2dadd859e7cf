import { ACCESS_SCOPE_NAMES, MESSAGES } from '@casting/domain';
import type { ProjectScope } from '@casting/domain';
import { useState } from 'react';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { inviteEmailError, validEmails } from './invite-emails';

export interface InviteFormProps {
  /** Roles the inviter may grant (their scopeAllowedToCreate). */
  grantable: readonly ProjectScope[];
  /** Sends the invitation; resolves true when the field may be cleared. */
  onInvite(emails: string[], scope: ProjectScope): Promise<boolean>;
}

/**
 * E-mail and role of the people to invite. The address is checked on blur, then on every change
 * once an error shows; Add stays disabled while adding, without an address or a role, or with an
 * address error.
 */
export function InviteForm({ grantable, onInvite }: InviteFormProps) {
  const [emails, setEmails] = useState('');
  // A field never typed in is not judged on blur: tabbing past it should not shout 'Email is required'.
  const [edited, setEdited] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [scope, setScope] = useState<ProjectScope | ''>('');
  const [adding, setAdding] = useState(false);

  const addDisabled = adding || emails.trim() === '' || scope === '' || emailError !== null;

  const submit = async () => {
    const valid = validEmails(emails);
    if (!valid) {
      setEmailError(inviteEmailError(emails));
      toast.error(MESSAGES.inviteSendInvalidEmail);
      return;
    }
    if (scope === '') return;
    setAdding(true);
    try {
      // A fresh start after an invite: the role is chosen again for the next person, not carried over.
      if (await onInvite(valid, scope)) {
        setEmails('');
        setEdited(false);
        setScope('');
      }
    } finally {
      setAdding(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!addDisabled) void submit();
      }}
      className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
    >
      <Field
        required
        label="Email"
        hint="Separate several addresses with commas"
        error={emailError ?? undefined}
      >
        {(control) => (
          <Input
            type="text"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            autoComplete="off"
            placeholder="name@example.com"
            value={emails}
            onChange={(event) => {
              setEmails(event.target.value);
              setEdited(true);
              if (emailError !== null) setEmailError(inviteEmailError(event.target.value));
            }}
            onBlur={() => {
              if (edited) setEmailError(inviteEmailError(emails));
            }}
            {...control}
          />
        )}
      </Field>
      <Field required label="Role" hint={scope ? MESSAGES.projectRoleExplanations[scope] : undefined}>
        {(control) => (
          <Select
            {...control}
            value={scope}
            onValueChange={(value) => setScope(value as ProjectScope)}
            placeholder="Select a role"
            options={grantable.map((code) => ({ value: code, label: ACCESS_SCOPE_NAMES[code] }))}
          />
        )}
      </Field>
      <Button type="submit" disabled={addDisabled} className="sm:mt-6">
        {adding ? 'Adding…' : 'Add'}
      </Button>
      <details className="text-sm sm:col-span-3">
        <summary className="cursor-pointer font-medium text-brand-700">{MESSAGES.whatRolesMayDo}</summary>
        <dl className="mt-2 grid gap-2 sm:grid-cols-[10rem_1fr]">
          {grantable.map((code) => (
            <div key={code} className="contents">
              <dt className="font-medium text-ink">{ACCESS_SCOPE_NAMES[code]}</dt>
              <dd className="text-ink-muted">{MESSAGES.projectRoleExplanations[code]}</dd>
            </div>
          ))}
        </dl>
      </details>
    </form>
  );
}
