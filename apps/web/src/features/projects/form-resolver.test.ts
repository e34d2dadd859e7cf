import { createProjectSchema, MESSAGES, PROJECT_MESSAGES } from '@casting/domain';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http/http-error';
import { applyServerErrors, payloadResolver } from '../../lib/forms/form-resolver';
import { EMPTY_PROJECT_FORM, toProjectPayload } from './project-form-values';
import type { ProjectFormValues } from './project-form-values';

const resolve = (values: ProjectFormValues) =>
  payloadResolver(createProjectSchema, toProjectPayload)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('project form', () => {
  it('sends empty texts and dates as null, and the one-folder switch inside settings', async () => {
    const result = await resolve({
      ...EMPTY_PROJECT_FORM,
      name: ' Harbor Lights ',
      applicantOnlyInOneFolder: true,
    });

    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      name: 'Harbor Lights',
      description: null,
      submissionDeadline: null,
      regionIds: [],
      settings: { applicantOnlyInOneFolder: true },
    });
  });

  it('puts the domain messages under the fields they concern', async () => {
    const result = await resolve({
      ...EMPTY_PROJECT_FORM,
      shootStartDate: '2031-05-10',
      shootEndDate: '2031-05-01',
      auditionDate: '10/05/2031',
    });

    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { message: MESSAGES.nameRequired },
      shootEndDate: { message: PROJECT_MESSAGES.shootEndBeforeStart },
      auditionDate: { message: PROJECT_MESSAGES.invalidDate },
    });
  });
});

describe('applyServerErrors', () => {
  const refusal = (issues: { path: string; message: string }[]) =>
    new HttpError(400, {
      code: 'VALIDATION_FAILED',
      message: 'Please correct the highlighted fields.',
      details: { issues },
    });

  it('places field messages of a 400 under their fields and needs no alert when all found one', () => {
    const setFieldError = vi.fn();

    const alert = applyServerErrors(
      refusal([{ path: 'body.name', message: 'The name should not be empty' }]),
      ['name'],
      setFieldError,
    );

    expect(setFieldError).toHaveBeenCalledWith('name', 'The name should not be empty');
    expect(alert).toBeNull();
  });

  it("shows the API's message for what has no field, and for any other refusal", () => {
    const setFieldError = vi.fn();

    expect(
      applyServerErrors(refusal([{ path: 'body.version', message: 'Stale' }]), ['name'], setFieldError),
    ).toBe('Please correct the highlighted fields.');
    expect(
      applyServerErrors(
        new HttpError(409, { code: 'CONFLICT', message: PROJECT_MESSAGES.versionConflict }),
        [],
        setFieldError,
      ),
    ).toBe(PROJECT_MESSAGES.versionConflict);
    expect(setFieldError).not.toHaveBeenCalled();
  });
});
