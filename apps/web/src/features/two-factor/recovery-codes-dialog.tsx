import { MESSAGES } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { dismissRecoveryCodes, useShownRecoveryCodes } from './recovery-codes-store';

const FILE_NAME = 'casting-recovery-codes.txt';

function download(codes: readonly string[]) {
  const blob = new Blob([`${MESSAGES.recoveryCodesTitle}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

/** Shows new recovery codes once, with copy and download; closing it forgets them. */
export function RecoveryCodesDialog() {
  const codes = useShownRecoveryCodes();

  const copy = async (list: readonly string[]) => {
    try {
      await navigator.clipboard.writeText(list.join('\n'));
      toast.success(MESSAGES.recoveryCodesCopied);
    } catch {
      // No clipboard (an insecure page, a refused permission): the codes stay on screen to copy by hand.
    }
  };

  return (
    <Dialog
      open={codes !== null}
      onOpenChange={(open) => {
        if (!open) dismissRecoveryCodes();
      }}
      title={MESSAGES.recoveryCodesTitle}
      description={MESSAGES.recoveryCodesIntro}
      width={420}
    >
      {codes ? (
        <div className="flex flex-col gap-4">
          <ul
            aria-label={MESSAGES.recoveryCodesTitle}
            className="grid grid-cols-2 gap-2 font-mono text-base text-ink"
          >
            {codes.map((code) => (
              <li key={code} className="rounded bg-canvas px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => void copy(codes)}>
              {MESSAGES.recoveryCodesCopy}
            </Button>
            <Button variant="secondary" onClick={() => download(codes)}>
              {MESSAGES.recoveryCodesDownload}
            </Button>
            <Button onClick={dismissRecoveryCodes}>Done</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
