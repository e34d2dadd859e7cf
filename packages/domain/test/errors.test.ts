import { describe, expect, it } from 'vitest';
import {
  CANCELED_ERROR_CODE,
  ERROR_CODES,
  ERROR_MESSAGES,
  apiErrorSchema,
  extractErrorMessage,
  isCanceledError,
  isErrorCode,
} from '../src';

describe('error catalogue', () => {
  it('holds the codes the API and web agree on', () => {
    expect(ERROR_CODES).toEqual([
      'VALIDATION_FAILED',
      'BAD_REQUEST',
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'RATE_LIMITED',
      'PAYLOAD_TOO_LARGE',
      'INTERNAL_ERROR',
      'PROJECT_ACCESS_DENIED',
      'PERMISSION_DENIED',
      'TOTP_NOT_ENABLED',
      'AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY',
      'INVALID_PHONE_NUMBER',
      'APPLICANT_REPRESENTATIVE_ALREADY_DENIED',
      'INVALID_CREDENTIALS',
      'INVALID_CODE',
      'CODE_EXPIRED',
      'ACCOUNT_NOT_CONFIRMED',
      'ACCOUNT_DEACTIVATED',
      'TALENT_NOT_ALLOWED',
      'INVALID_REFRESH_TOKEN',
      'SESSION_EXPIRED',
      'FILE_URL_INVALID',
      'FILE_URL_EXPIRED',
      'RANGE_NOT_SATISFIABLE',
      'PASSWORD_CHANGE_REQUIRED',
      'SERVICE_UNAVAILABLE',
      'LINK_CLOSED',
      'CLIENT_LINK_REVOKED',
      'CLIENT_LINK_EXPIRED',
      'VIEWER_IDENTIFICATION_REQUIRED',
    ]);
    expect(isErrorCode('TOTP_NOT_ENABLED')).toBe(true);
    expect(isErrorCode('NOPE')).toBe(false);
  });

  it('words the errors tied to codes', () => {
    expect(ERROR_MESSAGES.INVALID_PHONE_NUMBER).toBe('Please enter a valid phone number.');
    expect(ERROR_MESSAGES.APPLICANT_REPRESENTATIVE_ALREADY_DENIED).toBe(
      'This representation claim has already been declined',
    );
    expect(ERROR_MESSAGES.TALENT_NOT_ALLOWED).toBe('Only admins can access this app');
  });

  it('parses the error body', () => {
    expect(apiErrorSchema.parse({ code: 'NOT_FOUND', message: 'Project was not found.' })).toEqual({
      code: 'NOT_FOUND',
      message: 'Project was not found.',
    });
    expect(apiErrorSchema.safeParse({ message: 'no code' }).success).toBe(false);
  });
});

describe('extractErrorMessage (details, then response data, then own message)', () => {
  const withResponse = (data: unknown, own = 'Request failed') =>
    Object.assign(new Error(own), { response: { data } });

  it.each([
    [
      'error details message first',
      Object.assign(new Error('own'), { details: { message: 'details' }, data: { message: 'data' } }),
      'details',
    ],
    [
      'details inside the response body',
      withResponse({ message: 'data', details: { message: 'inner' } }),
      'inner',
    ],
    [
      'details given as a list',
      Object.assign(new Error('own'), { details: [{ message: 'first' }] }),
      'first',
    ],
    ['then the response data message', withResponse({ message: 'data' }), 'data'],
    [
      'data carried on the error itself',
      Object.assign(new Error('own'), { data: { message: 'data' } }),
      'data',
    ],
    ['blank messages are skipped', withResponse({ message: '  ', details: { message: '' } }, 'own'), 'own'],
    ['then the error own message', new Error('own'), 'own'],
    ['a plain object with a message', { message: 'plain' }, 'plain'],
    ['a thrown text', 'text', 'text'],
    ['else Unknown error', {}, 'Unknown error'],
    ['null', null, 'Unknown error'],
    ['an error without message', new Error(''), 'Unknown error'],
  ])('%s', (_name, err, expected) => {
    expect(extractErrorMessage(err)).toBe(expected);
  });
});

describe('cancelled requests', () => {
  it('recognises ERR_CANCELED and aborts', () => {
    expect(CANCELED_ERROR_CODE).toBe('ERR_CANCELED');
    expect(isCanceledError({ code: 'ERR_CANCELED' })).toBe(true);
    expect(isCanceledError(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isCanceledError(new Error('boom'))).toBe(false);
    expect(isCanceledError(null)).toBe(false);
  });
});
