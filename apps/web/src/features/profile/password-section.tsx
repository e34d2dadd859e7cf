import { MESSAGES } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { ChangePasswordForm } from './change-password-form';

/** Changing the password while signed in; the other sessions end, this one stays. */
export function PasswordSection() {
  return (
    <section
      aria-labelledby="password-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="password-heading" className="text-lg font-semibold text-ink">
        {MESSAGES.changePasswordTitle}
      </h2>
      <ChangePasswordForm onChanged={() => toast.success(MESSAGES.passwordChangedToast)} />
    </section>
  );
}
