import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { COPIED_LABEL_MS, MESSAGES } from '@casting/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast/toast';
import { Toaster } from '../../ui/toaster';
import { ShareLinkCard } from './share-link-card';

const URL_TEXT = 'http://localhost/castingcall/apply/AbCdEfGhIjKlMnOpQrStUvWx';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  toast.dismiss();
});

describe('share-link card', () => {
  it('copies the link, reads Copied for 1.5 s, then Copy Link again', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <>
        <ShareLinkCard url={URL_TEXT} title="Walk-ins" />
        <Toaster />
      </>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: MESSAGES.copyLink }));
    });
    expect(writeText).toHaveBeenCalledWith(URL_TEXT);
    expect(screen.getByRole('button', { name: MESSAGES.copied })).toBeVisible();
    // The toast fades in once mounted: wait until it shows, not only until it is in the page.
    await waitFor(() => expect(screen.getByText(MESSAGES.linkCopied)).toBeVisible());
    await act(async () => {
      vi.advanceTimersByTime(COPIED_LABEL_MS - 100);
    });
    expect(screen.getByRole('button', { name: MESSAGES.copied })).toBeVisible();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('button', { name: MESSAGES.copyLink })).toBeVisible();
  });

  it('explains a refused clipboard permission and keeps Copy Link', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(
      <>
        <ShareLinkCard url={URL_TEXT} title="Walk-ins" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.copyLink }));
    await waitFor(() => expect(screen.getByText(MESSAGES.clipboardPermissionDenied)).toBeVisible());
    expect(screen.getByRole('button', { name: MESSAGES.copyLink })).toBeVisible();
  });

  it('names the QR download button after the link and the file', () => {
    stubClipboard(() => Promise.resolve());
    render(<ShareLinkCard url={URL_TEXT} title="Walk-ins" />);
    expect(
      screen.getByRole('button', { name: 'Download the QR code of Walk-ins as QR_Code.png' }),
    ).toBeVisible();
  });
});
