/** Moved to ui/ (the client review pages use it too); kept here so the apply pages' imports stay as they were. */
export { setModalOpen } from '../../ui/native-modal';
