import {
  DRAFT_MESSAGES,
  WIZARD_STEPS,
  WIZARD_STEP_TITLES,
  type ProjectDraft,
  UI_TEXTS,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LinkButton } from '../../ui/link-button';
import { draftsQuery, useDiscardDraft } from './drafts-api';

/** The caller's unfinished wizard projects on the projects page, each to continue or discard. */
export function DraftsList() {
  const http = useHttpClient();
  const drafts = useQuery(draftsQuery(http));
  const discard = useDiscardDraft();
  const [confirming, setConfirming] = useState<ProjectDraft | null>(null);
  const items = drafts.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="drafts-title" className="flex flex-col gap-2">
      <h2 id="drafts-title" className="text-lg font-semibold text-ink">
        Drafts
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line bg-surface">
        {items.map((draft) => (
          <li key={draft.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="flex flex-col">
              <span className="font-medium text-ink">{draft.name}</span>
              <span className="text-sm text-ink-muted">
                Step {WIZARD_STEPS.indexOf(draft.step) + 1} of {WIZARD_STEPS.length}:{' '}
                {WIZARD_STEP_TITLES[draft.step]}
              </span>
            </div>
            <div className="flex gap-2">
              <LinkButton
                variant="secondary"
                to={paths.project.createDraft(draft.id)}
                aria-label={`Continue ${draft.name}`}
              >
                Continue
              </LinkButton>
              <Button
                variant="ghost"
                aria-label={`Discard ${draft.name}`}
                onClick={() => setConfirming(draft)}
              >
                Discard
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={UI_TEXTS.discardDraftQuestion}
        message={`“${confirming?.name ?? ''}” and the opportunities, invitations and links made in it will be deleted.`}
        confirmLabel={UI_TEXTS.discardDraft}
        busy={discard.isPending}
        onConfirm={() =>
          confirming &&
          discard.mutate(confirming.id, {
            onSuccess: () => {
              toast.success(DRAFT_MESSAGES.discarded);
              setConfirming(null);
            },
            onError: toastError,
          })
        }
      />
    </section>
  );
}
