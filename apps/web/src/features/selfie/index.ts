/** The selfie feature's public entry: the preview's selfie beside the primary photo, and the private page's section. */
export { CandidateSelfie } from './candidate-selfie';
export type { CandidateSelfieProps } from './candidate-selfie';
export { PrivateSelfie } from './private-selfie';
