import { can, COMPARE_TEXTS, extractErrorMessage } from '@casting/domain';
import type { Folder, ProjectDetail, VoteType } from '@casting/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { isTyping } from '../../lib/keyboard/is-typing';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { LinkButton } from '../../ui/link-button';
import { SkeletonList } from '../../ui/skeleton';
import {
  candidateDetailQuery,
  candidateFoldersQuery,
  representativesQuery,
  useFolderMembership,
  useVote,
} from '../candidates';
import { candidateMediaQuery } from '../media';
import { CandidateRating, useLiveRatings } from '../ratings';
import { ProjectWorkspace, useProjectIdParam } from '../projects';
import { CompareCard } from './compare-card';
import { CommonControls } from './compare-controls';
import { compareIds } from './compare-ids';
import { SEEK_STEP_SECONDS, useSyncedPlayers } from './use-synced-players';

/** /projects/compare/:id?ids=a,b,c: 2 to 4 candidates side by side, a link a colleague can open too. */
export function ComparePage() {
  const projectId = useProjectIdParam();
  const [params] = useSearchParams();
  const rowIds = compareIds(params.get('ids'));
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) =>
        rowIds ? (
          <CompareWorkspace key={rowIds.join(',')} project={project} rowIds={rowIds} />
        ) : (
          <EmptyState
            title={COMPARE_TEXTS.wrongCount}
            action={
              <LinkButton to={paths.project.candidates(project.id)}>
                {COMPARE_TEXTS.backToCandidates}
              </LinkButton>
            }
          />
        )
      }
    </ProjectWorkspace>
  );
}

