import { MESSAGES } from '@casting/domain';
import { expect, signInViaUi, test } from './support/fixtures';
import {
  adminUpdateUser,
  authenticatorCode,
  authenticatorFor,
  CONFIRMATION_MAIL,
  createConfirmedAccount,
  expectPageAccessible,
  freshPassword,
  mailedCode,
  mailedMessage,
  newPerson,
  RESET_MAIL,
  signOutViaMenu,
  submitSignIn,
} from './support/identity';

/*
 * Identity journeys: what a person who has never seen the product does with their account, in
 * Chromium against the production build. Codes come from the outbox; authenticator codes are
 * computed from the key the set-up dialog shows, as an authenticator app would.
 */

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a new person signs up, confirms the address and signs in', async ({ page, request }) => {
    const dana = newPerson('Dana', 'Signup');

    await page.goto('/auth/sign-in');
    await page.getByRole('link', { name: MESSAGES.getStarted }).click();
    await expect(page).toHaveURL(/\/auth\/sign-up$/);
    await expectPageAccessible(page, 'sign-up page');

    await page.getByLabel('First name').fill(dana.firstName);
    await page.getByLabel('Last name').fill(dana.lastName);
    await page.getByLabel('Email').fill(dana.email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    const checklist = page.getByRole('list', { name: 'Password requirements' });
    await expect(checklist.getByRole('listitem').filter({ hasText: 'At least 8 characters' })).toContainText(
      '(not met yet)',
    );
    await page.getByLabel('Password', { exact: true }).fill(dana.password);
    await expect(checklist.getByText('(not met yet)')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create account' }).click();

    const created = page.getByRole('dialog', { name: MESSAGES.accountCreated });
    await expect(created).toBeVisible();
    await expect(created.getByRole('button', { name: MESSAGES.returnToHomepage })).toBeVisible();
    await expectPageAccessible(page, 'account created dialog', '[role="dialog"]');
    await created.getByRole('button', { name: 'Enter confirmation code' }).click();

    await expect(page).toHaveURL(/\/auth\/confirm-user\?email=/);
    await expect(page.getByText(MESSAGES.confirmationCodeSent)).toContainText(dana.email);
    await expectPageAccessible(page, 'confirm-user page');
    await page.getByLabel('Confirmation code').fill('12');
    await page.getByRole('button', { name: 'Confirm account' }).click();
    await expect(page.getByText(MESSAGES.confirmationCodeLength)).toBeVisible();
    await page.getByLabel('Confirmation code').fill(await mailedCode(request, dana.email, CONFIRMATION_MAIL));
    await page.getByRole('button', { name: 'Confirm account' }).click();

    await expect(page.getByText(MESSAGES.userConfirmed)).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/sign-in\?email=/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(dana.email);
    await submitSignIn(page, dana);
    await expect(page).toHaveURL(/\/projects$/);
  });
});

