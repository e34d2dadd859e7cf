import { confirmsErasure, MESSAGES, PERSON_DATA_MESSAGES } from '@casting/domain';
import type { RosterPerson } from '@casting/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { extractErrorMessage } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useErasePerson } from './person-data-api';

/**
 * The erasure's confirmation: what goes, that it cannot be undone, and the person's full name or e-mail retyped
 * (the same check the API makes) before the button does anything.
 */
export function PersonEraseDialog({
  person,
  onClose,
  onErased,
}: {
  person: RosterPerson;
  onClose(): void;
  onErased(): void;
}) {
  const name = `${person.firstName} ${person.lastName}`;
  const [typed, setTyped] = useState('');
  const erase = useErasePerson(person.id, () => {
    toast.success(PERSON_DATA_MESSAGES.erased(name));
    onErased();
  });
  const confirmed = confirmsErasure(typed, person);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    erase.mutate(typed);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || erase.isPending ? null : onClose())}
      title={PERSON_DATA_MESSAGES.eraseTitle(name)}
      width={560}
    >
      <form onSubmit={submit} className="flex flex-col gap-3 pt-4 text-sm text-ink">
        <p>{PERSON_DATA_MESSAGES.eraseIntro(name)}</p>
        <ul className="list-disc space-y-1 pl-5 text-ink-muted">
          {PERSON_DATA_MESSAGES.eraseRemoves.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="font-semibold text-danger">{PERSON_DATA_MESSAGES.eraseIrreversible}</p>
        <Field
          label={PERSON_DATA_MESSAGES.confirmLabel(name, person.email)}
          error={erase.isError ? extractErrorMessage(erase.error) : undefined}
        >
          {(control) => (
            <Input
              {...control}
              value={typed}
              autoComplete="off"
              spellCheck={false}
              maxLength={320}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </Field>
        <DialogFooter className="mt-0">
          <Button variant="secondary" disabled={erase.isPending} onClick={onClose}>
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={!confirmed || erase.isPending}>
            {PERSON_DATA_MESSAGES.erasePerson}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
