import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { WEBHOOKS_QUEUE, type WebhookJob } from '../../src/modules/webhooks';
import type { Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import type { ActorName, Cast } from '../support/projects';
import { selectRows } from '../jobs/support';

export const BASE = '/api/offices/current/webhooks';

/** The calls the webhook tests make, bound to the file's app, cast and receiver (read lazily, after beforeAll). */
export function webhookCalls(get: () => { t: TestApp; cast: Cast; role: Role; receiverUrl: string }) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    actor: ActorName = 'SA',
  ) =>
    get().t.app.inject({ method, url, headers: get().cast.headers(actor), ...(payload ? { payload } : {}) });

  return {
    call,
    /** The jobs waiting in the webhooks queue for one delivery, oldest first. */
    jobsOf: (deliveryId: string) =>
      selectRows<{ data: WebhookJob; start_after: Date }>(
        get().t.ownerDb,
        sql`select data, start_after from pgboss.job where name = ${WEBHOOKS_QUEUE}
          and data->>'deliveryId' = ${deliveryId} order by created_on`,
      ),
    /** The endpoint's deliveries as the API lists them. */
    async deliveries(endpointId: string) {
      const res = await call('GET', `${BASE}/${endpointId}/deliveries`);
      expect(res.statusCode).toBe(200);
      return res.json().items as {
        id: string;
        eventType: string;
        status: string;
        attempts: {
          attempt: number;
          statusCode: number | null;
          durationMs: number;
          error: string | null;
          manual: boolean;
        }[];
      }[];
    },
    /** What was recorded for an endpoint, whatever its office: the event, its office and its data, oldest first. */
    recorded: (endpointId: string) =>
      selectRows<{ event_type: string; office_id: string; data: Record<string, unknown> }>(
        get().t.ownerDb,
        sql`select event_type, office_id, payload->'data' as data from webhook_deliveries
          where endpoint_id = ${endpointId}::uuid order by created_at, id`,
      ),
    /** A vote by the project's owner on a new candidate of the file's opportunity; answers the candidate's row. */
    async vote(value = 'UP_VOTE') {
      const row = await buildApplicant(get().role, get().cast.people.PO.user);
      const res = await call(
        'POST',
        `/api/projects/${get().cast.project.id}/applicants/votes`,
        { applicantIds: [row.id], vote: value },
        'PO',
      );
      expect(res.statusCode, res.body).toBe(200);
      return row.id;
    },
    async register(events: string[], actor: ActorName = 'SA') {
      const res = await call(
        'POST',
        BASE,
        { url: get().receiverUrl, events, description: 'Test receiver' },
        actor,
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as { endpoint: { id: string; state: string }; secret: string };
      expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      return body;
    },
  };
}