test('a person enables an authenticator, signs out and signs back in with its code', async ({
  page,
  request,
}) => {
  const alex = newPerson('Alex', 'Authenticator');
  await createConfirmedAccount(request, alex);
  await signInViaUi(page, alex.email, alex.password);

  await page.getByRole('button', { name: `User menu for ${alex.firstName} ${alex.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectPageAccessible(page, 'profile page');
  await page.getByRole('button', { name: 'Set up authenticator' }).click();

  const setUp = page.getByRole('dialog', { name: MESSAGES.setUpTwoFactor });
  await expect(setUp.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectPageAccessible(page, 'two-factor set-up dialog', '[role="dialog"]');
  const totp = authenticatorFor(await setUp.getByTestId('authenticator-secret').innerText(), alex.email);
  await setUp.getByLabel('Verification code').fill('000000');
  await setUp.getByRole('button', { name: 'Verify' }).click();
  await expect(setUp.getByText(MESSAGES.invalidVerificationCodeSetup)).toBeVisible();
  await setUp.getByLabel('Verification code').fill(authenticatorCode(totp));
  await setUp.getByRole('button', { name: 'Verify' }).click();
  await expect(setUp).toBeHidden();
  // Ten recovery codes are shown once; one signs in instead of the app's code.
  const recovery = page.getByRole('dialog', { name: MESSAGES.recoveryCodesTitle });
  const codes = recovery.getByRole('list', { name: MESSAGES.recoveryCodesTitle }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectPageAccessible(page, 'recovery codes dialog', '[role="dialog"]');
  const recoveryCode = await codes.first().innerText();
  await recovery.getByRole('button', { name: 'Done' }).click();
  await expect(recovery).toBeHidden();
  await expect(page.getByText(/Two-factor authentication is on:/)).toBeVisible();

  await signOutViaMenu(page, alex);
  await submitSignIn(page, alex);
  const stepDialog = page.getByRole('dialog', { name: 'Enter verification code' });
  await stepDialog.getByRole('button', { name: MESSAGES.useRecoveryCode }).click();
  const recoveryDialog = page.getByRole('dialog', { name: 'Enter a recovery code' });
  await expectPageAccessible(page, 'recovery code dialog', '[role="dialog"]');
  await recoveryDialog.getByLabel(MESSAGES.recoveryCodeLabel).fill(recoveryCode);
  await recoveryDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/projects$/);

  await signOutViaMenu(page, alex);
  await submitSignIn(page, alex);
  const codeDialog = page.getByRole('dialog', { name: 'Enter verification code' });
  await expect(codeDialog).toBeVisible();
  await expectPageAccessible(page, 'sign-in code dialog', '[role="dialog"]');
  await codeDialog.getByLabel('Verification code').fill('000000');
  await codeDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(codeDialog.getByText(MESSAGES.invalidVerificationCode)).toBeVisible();
  await codeDialog.getByLabel('Verification code').fill(authenticatorCode(totp, true));
  await codeDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/projects$/);

  // Turning it off asks for the password again; sign-in then needs no code.
  await page.getByRole('button', { name: `User menu for ${alex.firstName} ${alex.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await page.getByRole('button', { name: 'Turn off authenticator' }).click();
  const turnOff = page.getByRole('dialog', { name: 'Turn off the authenticator app?' });
  await expectPageAccessible(page, 'turn off authenticator dialog', '[role="dialog"]');
  await turnOff.getByLabel('Password').fill(freshPassword());
  await turnOff.getByRole('button', { name: 'Turn off authenticator' }).click();
  await expect(turnOff.getByText('Your password is not correct.')).toBeVisible();
  await turnOff.getByLabel('Password').fill(alex.password);
  await turnOff.getByRole('button', { name: 'Turn off authenticator' }).click();
  await expect(turnOff).toBeHidden();
  await expect(page.getByText('Authenticator app turned off')).toBeVisible();
  await expect(page.getByText('Two-factor authentication with an authenticator app is off.')).toBeVisible();
  await expectPageAccessible(page, 'profile page with its toast');
  // Where the account is signed in: this browser, marked as this device.
  const sessions = page.getByRole('region', { name: MESSAGES.sessionsTitle });
  await expect(sessions.getByText(MESSAGES.thisDevice)).toBeVisible();
  await expect(sessions.getByText(/Chrome on /)).toBeVisible();

  await signOutViaMenu(page, alex);
  await submitSignIn(page, alex);
  await expect(page).toHaveURL(/\/projects$/);
});

test('an account that requires a second factor is asked to set it up before anything else', async ({
  page,
  request,
  admin,
}) => {
  const robin = newPerson('Robin', 'Required');
  await createConfirmedAccount(request, robin);
  await adminUpdateUser(request, admin, robin.email, { otpRequired: true });

  await page.goto('/auth/sign-in');
  await submitSignIn(page, robin);

  const setUp = page.getByRole('dialog', { name: MESSAGES.setUpTwoFactor });
  await expect(setUp).toBeVisible();
  await expect(setUp.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(setUp.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  // A required set-up cannot be waved away.
  await page.keyboard.press('Escape');
  await expect(setUp).toBeVisible();
  await expectPageAccessible(page, 'required two-factor set-up', '[role="dialog"]');

  const totp = authenticatorFor(await setUp.getByTestId('authenticator-secret').innerText(), robin.email);
  await setUp.getByLabel('Verification code').fill(authenticatorCode(totp));
  await setUp.getByRole('button', { name: 'Verify' }).click();

  await expect(setUp).toBeHidden();
  await page
    .getByRole('dialog', { name: MESSAGES.recoveryCodesTitle })
    .getByRole('button', { name: 'Done' })
    .click();
  await expect(page).toHaveURL(/\/projects$/);
});

test('a person who forgot the password resets it and signs in with the new one', async ({
  page,
  request,
}) => {
  const kim = newPerson('Kim', 'Forgetful');
  await createConfirmedAccount(request, kim);

  await page.goto('/auth/sign-in');
  await page.getByRole('link', { name: MESSAGES.forgotPasswordLink }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expectPageAccessible(page, 'forgot-password page');
  await page.getByLabel('Email').fill(kim.email);
  await page.getByRole('button', { name: MESSAGES.resetPassword }).click();

  await expect(page).toHaveURL(/\/auth\/check-email\?email=/);
  await expect(page.getByText(kim.email)).toBeVisible();
  await expect(page.getByRole('link', { name: MESSAGES.goToEmail })).toHaveAttribute('href', 'mailto:');
  await expectPageAccessible(page, 'check-email page');
  const firstCode = await mailedCode(request, kim.email, RESET_MAIL);
  const resend = page.getByRole('button', { name: /Resend|Sending|EMAIL SENT/ });
  await resend.click();
  await expect(resend).toHaveText(MESSAGES.emailSent);
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Resend in (30|29|28)s$/);
  const mail = await mailedMessage(request, kim.email, RESET_MAIL, firstCode);

  // The person follows the link in the newest mail: the code and the address come with it.
  await page.goto(mail.link);
  await expect(page).toHaveURL(new RegExp(`/auth/reset-password\\?code=${mail.code}&email=`));
  await expect(page.getByText(kim.email)).toBeVisible();
  await expect(page.getByLabel('Reset code')).toHaveCount(0);
  const newPassword = freshPassword();
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await expect(
    page.getByRole('list', { name: 'Password requirements' }).getByText('(not met yet)'),
  ).toHaveCount(0);
  await expectPageAccessible(page, 'reset-password page');
  await page.getByRole('button', { name: MESSAGES.resetPassword }).click();

  await expect(page).toHaveURL(/\/auth\/reset-password-successfully$/);
  await expectPageAccessible(page, 'reset-password-successfully page');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await submitSignIn(page, kim);
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await submitSignIn(page, { email: kim.email, password: newPassword });
  await expect(page).toHaveURL(/\/projects$/);
});

test('a talent account is refused with the toast and stays signed out', async ({ page, request, admin }) => {
  const taylor = newPerson('Taylor', 'Talent');
  await createConfirmedAccount(request, taylor);
  await adminUpdateUser(request, admin, taylor.email, { roleCode: 'TALENT' });

  await page.goto('/auth/sign-in');
  await submitSignIn(page, taylor);

  const refusal = page.getByText(MESSAGES.talentNotAllowed);
  await expect(refusal).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  // The talent-refused toast lasts 10 s, well past sonner's 4 s default.
  await page.waitForTimeout(6_000);
  await expect(refusal).toBeVisible();
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test('an idle session is warned in its last 2 minutes and signed out at the end', async ({
  page,
  request,
}) => {
  const sam = newPerson('Sam', 'Idle');
  await createConfirmedAccount(request, sam);
  // The page's clock stands in for four hours of inactivity; the server's clock runs for real.
  await page.clock.install();
  // Inactivity is counted from when the session tracker starts (its own chunk, loaded after sign-in): wait for
  // its start call before moving the clock, or the hours would pass before tracking began.
  const trackingStarted = page.waitForResponse(
    (response) =>
      response.url().includes('/api/session-tracking/') && response.request().method() === 'PATCH',
  );
  await signInViaUi(page, sam.email, sam.password);
  await trackingStarted;

  await page.clock.fastForward('03:58:30');
  const overlay = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('timer')).toHaveText(/^1:[0-5]\d$/);
  await expectPageAccessible(page, 'session-expiring-soon overlay', '[role="dialog"]');
  await overlay.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/projects$/);

  await page.clock.fastForward('03:58:30');
  await expect(overlay).toBeVisible();
  await page.clock.fastForward('02:00');

  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByText('You were signed out after a period of inactivity.')).toBeVisible();
  // The server ended the session too: a reload cannot restore it from the refresh cookie.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test('the super admin finds a user, requires a second factor, and deactivates and reactivates them', async ({
  page,
  request,
  admin,
}) => {
  const lee = newPerson('Lee', 'Managed');
  await createConfirmedAccount(request, lee);
  await signInViaUi(page, admin.email, admin.password);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('table')).toBeVisible();
  await expectPageAccessible(page, 'users page');

  await page.getByLabel('Search users').fill(lee.email);
  // Other journeys may have made a "Lee Managed" too: the row is the one with this test's own address.
  const row = page.getByRole('row', { name: new RegExp(lee.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(row).toBeVisible();
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

  const required = row.getByRole('checkbox', { name: 'Required second factor for Lee Managed' });
  await required.click();
  await expect(required).toBeChecked();
  await expect(page.getByText('Lee Managed must now use a second factor')).toBeVisible();
  await row.getByRole('button', { name: 'Deactivate Lee Managed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Lee Managed?' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByRole('cell', { name: 'Deactivated' })).toBeVisible();
  await row.getByRole('button', { name: 'Reactivate Lee Managed' }).click();
  await expect(row.getByRole('cell', { name: 'Active' })).toBeVisible();

  // On a phone the table scrolls inside its own region; the page itself never scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectPageAccessible(page, 'users page on a phone');
});

test('a person edits their name and picture on /profile/edit and sees them everywhere', async ({
  page,
  request,
}) => {
  const casey = newPerson('Casey', 'Original');
  await createConfirmedAccount(request, casey);
  await signInViaUi(page, casey.email, casey.password);

  await page.getByRole('button', { name: 'User menu for Casey Original' }).click();
  await page.getByRole('menuitem', { name: 'Your Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
  await expectPageAccessible(page, 'profile page');

  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expectPageAccessible(page, 'profile edit page');

  await page.getByLabel('Last name').fill('');
  await page.getByLabel('Avatar image URL').fill('http://insecure.example/me.png');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Avatar image URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/profile\/edit$/);

  await page.getByLabel('Last name').fill('Renamed');
  await page.getByLabel('Avatar image URL').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Casey Renamed').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu for Casey Renamed' })).toBeVisible();

  // The change is the server's, not the page's: it survives a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu for Casey Renamed' })).toBeVisible();
  await expectPageAccessible(page, 'profile page after editing');
});
