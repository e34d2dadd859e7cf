export { SelfTapePage } from './self-tape-page';
export { SelfTapeTrackingPage } from './tracking-page';
export { SelfTapeRequestDialog } from './request-dialog';
export { RequestSelfTapesButton } from './request-button';
export { SelfTapeRequestsLink, SelfTapeRequestsPage } from './requests-page';
