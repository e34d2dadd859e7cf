/** Presentations: the project's curated, ordered packages of candidates for clients, their editor, share and PDF. */
export { PresentationsPage } from './presentations-page';
export { useCreatePresentation } from './presentations-api';
export { CreatePresentationButton } from './create-presentation-button';
