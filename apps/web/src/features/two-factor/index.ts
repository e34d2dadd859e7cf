/** The two-factor capability's public face: the global gate, and the dialog for optional set-up. */
export { TwoFactorGate } from './two-factor-gate';
export { TwoFactorSetupDialog } from './two-factor-setup-dialog';
