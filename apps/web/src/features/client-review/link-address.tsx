import { CLIENT_REVIEW_MESSAGES } from '@casting/domain';
import { copyLink } from '../../lib/clipboard/copy-text';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';

/**
 * A review link's address, answered once by the server (only its digest is kept): the text, the address to select
 * and a copy button. Shown when a link is made and when it gets a new address.
 */
export function LinkAddress(props: { address: string; onDone(): void }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink">{CLIENT_REVIEW_MESSAGES.addressShownOnce}</p>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Review link
        <Input readOnly value={props.address} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copyLink(props.address)}>Copy link</Button>
        <Button variant="secondary" onClick={props.onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
