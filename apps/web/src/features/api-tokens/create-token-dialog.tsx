import {
  API_TOKEN_SCOPE_DESCRIPTIONS,
  API_TOKEN_SCOPES,
  API_TOKEN_TEXTS,
  MESSAGES,
  createApiTokenSchema,
  extractErrorMessage,
  type ApiTokenScope,
} from '@casting/domain';
import { useState } from 'react';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { CheckboxField, FormAlert } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { useCreateApiToken } from './api-tokens-api';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Makes an API token: a name and the scopes, each with what it allows. Once made, the dialog shows the secret (the
 * only time it is ever shown) with a Copy button and a warning; closing it forgets the secret.
 */
export function CreateTokenDialog({ open, onOpenChange }: Props) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    setName('');
    setScopes([]);
    setErrors({});
    setSecret(null);
    onOpenChange(false);
  };

  const submit = () => {
    const parsed = createApiTokenSchema.safeParse({ name, scopes });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      setErrors({
        name: issues.find((issue) => issue.path[0] === 'name')?.message,
        scopes: issues.find((issue) => issue.path[0] === 'scopes')?.message,
      });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => setSecret(created.secret),
      onError: (refusal) => setErrors({ form: extractErrorMessage(refusal) }),
    });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      toast.success(API_TOKEN_TEXTS.copied);
    } catch {
      toast.error(API_TOKEN_TEXTS.copyFailed);
    }
  };

  if (secret) {
    return (
      <Dialog open={open} onOpenChange={close} title={API_TOKEN_TEXTS.secretTitle} dismissible={false}>
        <p role="alert" className="mt-4 rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
          {API_TOKEN_TEXTS.secretWarning}
        </p>
        <div className="mt-4">
          <Field label={API_TOKEN_TEXTS.secretLabel}>
            {(control) => (
              <Input
                {...control}
                readOnly
                value={secret}
                className="font-mono text-xs"
                onFocus={(e) => e.target.select()}
              />
            )}
          </Field>
        </div>
        <DialogFooter>
          <Button variant="secondary" onClick={() => void copy()}>
            {API_TOKEN_TEXTS.copy}
          </Button>
          <Button onClick={() => close(false)}>{API_TOKEN_TEXTS.done}</Button>
        </DialogFooter>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close} title={API_TOKEN_TEXTS.createTitle}>
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormAlert message={errors.form ?? null} />
        <Field required label={API_TOKEN_TEXTS.name} hint={API_TOKEN_TEXTS.nameHint} error={errors.name}>
          {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <fieldset
          className="flex flex-col gap-3"
          aria-describedby={errors.scopes ? 'api-token-scopes-error' : undefined}
        >
          <legend className="mb-2 text-sm font-medium text-ink">{API_TOKEN_TEXTS.scopes}</legend>
          {API_TOKEN_SCOPES.map((scope) => (
            <CheckboxField
              key={scope}
              id={`api-token-scope-${scope}`}
              label={scope}
              hint={API_TOKEN_SCOPE_DESCRIPTIONS[scope]}
              checked={scopes.includes(scope)}
              onChange={(event) =>
                setScopes((chosen) =>
                  event.target.checked ? [...chosen, scope] : chosen.filter((one) => one !== scope),
                )
              }
            />
          ))}
          {errors.scopes ? (
            <p id="api-token-scopes-error" className="text-sm text-danger">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <DialogFooter>
          <Button variant="secondary" disabled={create.isPending} onClick={() => close(false)}>
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {API_TOKEN_TEXTS.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
