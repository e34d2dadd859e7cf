import { projectShareStateSchema, MESSAGES } from '@casting/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { copyLink } from '../../lib/clipboard/copy-text';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';

/** The project's public page on its overview: whether it is published, and (for managers) publish or unpublish. */
export function PublicPageSection({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const key = ['project-share', projectId, 'state'];
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      http.request(`/v2/projects/${encodeURIComponent(projectId)}/share`, projectShareStateSchema, {
        signal,
      }),
  });
  const toggle = useMutation({
    mutationFn: (published: boolean) =>
      http.request(`/v2/projects/${encodeURIComponent(projectId)}/share`, projectShareStateSchema, {
        method: 'PUT',
        body: { published },
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      toast.success(next.published ? 'Public page published' : 'Public page unpublished');
    },
    onError: () => toast.error(MESSAGES.somethingWentWrong),
  });
  const url = `${window.location.origin}${paths.projectShare(projectId)}`;
  const published = state.data?.published ?? false;
  return (
    <section
      aria-labelledby="public-page-heading"
      className="flex flex-col gap-2 rounded-lg border border-line p-4"
    >
      <h2 id="public-page-heading" className="text-lg font-semibold text-ink">
        Public page
      </h2>
      <p className="text-sm text-ink-muted">
        {state.isPending
          ? 'Checking…'
          : published
            ? 'Published: anyone with the address sees the description, the opportunities and the open submission links.'
            : 'Not published. Publish it to share the breakdown with a link that previews well in messages.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {canManage ? (
          <Button
            variant={published ? 'secondary' : 'primary'}
            disabled={state.isPending || toggle.isPending}
            onClick={() => toggle.mutate(!published)}
          >
            {published ? 'Unpublish' : 'Publish'}
          </Button>
        ) : null}
        {published ? (
          <>
            <Button variant="secondary" onClick={() => void copyLink(url)}>
              Copy public link
            </Button>
            <a
              className="inline-flex items-center text-sm text-accent underline"
              href={paths.projectShare(projectId)}
            >
              Open the public page
            </a>
          </>
        ) : null}
      </div>
    </section>
  );
}
