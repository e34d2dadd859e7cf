import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/http-error';
import { fieldErrorsOf } from './field-errors';

describe('field errors of an API refusal', () => {
  it('maps body fields to their first message', () => {
    const error = new HttpError(400, {
      code: 'VALIDATION_FAILED',
      message: 'Check the fields',
      details: {
        issues: [
          { path: 'body.subject', message: 'Write a subject.' },
          { path: 'body.body', message: 'Unknown merge field: {{frstName}}.' },
          { path: 'body.subject', message: 'second' },
        ],
      },
    });
    expect(fieldErrorsOf(error)).toEqual({
      subject: 'Write a subject.',
      body: 'Unknown merge field: {{frstName}}.',
    });
  });

  it('is empty for anything else', () => {
    expect(fieldErrorsOf(new Error('network'))).toEqual({});
    expect(fieldErrorsOf(new HttpError(500, null))).toEqual({});
  });
});
