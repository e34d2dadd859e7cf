import {
  extractErrorMessage,
  OFFICE_LIMITS,
  OFFICE_LOGO_TYPES,
  OFFICE_MESSAGES,
  OFFICE_TEXTS,
} from '@casting/domain';
import type { Office } from '@casting/domain';
import { useId, useRef, useState } from 'react';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { FormSection } from '../../ui/form-controls';
import { useRemoveLogo, useUploadLogo } from './settings-api';

/** The image types the file chooser offers (the server judges the bytes, whatever the name says). */
const LOGO_TYPES = OFFICE_LOGO_TYPES.join(',');

/**
 * The office's logo, changed at once rather than with the settings form: a file is not a text to review before
 * saving. A refusal (a file that is not an image, or too large) shows under the control.
 */
export function LogoSection({ office }: { office: Office }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const send = (file: File) => {
    // Too large is known before sending megabytes the server would refuse.
    if (file.size > OFFICE_LIMITS.logoMaxBytes) {
      setError(OFFICE_MESSAGES.logoTooLarge);
      if (input.current) input.current.value = '';
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: () => toast.success(OFFICE_TEXTS.logoSaved),
      onError: (refusal) => setError(extractErrorMessage(refusal)),
      onSettled: () => {
        // The same file chosen again after a refusal must fire a change.
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <FormSection title={OFFICE_TEXTS.logo}>
      <div className="flex flex-wrap items-center gap-4">
        {office.logoUrl ? (
          <img
            src={office.logoUrl}
            alt={OFFICE_TEXTS.logoOf(office.name)}
            className="size-16 rounded-md border border-line object-contain"
          />
        ) : (
          <p className="text-sm text-ink-muted">{OFFICE_TEXTS.noLogo}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex min-h-10 cursor-pointer items-center justify-center rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink hover:bg-canvas has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            {office.logoUrl ? OFFICE_TEXTS.replaceLogo : OFFICE_TEXTS.chooseLogo}
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={LOGO_TYPES}
              disabled={busy}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={Boolean(error)}
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) send(file);
              }}
            />
          </label>
          {office.logoUrl ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setError(null);
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(OFFICE_TEXTS.logoRemoved),
                  onError: (refusal) => setError(extractErrorMessage(refusal)),
                });
              }}
            >
              {OFFICE_TEXTS.removeLogo}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-xs text-ink-muted">
        {OFFICE_TEXTS.logoHint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </FormSection>
  );
}
