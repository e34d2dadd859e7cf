import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy/lazy-component';
import type { TwoFactorSetupDialogProps } from './two-factor-setup-dialog';

const { Component: SetupDialog } = lazyComponent(
  () => import('./two-factor-setup-dialog'),
  (module) => module.TwoFactorSetupDialog,
);

/**
 * The set-up dialog, fetched the first time it opens. It carries the QR code library and the code
 * form, which no page needs until a second factor is being set up (the gate sits under every page,
 * the sign-in page included).
 */
export function TwoFactorSetupDialog(props: TwoFactorSetupDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <SetupDialog {...props} />
    </Suspense>
  );
}
