import { Button } from '../../ui/button';
import type { Countdown } from './use-countdown';

export interface ResendButtonProps {
  countdown: Countdown;
  sending: boolean;
  onResend(): void;
  label?: string;
}

/** "Resend code", blocked while sending and while the countdown runs, which it shows. */
export function ResendButton({ countdown, sending, onResend, label = 'Resend code' }: ResendButtonProps) {
  const text = sending ? 'Sending…' : countdown.running ? `${label} in ${countdown.remaining}s` : label;
  return (
    <Button variant="secondary" onClick={onResend} disabled={sending || countdown.running}>
      {text}
    </Button>
  );
}
