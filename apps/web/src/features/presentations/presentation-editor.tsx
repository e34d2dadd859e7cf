import { PRESENTATION_LAYOUTS, PRESENTATION_TEXTS, type Presentation } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { Button } from '../../ui/button';
import { NameDialog } from './name-dialog';
import { PresentationOrder } from './presentation-order';
import {
  pdfAddress,
  presentationQuery,
  useMakePdf,
  usePatchPresentation,
  useSharePresentation,
} from './presentations-api';

const T = PRESENTATION_TEXTS;

/** The editor of one presentation: name (a dialog), layout, order (drag, or move up and down), media, share, PDF. */
export function PresentationEditor({ projectId, id }: { projectId: string; id: string }) {
  const http = useHttpClient();
  const query = useQuery(presentationQuery(http, projectId, id));
  if (!query.data) return null;
  return <Editor projectId={projectId} presentation={query.data} />;
}

function Editor({ projectId, presentation }: { projectId: string; presentation: Presentation }) {
  const http = useHttpClient();
  const patch = usePatchPresentation(projectId, presentation.id);
  const share = useSharePresentation(projectId, presentation.id);
  const makePdf = useMakePdf(projectId, presentation.id);
  const [renaming, setRenaming] = useState(false);
  const [address, setAddress] = useState<string | null>(null);
  const { pdf } = presentation;
  const busy = pdf.status === 'QUEUED' || pdf.status === 'RUNNING';
  const download = async () => {
    try {
      window.location.assign((await pdfAddress(http, projectId, presentation.id)).url);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <section className="flex flex-col gap-4" aria-label={presentation.title}>
      <div className="flex flex-wrap items-end gap-2">
        <h2 className="text-lg font-semibold">{presentation.title}</h2>
        <Button variant="secondary" onClick={() => setRenaming(true)}>
          {T.rename}
        </Button>
        <label className="flex flex-col text-sm">
          {T.layoutLabel}
          <select
            className="rounded border px-2 py-1"
            value={presentation.layout}
            onChange={(event) =>
              patch.mutate({ layout: event.target.value as Presentation['layout'] }, { onError: toastError })
            }
          >
            {PRESENTATION_LAYOUTS.map((layout) => (
              <option key={layout} value={layout}>
                {T.layouts[layout]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <NameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title={T.renameTitle}
        initial={presentation.title}
        submitLabel={T.save}
        busy={patch.isPending}
        onSubmit={(title) =>
          patch.mutate({ title }, { onSuccess: () => setRenaming(false), onError: toastError })
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          disabled={share.isPending}
          onClick={() =>
            share.mutate(undefined, { onSuccess: (link) => setAddress(link.link), onError: toastError })
          }
        >
          {share.isPending ? T.sharing : T.share}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => makePdf.mutate(undefined, { onError: toastError })}
        >
          {T.makePdf}
        </Button>
        {pdf.status === 'READY' && (
          <Button variant="secondary" onClick={() => void download()}>
            {T.downloadPdf}
          </Button>
        )}
        <span role="status" className="text-sm">
          {pdf.status === 'QUEUED' && T.pdfQueued}
          {pdf.status === 'RUNNING' && T.pdfProgress(pdf.progress)}
          {pdf.status === 'FAILED' && T.pdfFailed}
          {pdf.status === 'READY' && T.pdfReady}
        </span>
      </div>
      {address && (
        <label className="flex flex-col text-sm">
          {T.shared}
          <input readOnly aria-label={T.linkAddress} className="rounded border px-2 py-1" value={address} />
        </label>
      )}
      <PresentationOrder projectId={projectId} presentation={presentation} />
    </section>
  );
}
