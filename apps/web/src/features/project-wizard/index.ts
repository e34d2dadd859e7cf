/** The project wizard (guided creation saved as a draft at every step). */
export { ProjectWizardPage } from './wizard-page';
