import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/http-error';
import { errorsStillTrue, fieldErrorsOf } from './field-errors';

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

  it('keeps a message only while its field still holds what was sent', () => {
    const errors = { subject: 'Write a subject.', body: 'Unknown merge field.', submissionIds: 'Too many.' };
    const sent = { subject: '', body: { text: '{{frstName}}' }, submissionIds: ['a'] };
    expect(errorsStillTrue(errors, sent, { subject: 'Hello', body: { text: '{{frstName}}' } })).toEqual({
      body: 'Unknown merge field.',
      submissionIds: 'Too many.',
    });
    expect(errorsStillTrue(errors, undefined, {})).toEqual(errors);
  });
});
