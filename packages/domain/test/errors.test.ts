import { describe, expect, it } from 'vitest';
import { apiErrorSchema, extractErrorMessage, isCanceledError, isErrorCode } from '../src';

describe('error catalogue', () => {
  it('tells a catalogue code from anything else', () => {
    expect(isErrorCode('TOTP_NOT_ENABLED')).toBe(true);
    expect(isErrorCode('NOPE')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });

  it('parses the error body', () => {
    expect(apiErrorSchema.parse({ code: 'NOT_FOUND', message: 'Project was not found.' })).toEqual({
      code: 'NOT_FOUND',
      message: 'Project was not found.',
    });
    expect(apiErrorSchema.safeParse({ message: 'no code' }).success).toBe(false);
  });
});

describe('extractErrorMessage: details, then the response body, then the error itself', () => {
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
    expect(isCanceledError({ code: 'ERR_CANCELED' })).toBe(true);
    expect(isCanceledError(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isCanceledError(new Error('boom'))).toBe(false);
    expect(isCanceledError(null)).toBe(false);
  });
});
