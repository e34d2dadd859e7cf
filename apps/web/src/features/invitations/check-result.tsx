import { EMAIL_MESSAGES, UI_TEXTS } from '@casting/domain';
import type { InvitationParseResult } from './invitations-api';

/** What the address check found: who is ready to invite, and each line left out with its reason. */
export function CheckResult({ result }: { result: InvitationParseResult }) {
  const problems = [
    ...result.invalid.map((row) => ({ line: row.line, value: row.value || '(empty)', reason: row.reason })),
    ...result.duplicates.map((row) => ({
      line: row.line,
      value: row.email,
      reason: EMAIL_MESSAGES.duplicateEmail,
    })),
    ...result.alreadyInvited.map((row) => ({
      line: row.line,
      value: row.email,
      reason: EMAIL_MESSAGES.alreadyInvited,
    })),
  ].sort((a, b) => a.line - b.line);
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="text-sm text-ink">
        <strong>{result.valid.length}</strong> {result.valid.length === 1 ? 'person' : 'people'} ready to
        invite
        {problems.length > 0 ? `; ${problems.length} will be left out:` : '.'}
      </p>
      {problems.length > 0 ? (
        <ul
          aria-label="Addresses left out"
          className="flex flex-col gap-1 rounded-md border border-warning/30 bg-warning-soft p-2 text-sm"
        >
          {problems.map((problem) => (
            <li key={`${problem.line}-${problem.value}`} className="break-all">
              Line {problem.line}: <span className="font-mono">{problem.value}</span> – {problem.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {result.valid.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-ink">Show who will be invited</summary>
          <ul className="mt-1 flex flex-col gap-0.5" aria-label={UI_TEXTS.peopleToInvite}>
            {result.valid.map((row) => (
              <li key={row.email} className="break-all text-ink">
                {[row.firstName, row.lastName].filter(Boolean).join(' ') || '—'} · {row.email}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
