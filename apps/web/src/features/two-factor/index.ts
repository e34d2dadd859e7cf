/**
 * The two-factor capability's public face: the global gate, and the dialog for optional set-up.
 * Both load the dialog's code (QR code library included) only when it opens.
 */
export { TwoFactorGate } from './two-factor-gate';
export { TwoFactorSetupDialog } from './lazy-setup-dialog';
export type { TwoFactorSetupDialogProps } from './two-factor-setup-dialog';
export { showRecoveryCodes } from './recovery-codes-store';
