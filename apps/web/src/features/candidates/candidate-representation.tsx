import { MESSAGES, PUBLIC_TEXTS } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { StatusBadge } from '../../ui/status-badge';
import { AddRepresentationDialog } from '../representation';
import { representativesQuery, useAddRepresentative } from './representation-api';

const CLAIM_LABEL = { PENDING: 'Waiting for the agent', CONFIRMED: 'Confirmed', DENIED: 'Declined' } as const;

/**
 * The candidate's representation in the preview: each agent with their agency, contact and claim status, read
 * from the representatives call (which takes several candidates; the preview asks for its one). Who may manage
 * applicants (SA, PO) may add a representative: the agent is mailed the claim to confirm, as from the apply pages.
 */
export function CandidateRepresentation({
  projectId,
  applicantId,
  canManage,
}: {
  projectId: string;
  applicantId: string;
  canManage: boolean;
}) {
  const http = useHttpClient();
  const reps = useQuery(representativesQuery(http, projectId, [applicantId]));
  const add = useAddRepresentative(projectId);
  const [adding, setAdding] = useState(false);
  const list = reps.data?.items.find((item) => item.applicantId === applicantId)?.representatives ?? [];

  return (
    <section aria-labelledby={`representation-${applicantId}`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`representation-${applicantId}`} className="text-sm font-semibold text-ink">
          Representation
        </h3>
        {canManage ? (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {PUBLIC_TEXTS.addRepresentation}
          </Button>
        ) : null}
      </div>
      {reps.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.representativeLoadFailed}
        </p>
      ) : reps.isPending ? (
        <p className="text-sm text-ink-muted">Loading representation…</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-ink-muted">No representative.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((rep) => (
            <li key={rep.id} className="flex flex-wrap items-start justify-between gap-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  {rep.agent.name}, {rep.agency.name}
                </p>
                <p className="break-all text-ink-muted">
                  {[rep.agent.email, rep.agent.phoneNumber].filter(Boolean).join(' · ')}
                </p>
              </div>
              <StatusBadge
                tone={rep.status === 'CONFIRMED' ? 'success' : rep.status === 'DENIED' ? 'danger' : 'neutral'}
              >
                {CLAIM_LABEL[rep.status]}
              </StatusBadge>
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <AddRepresentationDialog
          open={adding}
          onClose={() => setAdding(false)}
          onSave={async (form) => {
            const saved = await add.mutateAsync({ applicantId, form });
            toast.success(`${saved.agent.name} is asked to confirm the representation.`);
          }}
        />
      ) : null}
    </section>
  );
}
