import { SELF_TAPE_TEXTS, type SelfTapeSideInput } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { createMediaUploadTransport, UploadQueue } from '../media';
import { fetchSidesGrant } from './self-tapes-api';

/**
 * The request dialog's sides: PDFs uploaded with the apply pages' upload queue under the project's sides grant; the
 * API reads their pages from the files for the notice rule.
 */
export function SidesUpload(props: {
  projectId: string;
  sides: readonly SelfTapeSideInput[];
  onAdd(side: SelfTapeSideInput): void;
}) {
  const http = useHttpClient();
  const grant = useQuery({
    queryKey: ['self-tapes', 'sides-grant', props.projectId],
    queryFn: () => fetchSidesGrant(http, props.projectId),
    staleTime: Infinity,
  });
  const uploadGrant = grant.data?.uploadGrant;
  const transport = useMemo(
    () => (uploadGrant ? createMediaUploadTransport(http, { uploadGrant }) : null),
    [http, uploadGrant],
  );
  if (!transport) return null;
  return (
    <section aria-label={SELF_TAPE_TEXTS.sides} className="flex flex-col gap-2">
      <UploadQueue
        transport={transport}
        scope={`self-tape-sides:${props.projectId}`}
        kinds={['document']}
        multiple
        label={SELF_TAPE_TEXTS.uploadSides}
        finalize={async (item, result) => {
          props.onAdd({ key: result.key, name: item.name });
          return result;
        }}
      />
      {props.sides.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm text-ink">
          {props.sides.map((side) => (
            <li key={side.key}>{side.name}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
