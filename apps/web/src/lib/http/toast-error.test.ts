import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../toast/toast';
import { CanceledError, HttpError } from './http-error';
import { toastError } from './toast-error';

describe('toastError', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows 'Something went wrong' with the extracted message", () => {
    const spy = vi.spyOn(toast, 'error').mockReturnValue('id');

    toastError(new HttpError(409, { code: 'CONFLICT', message: 'Title already used' }));

    expect(spy).toHaveBeenCalledWith('Something went wrong', { description: 'Title already used' });
  });

  it('leaves TOTP_NOT_ENABLED to the two-factor set-up dialog', () => {
    const spy = vi.spyOn(toast, 'error').mockReturnValue('id');

    toastError(
      new HttpError(403, { code: 'TOTP_NOT_ENABLED', message: 'Set up two-factor authentication.' }),
    );

    expect(spy).not.toHaveBeenCalled();
  });

  it('never toasts a canceled request', () => {
    const spy = vi.spyOn(toast, 'error').mockReturnValue('id');

    toastError(new CanceledError());
    toastError(new DOMException('aborted', 'AbortError'));

    expect(spy).not.toHaveBeenCalled();
  });
});
