import { extractErrorMessage } from '@casting/domain';
import type { BulkResult, Folder } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { useVote } from './candidates-api';

const plural = (count: number) => `${count} ${count === 1 ? 'candidate' : 'candidates'}`;

/** The hidden folders of an opportunity: the team's Hidden and the talent submitters' own. */
const HIDDEN_ALIASES = new Set(['HIDDEN', 'TS_HIDDEN']);

/** Whether every one of the rows is in a hidden folder of the opportunity (so "Unhide" is what may be done). */
export function allHidden(
  rows: readonly { folderIds: readonly string[] }[],
  folders: readonly Pick<Folder, 'id' | 'systemAlias'>[] | null | undefined,
): boolean {
  const hidden = new Set(
    (folders ?? [])
      .filter((folder) => HIDDEN_ALIASES.has(folder.systemAlias ?? ''))
      .map((folder) => folder.id),
  );
  return rows.length > 0 && rows.every((row) => row.folderIds.some((id) => hidden.has(id)));
}

/**
 * What a hide or unhide did, as the toast says it: the candidates changed, those already so apart; when nothing
 * changed the toast says that instead of claiming success. Undo is offered when every candidate changed (then it
 * restores exactly what was).
 */
export function hideOutcome(
  vote: 'HIDE' | 'UNHIDE',
  result: BulkResult,
): { kind: 'success' | 'info'; title: string; description?: string; undo: boolean } {
  const unchanged = result.unchanged ?? 0;
  const done = vote === 'HIDE' ? 'hidden' : 'shown again';
  const already = vote === 'HIDE' ? 'already hidden' : 'not hidden';
  if (result.count === 0) {
    return {
      kind: 'info',
      title: vote === 'HIDE' ? 'Already hidden' : 'Not hidden',
      description:
        vote === 'HIDE'
          ? `Nothing changed: ${unchanged === 1 ? 'the candidate is' : 'these candidates are'} already in the Hidden folder.`
          : `Nothing changed: ${unchanged === 1 ? 'the candidate is' : 'these candidates are'} not in the Hidden folder.`,
      undo: false,
    };
  }
  return {
    kind: 'success',
    title: `${plural(result.count)} ${done}`,
    ...(unchanged > 0
      ? { description: `${plural(unchanged)} ${unchanged === 1 ? 'was' : 'were'} ${already}.` }
      : {}),
    undo: unchanged === 0,
  };
}

/** Hides or unhides rows and says what happened; `onDone` runs once the API answered. */
export function useHideToggle(projectId: string) {
  const vote = useVote(projectId);
  const run = (ids: string[], choice: 'HIDE' | 'UNHIDE', onDone?: () => void) =>
    vote.mutate(
      { ids, vote: choice },
      {
        onSuccess: (result) => {
          onDone?.();
          const outcome = hideOutcome(choice, result);
          const undo = choice === 'HIDE' ? 'UNHIDE' : 'HIDE';
          toast[outcome.kind](outcome.title, {
            ...(outcome.description ? { description: outcome.description } : {}),
            ...(outcome.undo ? { action: { label: 'Undo', onClick: () => run(ids, undo) } } : {}),
          });
        },
        onError: (error) =>
          toast.error(
            choice === 'HIDE'
              ? 'The candidates could not be hidden'
              : 'The candidates could not be shown again',
            { description: extractErrorMessage(error) },
          ),
      },
    );
  return { run, pending: vote.isPending };
}

/** The preview's Hide or Unhide of the open candidate, as the candidate's state says. */
export function HideButton({
  projectId,
  rowId,
  hidden,
}: {
  projectId: string;
  rowId: string;
  hidden: boolean;
}) {
  const { run, pending } = useHideToggle(projectId);
  return (
    <Button variant="secondary" disabled={pending} onClick={() => run([rowId], hidden ? 'UNHIDE' : 'HIDE')}>
      {hidden ? 'Unhide' : 'Hide'}
    </Button>
  );
}
