import { PRESENTATION_TEXTS, patchPresentationSchema } from '@casting/domain';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';

const T = PRESENTATION_TEXTS;

/**
 * Asks for a presentation's name, on create and on rename. The name is checked with the contract's own rule before
 * anything is sent; `onSubmit` gets the trimmed name and the dialog closes once the caller says it is saved.
 */
export function NameDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  onSubmit(name: string): void;
}) {
  const { open, onOpenChange } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={props.title}>
      {/* Mounted per opening, so the field starts from the current name every time. */}
      {open ? <NameForm {...props} /> : null}
    </Dialog>
  );
}

function NameForm(props: Parameters<typeof NameDialog>[0]) {
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = patchPresentationSchema.shape.title.safeParse(name);
        if (!parsed.success || parsed.data === undefined) {
          setError(parsed.error?.issues[0]?.message);
          return;
        }
        setError(undefined);
        props.onSubmit(parsed.data);
      }}
    >
      <Field label={T.titleLabel} error={error} required>
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={() => props.onOpenChange(false)}>
          {T.cancel}
        </Button>
        <Button type="submit" disabled={props.busy}>
          {props.busy ? T.saving : props.submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
