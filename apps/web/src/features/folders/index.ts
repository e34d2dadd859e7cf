export { EditableLabel } from './editable-label';
export type { EditableLabelProps } from './editable-label';
export { FolderList } from './folder-list';
export type { FolderListProps } from './folder-list';
