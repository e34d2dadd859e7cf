import { MESSAGES } from '@casting/domain';
import { toast } from '../toast/toast';

export type CopyOutcome = 'copied' | 'denied' | 'failed';

/**
 * Puts a link on the clipboard and says how it went: 'Link copied to clipboard.' on success; a refused permission gets
 * its own explanation (the person can fix that in the browser settings); any other failure 'Failed to copy link to
 * clipboard'. A browser without the clipboard API at all gets 'Failed to copy to clipboard'.
 */
export async function copyLink(text: string): Promise<CopyOutcome> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) {
    toast.error(MESSAGES.failedToCopyToClipboard);
    return 'failed';
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success(MESSAGES.linkCopied);
    return 'copied';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') {
      toast.error(MESSAGES.clipboardPermissionDenied);
      return 'denied';
    }
    toast.error(MESSAGES.failedToCopyLink);
    return 'failed';
  }
}
