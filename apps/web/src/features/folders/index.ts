export { FolderList } from './folder-list';
export type { FolderListProps } from './folder-list';
export { projectFoldersQuery } from './folders-api';
