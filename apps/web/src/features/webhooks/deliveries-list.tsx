import { extractErrorMessage, MESSAGES, WEBHOOK_TEXTS, type WebhookDelivery } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatMoment } from '../../lib/format/moment';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { StatusBadge, type StatusTone } from '../../ui/status-badge';
import { useResendDelivery, webhookDeliveriesQuery } from './webhooks-api';

const TONE: Record<WebhookDelivery['status'], StatusTone> = {
  PENDING: 'info',
  SUCCEEDED: 'success',
  FAILED: 'danger',
};

/** One endpoint's deliveries: event, status, the last attempt's answer and duration, and sending one again. */
export function DeliveriesList(props: { endpointId: string; paused: boolean }) {
  const http = useHttpClient();
  const deliveries = useInfiniteQuery(webhookDeliveriesQuery(http, props.endpointId));
  const resend = useResendDelivery();
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];

  if (deliveries.isPending) return <p className="text-sm text-ink-muted">{WEBHOOK_TEXTS.loading}</p>;
  if (deliveries.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {MESSAGES.errorLoadingData(extractErrorMessage(deliveries.error))}
      </p>
    );
  if (items.length === 0) return <p className="text-sm text-ink-muted">{WEBHOOK_TEXTS.noDeliveries}</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={WEBHOOK_TEXTS.showDeliveries} className="flex flex-col divide-y divide-line">
        {items.map((delivery) => {
          const last = delivery.attempts.at(-1);
          return (
            <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span className="font-mono">{delivery.eventType}</span>
              <StatusBadge tone={TONE[delivery.status]}>{WEBHOOK_TEXTS.status[delivery.status]}</StatusBadge>
              <span className="text-ink-muted">{formatMoment(delivery.createdAt)}</span>
              <span className="text-ink-muted">{WEBHOOK_TEXTS.attempts(delivery.attempts.length)}</span>
              {last ? (
                <span className="text-ink-muted">
                  {WEBHOOK_TEXTS.lastAnswer(last.statusCode, last.durationMs, last.error)}
                </span>
              ) : null}
              {delivery.nextAttemptAt ? (
                <span className="text-ink-muted">
                  {WEBHOOK_TEXTS.nextAttempt(formatMoment(delivery.nextAttemptAt))}
                </span>
              ) : null}
              <Button
                variant="secondary"
                className="ml-auto"
                disabled={props.paused || resend.isPending}
                onClick={() =>
                  resend.mutate(
                    { endpointId: props.endpointId, deliveryId: delivery.id },
                    {
                      onSuccess: () => toast.success(WEBHOOK_TEXTS.sentAgain),
                      onError: (refusal) => toast.error(extractErrorMessage(refusal)),
                    },
                  )
                }
              >
                {WEBHOOK_TEXTS.sendAgain}
              </Button>
            </li>
          );
        })}
      </ul>
      {deliveries.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={deliveries.isFetchingNextPage}
          onClick={() => void deliveries.fetchNextPage()}
        >
          {WEBHOOK_TEXTS.showMore}
        </Button>
      ) : null}
    </div>
  );
}
