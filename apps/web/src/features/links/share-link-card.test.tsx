import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { COPIED_LABEL_MS, MESSAGES, QR_PRINT_SIZE, QR_SIZE } from '@casting/domain';
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

  it('offers the code for print as a large PNG and as an SVG, beside the 172 px one on screen', async () => {
    stubClipboard(() => Promise.resolve());
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const drawn: number[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
      this: HTMLCanvasElement,
      type?: string,
    ) {
      drawn.push(this.width);
      return `data:${type};base64,AAAA`;
    });
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:qr-svg';
      },
      revokeObjectURL: () => undefined,
    });
    render(<ShareLinkCard url={URL_TEXT} title="Walk-ins" />);
    // The code on screen keeps its size.
    const onScreen = screen
      .getByRole('button', { name: 'Download the QR code of Walk-ins as QR_Code.png' })
      .querySelector('canvas');
    expect(onScreen?.getAttribute('width')).toBe(String(QR_SIZE));

    fireEvent.click(screen.getByRole('button', { name: 'Download PNG for print' }));
    expect(saved.at(-1)).toEqual({ name: 'QR_Code_print.png', href: 'data:image/png;base64,AAAA' });
    expect(drawn.at(-1)).toBe(QR_PRINT_SIZE);

    fireEvent.click(screen.getByRole('button', { name: 'Download SVG' }));
    expect(saved.at(-1)).toEqual({ name: 'QR_Code.svg', href: 'blob:qr-svg' });
    const svg = blobs.at(-1)!;
    expect(svg.type).toBe('image/svg+xml');
    const text = await svg.text();
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<svg/);
    expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(text).toMatch(/<path [^>]*d="M/);
    vi.restoreAllMocks();
  });
});
