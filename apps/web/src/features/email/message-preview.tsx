import { applicantListSchema, extractErrorMessage, EMAIL_MESSAGES } from '@casting/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';
import { useDebouncedSearch, useDebouncedValue } from '../../lib/search/search-term';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { previewEmail } from './email-api';
import type { MessageRequest } from './email-api';

/** Whether a message has what the API needs to render it. */
function isComplete(message: MessageRequest): boolean {
  return Boolean(message.templateId) || Boolean(message.subject?.trim() && message.body);
}

/**
 * The message as one person will get it, rendered by the API with the same renderer the sending job uses. The
 * person is one of `candidateIds` (the send page steps through the selection) or one found by name (the template
 * editor); with nobody chosen, missing fields show their fallbacks.
 */
export function MessagePreview({
  projectId,
  message,
  candidateIds,
}: {
  projectId: string;
  message: MessageRequest;
  candidateIds?: readonly string[];
}) {
  const http = useHttpClient();
  const [index, setIndex] = useState(0);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const submissionId = candidateIds ? candidateIds[index] : picked?.id;
  // Debounced as text: a message object is new on every render, its JSON only when something changed.
  const debouncedJson = useDebouncedValue(JSON.stringify(message), 500);
  const debounced = useMemo(() => JSON.parse(debouncedJson) as MessageRequest, [debouncedJson]);
  const preview = useQuery({
    queryKey: ['email', projectId, 'preview', debounced, submissionId ?? null],
    queryFn: ({ signal }) => previewEmail(http, projectId, { ...debounced, submissionId }, signal),
    enabled: isComplete(debounced),
    placeholderData: keepPreviousData,
    meta: ERROR_SHOWN_INLINE,
  });

  return (
    <section aria-labelledby="preview-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="preview-heading" className="text-lg font-semibold text-ink">
        Preview
      </h2>
      {candidateIds ? (
        candidateIds.length > 1 ? (
          <div className="flex items-center gap-2 text-sm text-ink-muted">
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              disabled={index === 0}
              onClick={() => setIndex((value) => Math.max(0, value - 1))}
            >
              Previous
            </Button>
            <span aria-live="polite">
              Candidate {index + 1} of {candidateIds.length}
            </span>
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              disabled={index >= candidateIds.length - 1}
              onClick={() => setIndex((value) => Math.min(candidateIds.length - 1, value + 1))}
            >
              Next
            </Button>
          </div>
        ) : null
      ) : (
        <CandidatePicker projectId={projectId} picked={picked} onPick={setPicked} />
      )}
      {!isComplete(message) ? (
        <p className="text-sm text-ink-muted">Write a subject and a message to see the preview.</p>
      ) : preview.isError ? (
        <p role="alert" className="text-sm text-danger">
          {extractErrorMessage(preview.error)}
        </p>
      ) : preview.data ? (
        <div className="flex flex-col gap-2" aria-busy={preview.isFetching}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">To</dt>
            <dd className="break-all text-ink">{preview.data.to ?? EMAIL_MESSAGES.noAddress}</dd>
            <dt className="text-ink-muted">Subject</dt>
            <dd className="break-words text-ink" data-testid="preview-subject">
              {preview.data.subject}
            </dd>
          </dl>
          {/* The HTML part in a sandbox: no script runs and nothing reaches this page. */}
          <iframe
            title="E-mail preview"
            sandbox=""
            srcDoc={preview.data.html}
            className="h-96 w-full rounded-md border border-line bg-white"
          />
        </div>
      ) : (
        <p className="text-sm text-ink-muted">Rendering the preview…</p>
      )}
    </section>
  );
}

function CandidatePicker({
  projectId,
  picked,
  onPick,
}: {
  projectId: string;
  picked: { id: string; name: string } | null;
  onPick(candidate: { id: string; name: string } | null): void;
}) {
  const http = useHttpClient();
  const [text, setText] = useState('');
  const term = useDebouncedSearch(text, 3);
  const found = useQuery({
    queryKey: ['email', projectId, 'preview-candidates', term],
    queryFn: ({ signal }) =>
      http.request(`/projects/${encodeURIComponent(projectId)}/applicants`, applicantListSchema, {
        signal,
        query: { nameOrEmail: term, limit: 8 },
      }),
    enabled: term.length >= 3,
    meta: ERROR_SHOWN_INLINE,
  });
  if (picked) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
        Shown for <strong>{picked.name}</strong>
        <Button variant="ghost" className="min-h-9 px-2" onClick={() => onPick(null)}>
          Show with sample values
        </Button>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Field label="Preview for a candidate" hint="Type at least 3 letters of a name or e-mail address.">
        {(props) => (
          <Input {...props} type="search" value={text} onChange={(event) => setText(event.target.value)} />
        )}
      </Field>
      {found.data && found.data.items.length > 0 ? (
        <ul className="flex flex-col rounded-md border border-line" aria-label="Matching candidates">
          {found.data.items.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm text-ink hover:bg-canvas"
                onClick={() => {
                  onPick({ id: row.id, name: row.name });
                  setText('');
                }}
              >
                {row.name}
                <span className="text-ink-muted"> · {row.email ?? 'no e-mail'}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : term.length >= 3 && found.data ? (
        <p className="text-sm text-ink-muted">No candidate matches “{term}”.</p>
      ) : null}
    </div>
  );
}
