import { PRESENTATION_TEXTS, type Presentation, type PresentationItem } from '@casting/domain';
import { useState, type DragEvent } from 'react';
import { toastError } from '../../lib/http/toast-error';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { useChooseMedia, useMoveCandidate } from './presentations-api';

const T = PRESENTATION_TEXTS;
/** The drag's payload type: only a row of this list is a drop this list takes. */
const DRAG_TYPE = 'application/x-presentation-item';

/**
 * The presentation's candidates in their order. A row is dragged to a new place (the pointer) or moved one step with
 * its up and down buttons (the keyboard, and a screen reader); either way one call moves it so it ends at that index.
 */
export function PresentationOrder({
  projectId,
  presentation,
}: {
  projectId: string;
  presentation: Presentation;
}) {
  const move = useMoveCandidate(projectId, presentation.id);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const { items } = presentation;
  const moveTo = (item: PresentationItem, position: number) =>
    move.mutate({ submissionId: item.submissionId, position }, { onError: toastError });
  const drop = (index: number) => {
    const from = dragged;
    setDragged(null);
    setOver(null);
    if (from === null || from === index || !items[from]) return;
    moveTo(items[from], index);
  };
  return (
    <>
      <p className="text-sm text-ink-muted">{T.orderHint}</p>
      <ol className="flex flex-col gap-2" aria-busy={move.isPending}>
        {items.map((item, index) => (
          <CandidateRow
            key={item.submissionId}
            projectId={projectId}
            presentationId={presentation.id}
            item={item}
            index={index}
            last={index === items.length - 1}
            onMove={(position) => moveTo(item, position)}
            dragging={dragged === index}
            target={over === index && dragged !== index}
            drag={{
              draggable: true,
              onDragStart: (event: DragEvent) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData(DRAG_TYPE, item.submissionId);
                setDragged(index);
              },
              onDragOver: (event: DragEvent) => {
                if (dragged === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (over !== index) setOver(index);
              },
              onDrop: (event: DragEvent) => {
                event.preventDefault();
                drop(index);
              },
              onDragEnd: () => {
                setDragged(null);
                setOver(null);
              },
            }}
          />
        ))}
      </ol>
    </>
  );
}

function CandidateRow(props: {
  projectId: string;
  presentationId: string;
  item: PresentationItem;
  index: number;
  last: boolean;
  onMove: (position: number) => void;
  dragging: boolean;
  target: boolean;
  drag: {
    draggable: boolean;
    onDragStart(event: DragEvent): void;
    onDragOver(event: DragEvent): void;
    onDrop(event: DragEvent): void;
    onDragEnd(): void;
  };
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
    <li
      {...props.drag}
      data-testid="presentation-item"
      className={cn(
        'flex flex-col gap-2 rounded border p-3 sm:flex-row sm:items-start',
        props.dragging && 'opacity-50',
        props.target && 'border-brand-700 ring-2 ring-brand-700',
      )}
    >
      <div className="flex items-center gap-2">
        {/* The grip says the row can be dragged; the buttons beside it do the same from the keyboard. */}
        <span
          aria-hidden="true"
          title={T.dragHandle(name)}
          className="cursor-grab px-1 text-ink-muted select-none"
        >
          ⠿
        </span>
        <span className="w-6 text-right text-sm">{index + 1}</span>
        <Button
          variant="secondary"
          aria-label={T.moveUp(name)}
          disabled={index === 0}
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
