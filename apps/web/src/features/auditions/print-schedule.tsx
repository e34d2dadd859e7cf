import { AUDITION_TEXTS, extractErrorMessage } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { schedulePdfQuery, usePrintSchedule } from './print-api';

const T = AUDITION_TEXTS;

/**
 * "Print schedule (PDF)": asks for the caller's copy, shows the job's progress while it waits and runs, then a link to
 * the file (a short-lived address, refreshed with each poll). The copy holds contact details only for those who may
 * manage the roster, as the CSV does.
 */
export function PrintScheduleButton({ projectId, sessionId }: { projectId: string; sessionId: string }) {
  const http = useHttpClient();
  const query = useQuery(schedulePdfQuery(http, projectId, sessionId));
  const print = usePrintSchedule(projectId, sessionId);
  const pdf = query.data;
  const busy = print.isPending || pdf?.status === 'QUEUED' || pdf?.status === 'RUNNING';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() =>
          print.mutate(undefined, { onError: (error) => toast.error(extractErrorMessage(error)) })
        }
      >
        {T.printSchedule}
      </Button>
      {pdf?.status === 'QUEUED' || pdf?.status === 'RUNNING' ? (
        <span className="flex items-center gap-2 text-sm">
          <progress aria-label={T.pdfProgress} max={100} value={pdf.progress} />
          <span role="status">{pdf.status === 'QUEUED' ? T.pdfQueued : T.pdfRunning(pdf.progress)}</span>
        </span>
      ) : null}
      {pdf?.status === 'FAILED' ? (
        <span role="status" className="text-sm">
          {T.pdfFailed}
        </span>
      ) : null}
      {pdf?.status === 'READY' && pdf.url ? (
        <a className="text-sm underline" href={pdf.url} download>
          {T.pdfReady}
        </a>
      ) : null}
    </div>
  );
}
