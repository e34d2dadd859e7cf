import { API_TOKEN_TEXTS, MESSAGES, extractErrorMessage, type ApiToken } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoment } from '../../lib/format/moment';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormSection } from '../../ui/form-controls';
import { Skeleton } from '../../ui/skeleton';
import { apiTokensQuery, useRevokeApiToken } from './api-tokens-api';
import { CreateTokenDialog } from './create-token-dialog';

/**
 * The office owner's API tokens in the office settings: each token's name, scopes, dates and last use (never its
 * secret), making one, and revoking one after a confirmation.
 */
export function ApiTokensSection() {
  const http = useHttpClient();
  const tokens = useQuery(apiTokensQuery(http));
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(API_TOKEN_TEXTS.revoked);
        setRevoking(null);
      },
      onError: (refusal) => toast.error(extractErrorMessage(refusal)),
    });
  };

  return (
    <FormSection title={API_TOKEN_TEXTS.section}>
      <p className="text-sm text-ink-muted">{API_TOKEN_TEXTS.intro}</p>
      {tokens.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : tokens.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(tokens.error))}
        </p>
      ) : tokens.data.items.length === 0 ? (
        <p className="text-sm text-ink">{API_TOKEN_TEXTS.none}</p>
      ) : (
        <ul aria-label={API_TOKEN_TEXTS.section} className="flex flex-col divide-y divide-line">
          {tokens.data.items.map((token) => (
            <li key={token.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium break-words text-ink">
                  {token.name} <span className="font-mono text-xs text-ink-muted">{token.hint}…</span>
                </p>
                <p className="break-words text-ink-muted">{token.scopes.join(', ')}</p>
                <p className="text-xs text-ink-muted">
                  {API_TOKEN_TEXTS.created} {formatMoment(token.createdAt)} · {API_TOKEN_TEXTS.lastUsed}{' '}
                  {token.lastUsedAt ? formatMoment(token.lastUsedAt) : API_TOKEN_TEXTS.neverUsed}
                </p>
              </div>
              {token.revokedAt ? (
                <span className="text-xs text-ink-muted">
                  {API_TOKEN_TEXTS.revokedOn(formatMoment(token.revokedAt))}
                </span>
              ) : (
                <Button
                  variant="secondary"
                  aria-label={API_TOKEN_TEXTS.revokeNamed(token.name)}
                  onClick={() => setRevoking(token)}
                >
                  {API_TOKEN_TEXTS.revoke}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button onClick={() => setCreating(true)}>{API_TOKEN_TEXTS.create}</Button>
      </div>
      <CreateTokenDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={API_TOKEN_TEXTS.revokeTitle}
        message={API_TOKEN_TEXTS.revokeMessage(revoking?.name ?? '')}
        confirmLabel={API_TOKEN_TEXTS.revoke}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </FormSection>
  );
}
