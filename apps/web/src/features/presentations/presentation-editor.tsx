import {
  PRESENTATION_LAYOUTS,
  PRESENTATION_TEXTS,
  type Presentation,
  type PresentationItem,
} from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { Button } from '../../ui/button';
import {
  pdfAddress,
  presentationQuery,
  useChooseMedia,
  useMakePdf,
  useMoveCandidate,
  usePatchPresentation,
  useSharePresentation,
} from './presentations-api';

const T = PRESENTATION_TEXTS;

/** The editor of one presentation: title, layout, order (move up and down by keyboard or click), media, share, PDF. */
export function PresentationEditor({ projectId, id }: { projectId: string; id: string }) {
  const http = useHttpClient();
  const query = useQuery(presentationQuery(http, projectId, id));
  if (!query.data) return null;
  return <Editor projectId={projectId} presentation={query.data} />;
}

function Editor({ projectId, presentation }: { projectId: string; presentation: Presentation }) {
  const http = useHttpClient();
  const patch = usePatchPresentation(projectId, presentation.id);
  const move = useMoveCandidate(projectId, presentation.id);
  const share = useSharePresentation(projectId, presentation.id);
  const makePdf = useMakePdf(projectId, presentation.id);
  const [title, setTitle] = useState(presentation.title);
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
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          patch.mutate({ title }, { onError: toastError });
        }}
      >
        <label className="flex flex-col text-sm">
          {T.titleLabel}
          <input
            className="rounded border px-2 py-1"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <Button type="submit">{T.save}</Button>
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
      </form>
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
      <ol className="flex flex-col gap-2">
        {presentation.items.map((item, index) => (
          <CandidateRow
            key={item.submissionId}
            projectId={projectId}
            presentationId={presentation.id}
            item={item}
            first={index === 0}
            last={index === presentation.items.length - 1}
            onMove={(position) =>
              move.mutate({ submissionId: item.submissionId, position }, { onError: toastError })
            }
            index={index}
          />
        ))}
      </ol>
    </section>
  );
}

function CandidateRow(props: {
  projectId: string;
  presentationId: string;
  item: PresentationItem;
  index: number;
  first: boolean;
  last: boolean;
  onMove: (position: number) => void;
}) {
  const { item, index } = props;
  const choose = useChooseMedia(props.projectId, props.presentationId);
  const name = `${item.firstName} ${item.lastName}`.trim();
  const toggle = (mediaId: string, on: boolean) => {
    const current = item.media.filter((media) => media.chosen).map((media) => media.id);
    const next = on ? [...current, mediaId] : current.filter((entry) => entry !== mediaId);
    choose.mutate({ submissionId: item.submissionId, mediaIds: next }, { onError: toastError });
  };
  return (
    <li className="flex flex-col gap-2 rounded border p-3 sm:flex-row sm:items-start">
      <div className="flex items-center gap-2">
        <span className="w-6 text-right text-sm">{index + 1}</span>
        <Button
          variant="secondary"
          aria-label={T.moveUp(name)}
          disabled={props.first}
          onClick={() => props.onMove(index - 1)}
        >
          ↑
        </Button>
        <Button
          variant="secondary"
          aria-label={T.moveDown(name)}
          disabled={props.last}
          onClick={() => props.onMove(index + 1)}
        >
          ↓
        </Button>
      </div>
      <div className="flex-1">
        <p className="font-medium">{name}</p>
        <p className="text-sm">{[item.playingAge, item.height].filter(Boolean).join(' · ')}</p>
        <fieldset className="mt-1 flex flex-wrap gap-3">
          <legend className="text-sm">{T.mediaLegend(name)}</legend>
          {item.media.length === 0 && <span className="text-sm">{T.noMedia}</span>}
          {item.media.map((media) => (
            <label key={media.id} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={media.chosen}
                onChange={(event) => toggle(media.id, event.target.checked)}
              />
              {T.mediaItem(media.kind, media.name)}
            </label>
          ))}
        </fieldset>
      </div>
    </li>
  );
}
