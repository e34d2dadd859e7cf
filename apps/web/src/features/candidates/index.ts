export { ProjectCandidatesPage } from './candidates-page';
