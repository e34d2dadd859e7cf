import { MESSAGES } from '@casting/domain';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast/toast';
import { useAuth } from '../../lib/auth/auth-provider';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ChangePasswordForm } from './change-password-form';

/**
 * A generated password (the first administrator's) must be replaced before anything else: the API refuses every
 * other call until then, so this screen covers whatever page is showing and cannot be dismissed, only signed out of.
 * Once the password is changed, the page's refused reads are made again.
 */
export function PasswordChangeGate() {
  const { user, signOut } = useAuth();
  const queryClient = useQueryClient();
  const open = user?.mustChangePassword === true;
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      dismissible={false}
      title={MESSAGES.changePasswordTitle}
      description={MESSAGES.forcedPasswordChangeIntro}
      width={460}
    >
      {open ? (
        <div className="flex flex-col gap-4">
          <ChangePasswordForm
            onChanged={() => {
              toast.success(MESSAGES.passwordChangedToast);
              // Whatever the page under this screen asked for was refused until now: it asks again.
              void queryClient.invalidateQueries();
            }}
          />
          <Button variant="secondary" onClick={() => void signOut()}>
            {MESSAGES.signOutSession}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
