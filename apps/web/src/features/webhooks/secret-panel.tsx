import { WEBHOOK_TEXTS } from '@casting/domain';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { toast } from '../../lib/toast/toast';

/** The secret the server answered once (on creation or rotation): shown with a copy button until dismissed. */
export function SecretPanel(props: { secret: string; onDone(): void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      toast.success(WEBHOOK_TEXTS.secretCopied);
    } catch {
      // The secret stays on screen to be selected by hand.
    }
  };
  return (
    <div role="status" className="flex flex-col gap-2 rounded-md border border-line bg-surface-muted p-3">
      <p className="text-sm font-medium text-ink">{WEBHOOK_TEXTS.secretTitle}</p>
      <p className="text-sm text-ink-muted">{WEBHOOK_TEXTS.secretOnce}</p>
      <Input readOnly value={props.secret} aria-label={WEBHOOK_TEXTS.secretTitle} className="font-mono" />
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {WEBHOOK_TEXTS.copySecret}
        </Button>
        <Button onClick={props.onDone}>{WEBHOOK_TEXTS.done}</Button>
      </div>
    </div>
  );
}
