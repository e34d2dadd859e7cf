import { ADD_REPRESENTATION_DIALOG_WIDTH, extractErrorMessage, PUBLIC_TEXTS } from '@casting/domain';
import { useEffect, useRef, useState } from 'react';
import { setModalOpen } from '../../ui/native-modal';
import { RepresentativeFields } from './representative-fields';
import { EMPTY_REPRESENTATIVE, representativeFormInput } from './representative-form';
import type { NewRepresentative, RepresentativeFormInput } from './representative-form';

/**
 * Add Representation (about 550 px wide) for the public pages and the candidate preview: a native modal dialog, so
 * the public pages bring no dialog library. Save stays disabled while saving or while the form breaks the
 * representative rules (checked on every change once the rules' code is in).
 */
export function AddRepresentationDialog({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose(): void;
  onSave(form: RepresentativeFormInput): Promise<void>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [rep, setRep] = useState<NewRepresentative>(EMPTY_REPRESENTATIVE);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [valid, setValid] = useState(false);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  useEffect(() => setModalOpen(ref.current, Boolean(open)), [open]);

  useEffect(() => {
    let current = true;
    void import('./representative-rules').then(({ representativeFormSchema }) => {
      if (!current) return;
      const parsed = representativeFormSchema.safeParse(representativeFormInput(rep));
      const found: Record<string, string> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) found[issue.path.slice(0, 2).join('.')] ??= issue.message;
      }
      setValid(parsed.success);
      setErrors(found);
    });
    return () => {
      current = false;
    };
  }, [rep]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="add-representation-title"
      style={{ maxWidth: ADD_REPRESENTATION_DIALOG_WIDTH }}
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) onClose();
      }}
      className="m-auto w-[calc(100vw-2rem)] rounded-xl border border-line bg-surface p-6 text-ink backdrop:bg-scrim"
    >
      {open ? (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid || saving) return;
            setSaving(true);
            setAlert(null);
            onSave(representativeFormInput(rep))
              .then(() => {
                setRep(EMPTY_REPRESENTATIVE);
                setTouched(false);
                onClose();
              })
              .catch((error: unknown) => setAlert(extractErrorMessage(error)))
              .finally(() => setSaving(false));
          }}
        >
          <h2 id="add-representation-title" className="text-lg font-semibold">
            {PUBLIC_TEXTS.addRepresentation}
          </h2>
          {alert ? (
            <p role="alert" className="text-sm text-danger">
              {alert}
            </p>
          ) : null}
          <RepresentativeFields
            rep={rep}
            onRep={(next) => {
              setTouched(true);
              setRep(next);
            }}
            errors={touched ? errors : {}}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              disabled={saving}
              onClick={onClose}
              className="min-h-11 rounded-md border border-line px-4 text-base text-ink"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={!valid || saving}
              className="min-h-11 rounded-md bg-accent px-4 text-base font-semibold text-on-accent disabled:bg-accent/60"
            >
              {saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
