/**
 * Representation shared by the public apply pages and the casting team's candidate preview: the Add Representation
 * dialog (about 550 px, a native <dialog>, no dialog or form library, so the apply pages stay small) and its fields.
 */
export { AddRepresentationDialog } from './add-representation-dialog';
export { RepresentativeFields } from './representative-fields';
export { EMPTY_REPRESENTATIVE, representativeFormInput } from './representative-form';
export type { NewRepresentative, RepresentativeFormInput } from './representative-form';
