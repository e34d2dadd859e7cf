import { MESSAGES, SELFIE_TEXTS, type PrivateSelfie as PrivateAnswer } from '@casting/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import { toast } from '../../lib/toast/toast';
import { named, setupHttp, UPLOAD_HANDLERS } from './selfie-test-http';
import { PrivateSelfie } from './private-selfie';
import { formatDay } from './selfie-api';

// The bytes go to storage with the browser's XMLHttpRequest, which no fetch double answers: a stand-in takes the PUT.
const puts: string[] = [];
class StoragePut {
  url = '';
  status = 0;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return '"e"';
  }
  abort() {}
  send() {
    puts.push(this.url);
    this.status = 200;
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', StoragePut);
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  puts.length = 0;
});

// The talent's private page: the Selfie section, asked or not, taking a photo, and what it then shows.
const APPLICANT = '00000000-0000-4000-8000-0000000000a1';
const PATH = `/api/v2/applicants/${APPLICANT}/standalone/selfie`;
const ASKED_AT = '2031-03-04T10:00:00.000Z';
const ASKED: PrivateAnswer = { selfie: null, requestedAt: ASKED_AT, uploadGrant: 'grant-1' };
const SENT: PrivateAnswer = {
  selfie: {
    id: '00000000-0000-4000-8000-00000000e001',
    status: 'PENDING',
    url: '/files/original.heic',
    thumbnailUrl: null,
    convertedUrl: null,
    takenAt: '2031-03-05T09:00:00.000Z',
  },
  requestedAt: null,
  uploadGrant: 'grant-2',
};

describe('the private page’s Selfie section', () => {
  it('says the team asked, opens the front camera for photos only, and sends the upload as the selfie', async () => {
    const { double, wrap } = setupHttp({
      ...UPLOAD_HANDLERS,
      [`GET ${PATH}`]: () => jsonResponse(200, ASKED),
      [`PUT ${PATH}`]: () => jsonResponse(200, SENT),
    });
    render(wrap(<PrivateSelfie applicantId={APPLICANT} token="private-token-123456" />));
    expect(await screen.findByText(SELFIE_TEXTS.privateAsked(formatDay(ASKED_AT)))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: SELFIE_TEXTS.privateTitle })).toBeInTheDocument();
    expect(screen.getByText(SELFIE_TEXTS.privateNone)).toBeInTheDocument();
    const input = screen.getByTestId('file-picker-input');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'user');

    await userEvent.setup({ applyAccept: false }).upload(input, named('me.jpg'));
    expect(await screen.findByText(SELFIE_TEXTS.saved)).toBeInTheDocument();
    expect(puts).toEqual(['/api/files/put/me.jpg']);
    // Uploaded under the page's grant, then made the selfie with the private link's token.
    expect(
      double.callsTo('POST /api/media-management/get-signed-url')[0]?.headers.get('x-upload-grant'),
    ).toBe('grant-1');
    expect(double.callsTo(`PUT ${PATH}`)[0]?.body).toEqual({
      accessToken: 'private-token-123456',
      key: 'k1',
    });
    expect(screen.getByText(SELFIE_TEXTS.processing)).toBeInTheDocument();
    expect(
      screen.getByText(SELFIE_TEXTS.privateCurrent(formatDay(SENT.selfie!.takenAt))),
    ).toBeInTheDocument();
    expect(screen.queryByText(SELFIE_TEXTS.privateAsked(formatDay(ASKED_AT)))).toBeNull();
  });

  it('refuses a file that is not a photo with the message every upload gives, and sends nothing', async () => {
    const { double, wrap } = setupHttp({
      ...UPLOAD_HANDLERS,
      [`GET ${PATH}`]: () => jsonResponse(200, ASKED),
    });
    render(wrap(<PrivateSelfie applicantId={APPLICANT} token="private-token-123456" />));
    const input = await screen.findByTestId('file-picker-input');
    await userEvent.setup({ applyAccept: false }).upload(input, named('resume.pdf', 4, 'application/pdf'));
    expect(await screen.findByText(MESSAGES.unsupportedFileTypes('resume.pdf'))).toBeInTheDocument();
    expect(double.callsTo('POST /api/media-management/get-signed-url')).toHaveLength(0);
  });
});
