import { AUDITION_ATTENDANCE_LABELS, AUDITION_TEXTS, type AuditionInvitation } from '@casting/domain';
import { CandidateMedia } from '../media';
import { fullName } from './schedule-layout';

const T = AUDITION_TEXTS;

/**
 * The room's view on the session day: the next candidate (by the front desk's marks) with their slot, the notes the
 * team wrote for the day, and their photo and tapes to play, read-only; it follows the desk live.
 */
export function RoomView(props: {
  projectId: string;
  next: { invitation: AuditionInvitation; time: string } | null;
}) {
  const { next } = props;
  const name = next ? fullName(next.invitation) : '';
  const attendance = next?.invitation.result.attendance;
  return (
    <section aria-label={T.nextInRoom} className="flex flex-col gap-2 rounded border border-line p-3">
      <h3 className="font-semibold">{T.nextInRoom}</h3>
      {next ? (
        <>
          <p>
            <span className="font-medium">{name}</span> · {next.time}
            {attendance ? ` · ${AUDITION_ATTENDANCE_LABELS[attendance]}` : ''}
          </p>
          {next.invitation.result.notes ? (
            <div className="text-sm">
              <h4 className="font-medium">{T.dayNotes}</h4>
              <p className="whitespace-pre-wrap">{next.invitation.result.notes}</p>
            </div>
          ) : null}
          <CandidateMedia
            key={next.invitation.applicantId}
            projectId={props.projectId}
            applicantId={next.invitation.applicantId}
            candidateName={name}
          />
        </>
      ) : (
        <p className="text-sm">{T.nobodyNext}</p>
      )}
    </section>
  );
}
