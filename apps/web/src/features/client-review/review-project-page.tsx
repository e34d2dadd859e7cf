import {
  applicantListSchema,
  mediaListSchema,
  projectDetailSchema,
  UI_TEXTS,
  PAGE_TITLES,
} from '@casting/domain';
import type { ApplicantListItem, MediaItem } from '@casting/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { paths } from '../../lib/routing/paths';
import { useTitleSubject } from '../../lib/routing/document-title';
import { Button } from '../../ui/button';
import { ClientAccountNav } from './client-account-nav';
import { ReviewFrame, ReviewNotice } from './review-frame';

const PAGE = 50;

/**
 * /client/review-project/{id}: a client account's view of a project it was invited to, in the client review
 * layout. CLIENT may read candidates and the team's feedback (VIEW_FEEDBACK); it manages nothing, so there are no
 * candidate actions here, only the candidates, their shared media and the team's votes.
 */
export function ClientReviewProjectPage() {
  const { status } = useAuth();
  const { id = '' } = useParams();
  if (status === 'loading') {
    return (
      <p role="status" className="py-16 text-center text-ink-muted">
        Loading…
      </p>
    );
  }
  if (status !== 'signedIn') {
    return (
      <ReviewNotice title="Sign in to review this project">
        This page is for the client accounts invited to the project.{' '}
        {/* Through the deep-link page, so that after signing in the person comes back to this project. */}
        <Link
          className="text-accent underline"
          to={`${paths.deepLinking}?path=${encodeURIComponent(paths.client.reviewProject(id))}`}
        >
          {PAGE_TITLES.signIn}
        </Link>
      </ReviewNotice>
    );
  }
  return <ProjectReview projectId={id} />;
}

function ProjectReview({ projectId }: { projectId: string }) {
  const http = useHttpClient();
  const [search, setSearch] = useSearchParams();
  const open = search.get('candidate');
  const enc = encodeURIComponent(projectId);
  const project = useQuery({
    queryKey: ['client-review-project', projectId],
    queryFn: ({ signal }) => http.request(`/v2/projects/${enc}`, projectDetailSchema, { signal }),
    retry: false,
  });
  const candidates = useInfiniteQuery({
    queryKey: ['client-review-project', projectId, 'candidates'],
    queryFn: ({ signal, pageParam }) =>
      http.request(`/projects/${enc}/applicants`, applicantListSchema, {
        signal,
        query: { limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: project.isSuccess,
  });
  useTitleSubject(project.data?.name ?? null);
  if (project.isPending) {
    return (
      <p role="status" className="py-16 text-center text-ink-muted">
        {UI_TEXTS.loadingProject}
      </p>
    );
  }
  if (project.isError) {
    const refused = project.error instanceof HttpError && [403, 404].includes(project.error.status);
    return (
      <ReviewNotice title={refused ? 'This project is not shared with you' : UI_TEXTS.projectLoadFailed}>
        {refused ? 'Ask the casting team to invite your account to the project.' : UI_TEXTS.checkConnection}
      </ReviewNotice>
    );
  }
  const items = candidates.data?.pages.flatMap((page) => page.items) ?? [];
  const choose = (rowId: string | null) => {
    const next = new URLSearchParams(search);
    if (rowId) next.set('candidate', rowId);
    else next.delete('candidate');
    setSearch(next);
  };
  const index = open ? items.findIndex((item) => item.id === open) : -1;
  if (index >= 0) {
    return (
      <ReviewFrame>
        <ProjectCandidate
          projectId={projectId}
          item={items[index]!}
          previous={items[index - 1]?.id ?? null}
          next={items[index + 1]?.id ?? null}
          onChoose={choose}
        />
      </ReviewFrame>
    );
  }
  return (
    <ReviewFrame
      heading={
        <>
          <ClientAccountNav />
          <p className="text-sm text-ink-muted">{UI_TEXTS.clientReview}</p>
          <h1 className="text-2xl font-semibold text-ink">{project.data.name}</h1>
        </>
      }
    >
      {candidates.isPending ? (
        <p role="status" className="text-ink-muted">
          {UI_TEXTS.loadingCandidates}
        </p>
      ) : candidates.isError ? (
        <p role="alert" className="text-danger">
          {UI_TEXTS.candidatesLoadFailed}
        </p>
      ) : items.length === 0 ? (
        <p className="text-ink-muted">{UI_TEXTS.noCandidatesYet}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => choose(item.id)}
                className="flex w-full flex-col gap-0.5 rounded-xl border border-line bg-surface p-3 text-left hover:bg-canvas"
              >
                <span className="font-semibold text-ink">{item.name}</span>
                <span className="text-sm text-ink-muted">
                  Team: {item.votes.UP_VOTE} up · {item.votes.MAYBE} maybe · {item.votes.DOWN_VOTE} down
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {candidates.hasNextPage ? (
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={candidates.isFetchingNextPage}
          onClick={() => void candidates.fetchNextPage()}
        >
          {candidates.isFetchingNextPage ? 'Loading…' : UI_TEXTS.showMoreCandidates}
        </Button>
      ) : null}
    </ReviewFrame>
  );
}

function ProjectCandidate(props: {
  projectId: string;
  item: ApplicantListItem;
  previous: string | null;
  next: string | null;
  onChoose(rowId: string | null): void;
}) {
  const { item } = props;
  const http = useHttpClient();
  const media = useQuery({
    queryKey: ['client-review-project', props.projectId, 'media', item.applicantId],
    queryFn: ({ signal }) =>
      http.request(`/applicants/${encodeURIComponent(item.applicantId)}/media`, mediaListSchema, {
        signal,
        query: { projectId: props.projectId },
      }),
  });
  const videos: MediaItem[] = media.data?.items.filter((entry) => entry.kind === 'video') ?? [];
  const photos: MediaItem[] = media.data?.items.filter((entry) => entry.kind === 'image') ?? [];
  return (
    <article aria-labelledby="client-project-candidate" className="flex flex-col gap-4">
      <Button variant="ghost" className="min-h-11 self-start px-2" onClick={() => props.onChoose(null)}>
        ← All candidates
      </Button>
      <h1 id="client-project-candidate" className="text-xl font-semibold text-ink">
        {item.name}
      </h1>
      <p className="text-sm text-ink-muted">
        Team: {item.votes.UP_VOTE} up · {item.votes.MAYBE} maybe · {item.votes.DOWN_VOTE} down
      </p>
      {media.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading media…
        </p>
      ) : null}
      {videos.map((video) => (
        <video
          key={video.id}
          className="aspect-video w-full rounded-lg bg-black"
          controls
          playsInline
          preload="metadata"
          poster={video.posterUrl ?? undefined}
          src={video.convertedUrl ?? video.url}
          aria-label={`Video: ${video.name}`}
        />
      ))}
      {photos.length > 0 ? (
        <ul className="flex gap-2 overflow-x-auto pb-2">
          {photos.map((photo) => (
            <li key={photo.id} className="shrink-0">
              <img
                src={photo.thumbnailUrl ?? photo.convertedUrl ?? photo.url}
                alt={`Photo of ${item.name}: ${photo.name}`}
                className="h-40 w-auto rounded-lg object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <nav aria-label="Candidates" className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={!props.previous}
          onClick={() => props.onChoose(props.previous)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={!props.next}
          onClick={() => props.onChoose(props.next)}
        >
          Next
        </Button>
      </nav>
    </article>
  );
}
