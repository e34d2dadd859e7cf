/**
 * The e-mail feature's public entry for other features: light on purpose (the candidates workspace imports it), so
 * the editor and its pages stay in their own chunks; the route table loads the pages by their files.
 */
export { emailSelectionPath } from './selection';
export { templatesQuery } from './email-api';
export { allowanceQuery } from './email-api';
export { AllowanceNote } from './allowance-note';
