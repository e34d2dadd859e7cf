export { absoluteLink, ApplicantLinksPage } from './applicant-links-page';
export { CreateLinkDialog } from './create-link-dialog';
export type { CreateLinkDialogProps } from './create-link-dialog';
export { ShareLinkCard } from './share-link-card';
