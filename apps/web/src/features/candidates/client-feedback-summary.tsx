import type { ApplicantSubmission, ClientFeedbackTally } from '@casting/domain';
import { useId } from 'react';

const count = (n: number, one: string, many = one) => `${n} ${n === 1 ? one : many}`;

/**
 * The clients' answers on a row in a few words, "Clients: 2 yes, 1 no, 1 comment", or null when no client answered
 * (or the caller may not see feedback).
 */
export function clientTallyText(tally: ClientFeedbackTally | null | undefined): string | null {
  if (!tally) return null;
  const parts = [
    tally.YES > 0 ? `${tally.YES} yes` : null,
    tally.NO > 0 ? `${tally.NO} no` : null,
    tally.MAYBE > 0 ? `${tally.MAYBE} maybe` : null,
    tally.comments > 0 ? count(tally.comments, 'comment', 'comments') : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Clients: ${parts.join(', ')}` : null;
}

/** The row's line of client feedback, beside the team's votes. */
export function ClientTally({ tally }: { tally: ClientFeedbackTally | null | undefined }) {
  const text = clientTallyText(tally);
  return text ? <span className="text-xs text-ink-muted">{text}</span> : null;
}

const VOTE_WORDS = { YES: 'Yes', NO: 'No', MAYBE: 'Maybe' } as const;

/**
 * The preview's client feedback on the open submission: each viewer's vote and comment, with their name and the
 * client link they answered on. Nothing is shown when no client answered or the caller may not see it.
 */
export function ClientFeedbackSection({ feedback }: { feedback: ApplicantSubmission['clientFeedback'] }) {
  const headingId = useId();
  if (!feedback || feedback.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        Client feedback
      </h3>
      <ul className="flex flex-col gap-2 text-sm text-ink">
        {feedback.map((entry) => (
          <li key={`${entry.viewerName}-${entry.linkTitle}-${entry.updatedAt}`} className="flex flex-col">
            <span>
              <span className="font-medium">{entry.viewerName}</span>
              <span className="text-ink-muted"> on “{entry.linkTitle}”</span>
              {entry.vote ? `: ${VOTE_WORDS[entry.vote]}` : null}
            </span>
            {entry.comment ? <q className="text-ink-muted">{entry.comment}</q> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