function CompareWorkspace({ project, rowIds }: { project: ProjectDetail; rowIds: string[] }) {
  const http = useHttpClient();
  const details = useQueries({
    queries: rowIds.map((rowId) => candidateDetailQuery(http, project.id, rowId)),
  });
  const people = details.map((query) => query.data?.id ?? null);
  const media = useQueries({
    queries: people.map((applicantId) => ({
      ...candidateMediaQuery(http, project.id, applicantId ?? ''),
      enabled: applicantId !== null,
    })),
  });
  const loadedPeople = people.filter((id): id is string => id !== null);
  const representatives = useQuery({
    ...representativesQuery(http, project.id, loadedPeople),
    enabled: loadedPeople.length > 0 && project.projectActor !== 'CLIENT',
  });
  // The opportunity of each row, for its folders: most comparisons are within one opportunity.
  const roleIds = [
    ...new Set(
      details.flatMap(
        (query, index) => query.data?.submissions.find((s) => s.id === rowIds[index])?.roleId ?? [],
      ),
    ),
  ];
  const folders = useQueries({
    queries: roleIds.map((roleId) => candidateFoldersQuery(http, project.id, roleId, false)),
  });
  const foldersOf = (roleId: string | undefined): readonly Folder[] =>
    folders[roleIds.indexOf(roleId ?? '')]?.data?.items ?? [];

  const players = useSyncedPlayers(rowIds);
  const [focused, setFocused] = useState<number | null>(null);
  const cards = useRef<(HTMLDivElement | null)[]>([]);
  const focus = (index: number) => {
    setFocused(index);
    players.solo(rowIds[index]!);
    cards.current[index]?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  const latest = useRef({ players, focus });
  useEffect(() => {
    latest.current = { players, focus };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      // A focused button takes Space itself (Play all is one); the arrows of a focused control are its own.
      if (event.target instanceof HTMLElement && event.target.closest('button, a, video, [role="dialog"]'))
        return;
      const { players: current, focus: focusOn } = latest.current;
      if (event.key === ' ') {
        event.preventDefault();
        current.toggle();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        current.seekBy(event.key === 'ArrowLeft' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS);
      } else if (/^[1-4]$/.test(event.key) && Number(event.key) <= rowIds.length) {
        event.preventDefault();
        focusOn(Number(event.key) - 1);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [rowIds.length]);

  const vote = useVote(project.id);
  const addToFolder = useFolderMembership(project.id, 'add');
  const removeFromFolder = useFolderMembership(project.id, 'remove');
  const canVote = can(project.projectActor, 'CANDIDATE_VOTE') && project.projectActor !== 'TS';
  const canMove = can(project.projectActor, 'CANDIDATE_FOLDER_ADD_REMOVE');
  // Ratings are the team's feedback (decision 0863); a colleague's rating shows here as it is given.
  const canRate = can(project.projectActor, 'VIEW_FEEDBACK');
  useLiveRatings(project.id);

  const castVote = (rowId: string, choice: VoteType) =>
    vote.mutate(
      { ids: [rowId], vote: choice },
      {
        onError: (error) =>
          toast.error(COMPARE_TEXTS.voteFailed, { description: extractErrorMessage(error) }),
      },
    );
  // A move is an add to the chosen folder, then the row leaves the folders it was in (only after the add held).
  const move = (rowId: string, name: string, to: Folder, from: readonly string[]) =>
    addToFolder.mutate(
      { applicantIds: [rowId], folderId: to.id },
      {
        onSuccess: async () => {
          try {
            for (const folderId of from) {
              await removeFromFolder.mutateAsync({ applicantIds: [rowId], folderId });
            }
            toast.success(COMPARE_TEXTS.moved(name, to.name));
          } catch (error) {
            toast.error(COMPARE_TEXTS.moveFailed, { description: extractErrorMessage(error) });
          }
        },
        onError: (error) =>
          toast.error(COMPARE_TEXTS.moveFailed, { description: extractErrorMessage(error) }),
      },
    );

  if (details.some((query) => query.isPending)) {
    return <SkeletonList label={COMPARE_TEXTS.loading} rows={rowIds.length} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-ink">{COMPARE_TEXTS.title}</h1>
        <LinkButton to={paths.project.candidates(project.id)}>{COMPARE_TEXTS.backToCandidates}</LinkButton>
      </div>
      <CommonControls players={players} />
      <p className="sr-only" aria-live="polite">
        {focused !== null && details[focused]?.data ? COMPARE_TEXTS.focused(details[focused].data.name) : ''}
      </p>
      <div
        className={cn(
          'grid grid-cols-1 gap-3 md:grid-cols-2',
          rowIds.length === 3 && 'xl:grid-cols-3',
          rowIds.length === 4 && 'xl:grid-cols-4',
        )}
      >
        {rowIds.map((rowId, index) => {
          const detail = details[index]?.data;
          if (!detail) {
            return (
              <p key={rowId} role="alert" className="rounded-lg border border-line p-3 text-sm text-danger">
                {COMPARE_TEXTS.notFound}
              </p>
            );
          }
          const submission = detail.submissions.find((item) => item.id === rowId);
          const representative = representatives.data?.items.find((item) => item.applicantId === detail.id)
            ?.representatives[0];
          const tapes = (media[index]?.data?.items ?? []).filter(
            (item) => item.kind === 'video' && !item.isSelfie && item.status !== 'FAILED',
          );
          const current = submission?.folders.map((folder) => folder.id) ?? [];
          return (
            <div key={rowId} ref={(element) => void (cards.current[index] = element)} className="min-w-0">
              <CompareCard
                rowId={rowId}
                position={index + 1}
                detail={detail}
                representation={
                  representative ? `${representative.agent.name} (${representative.agency.name})` : null
                }
                tapes={tapes}
                focused={focused === index}
                onFocus={() => focus(index)}
                players={players}
                myVote={submission?.myVote ?? null}
                canVote={canVote && submission !== undefined}
                onVote={(choice) => castVote(rowId, choice)}
                folders={canMove && submission ? { all: foldersOf(submission.roleId), current } : null}
                onMove={(folder) =>
                  move(
                    rowId,
                    detail.name,
                    folder,
                    current.filter((id) => id !== folder.id),
                  )
                }
                extraActions={
                  canRate && submission ? (
                    <CandidateRating
                      projectId={project.id}
                      submissionId={rowId}
                      candidateName={detail.name}
                    />
                  ) : null
                }
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
