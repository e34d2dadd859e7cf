import { useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { day } from './link-row';
import type { ShareLink } from './links-api';

/** Set, change or remove the expiry date of a link's group. */
export function ExpiryDialog({
  link,
  busy,
  onCancel,
  onSave,
}: {
  link: ShareLink | null;
  busy: boolean;
  onCancel(): void;
  onSave(expiresAt: string | null): void;
}) {
  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Set expiry date"
      description="The link stops taking submissions at the start of this day (UTC)."
    >
      {link ? <ExpiryForm key={link.id} link={link} busy={busy} onCancel={onCancel} onSave={onSave} /> : null}
    </Dialog>
  );
}

/** Starts from the link's current date; a link with one may also drop it (an expired link then opens again). */
function ExpiryForm({
  link,
  busy,
  onCancel,
  onSave,
}: {
  link: ShareLink;
  busy: boolean;
  onCancel(): void;
  onSave(expiresAt: string | null): void;
}) {
  const [date, setDate] = useState(link.expiresAt ? day(link.expiresAt) : '');
  const [touched, setTouched] = useState(false);
  // The link closes at the start of the chosen day (UTC), so the first day that can be chosen is tomorrow: the picker
  // never offers a day it would refuse. Both are read once, when the dialog opens.
  const [{ today, firstDay }] = useState(() => {
    const now = Date.now();
    return {
      today: new Date(now).toISOString().slice(0, 10),
      firstDay: new Date(now + 24 * 3600_000).toISOString().slice(0, 10),
    };
  });
  const invalid = date !== '' && date <= today;
  const missing = touched && date === '';
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (invalid || date === '') return;
        onSave(`${date}T00:00:00.000Z`);
      }}
    >
      <Field
        label="Expiry date"
        error={invalid ? 'Choose a date after today.' : missing ? 'Choose a date.' : undefined}
      >
        {(props) => (
          <Input
            type="date"
            min={firstDay}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            {...props}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {link.expiresAt ? (
          <Button variant="secondary" disabled={busy} onClick={() => onSave(null)}>
            Remove expiry
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || invalid}>
          Save expiry
        </Button>
      </div>
    </form>
  );
}
