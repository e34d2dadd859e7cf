import { MESSAGES } from '@casting/domain';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

export interface SessionExpiringOverlayProps {
  remainingMs: number;
  staying: boolean;
  onStaySignedIn(): void;
  onSignOut(): void;
}

/** m:ss of the time left, rounded up so the display reaches 0:00 only at the end. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(Math.ceil(ms / 1000), 0);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The session-expiring-soon overlay, shown in the last 2 minutes. */
export function SessionExpiringOverlay({
  remainingMs,
  staying,
  onStaySignedIn,
  onSignOut,
}: SessionExpiringOverlayProps) {
  return (
    <Dialog
      open
      onOpenChange={() => undefined}
      dismissible={false}
      title="Your session is about to expire"
      description="You have been inactive for a while. For your security, you will be signed out when the time runs out."
      width={420}
    >
      <div className="flex flex-col gap-4">
        <p className="text-center text-sm text-ink-muted">
          Time left:{' '}
          {/* role=timer is not announced on each tick; the dialog's opening announces the warning. */}
          <span role="timer" className="font-mono text-2xl font-semibold text-ink">
            {formatRemaining(remainingMs)}
          </span>
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onSignOut}>
            {MESSAGES.signOutSession}
          </Button>
          <Button onClick={onStaySignedIn} disabled={staying}>
            Stay signed in
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
