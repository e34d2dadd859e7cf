import {
  extractErrorMessage,
  MESSAGES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TEXTS,
  type WebhookEndpoint,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { FormSection } from '../../ui/form-controls';
import { SkeletonList } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import { CreateEndpointDialog } from './create-dialog';
import { DeliveriesList } from './deliveries-list';
import { SecretPanel } from './secret-panel';
import {
  useDeleteEndpoint,
  useRotateSecret,
  useSendTest,
  useUpdateEndpoint,
  webhookEndpointsQuery,
} from './webhooks-api';

/** The retry schedule in words: "1 min, 5 min, 30 min, 2 h…". */
const SCHEDULE = WEBHOOK_RETRY_DELAYS_SECONDS.map((seconds) =>
  seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`,
).join(', ');

function stateText(endpoint: WebhookEndpoint): string {
  if (endpoint.state === 'ACTIVE') return WEBHOOK_TEXTS.active;
  return endpoint.pausedReason === 'FAILING' ? WEBHOOK_TEXTS.pausedFailing : WEBHOOK_TEXTS.pausedManual;
}

function EndpointRow(props: { endpoint: WebhookEndpoint; onSecret(secret: string): void }) {
  const { endpoint } = props;
  const [open, setOpen] = useState(false);
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const paused = endpoint.state === 'PAUSED';
  const refused = (refusal: unknown) => toast.error(extractErrorMessage(refusal));

  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm break-all">{endpoint.url}</span>
        <StatusBadge tone={paused ? (endpoint.pausedReason === 'FAILING' ? 'danger' : 'warning') : 'success'}>
          {stateText(endpoint)}
        </StatusBadge>
      </div>
      {endpoint.description ? <p className="text-sm text-ink-muted">{endpoint.description}</p> : null}
      <p className="text-xs text-ink-muted">{endpoint.events.join(', ')}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={update.isPending}
          onClick={() =>
            update.mutate({ id: endpoint.id, change: { paused: !paused } }, { onError: refused })
          }
        >
          {paused ? WEBHOOK_TEXTS.resume : WEBHOOK_TEXTS.pause}
        </Button>
        <Button
          variant="secondary"
          disabled={paused || test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => toast.success(WEBHOOK_TEXTS.testSent),
              onError: refused,
            })
          }
        >
          {WEBHOOK_TEXTS.sendTest}
        </Button>
        <Button
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: (answer) => props.onSecret(answer.secret),
              onError: refused,
            })
          }
        >
          {WEBHOOK_TEXTS.rotate}
        </Button>
        <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
          {open ? WEBHOOK_TEXTS.hideDeliveries : WEBHOOK_TEXTS.showDeliveries}
        </Button>
        <Button
          variant="secondary"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(WEBHOOK_TEXTS.removeConfirm)) remove.mutate(endpoint.id, { onError: refused });
          }}
        >
          {WEBHOOK_TEXTS.remove}
        </Button>
      </div>
      {open ? <DeliveriesList endpointId={endpoint.id} paused={paused} /> : null}
    </li>
  );
}

/**
 * The office's webhook endpoints for its owners: each with its state (active, or paused with the reason), its events
 * and actions, its deliveries on demand, and adding one; a secret the server answers is shown once.
 */
export function WebhooksSection() {
  const http = useHttpClient();
  const endpoints = useQuery(webhookEndpointsQuery(http));
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <FormSection title={WEBHOOK_TEXTS.section}>
      <p id="webhooks" className="text-sm text-ink-muted">
        {WEBHOOK_TEXTS.intro} {WEBHOOK_TEXTS.retries(SCHEDULE)}
      </p>
      {secret ? <SecretPanel secret={secret} onDone={() => setSecret(null)} /> : null}
      {endpoints.isPending ? (
        <SkeletonList label={WEBHOOK_TEXTS.loading} rows={2} />
      ) : endpoints.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(endpoints.error))}
        </p>
      ) : endpoints.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{WEBHOOK_TEXTS.none}</p>
      ) : (
        <ul aria-label={WEBHOOK_TEXTS.section} className="flex flex-col divide-y divide-line">
          {endpoints.data.items.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
          ))}
        </ul>
      )}
      <Button className="self-start" onClick={() => setCreating(true)}>
        {WEBHOOK_TEXTS.add}
      </Button>
      <CreateEndpointDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created);
        }}
      />
    </FormSection>
  );
}
