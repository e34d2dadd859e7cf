/** The media feature's public entry: what other features and the route table may use. */
export { CandidateMedia, RetryingThumbnail } from './candidate-media';
export type { CandidateMediaProps } from './candidate-media';
export { MediaViewer } from './media-viewer';
export type { MediaViewerProps } from './media-viewer';
export { UploadQueue } from './upload-queue';
export type { UploadQueueProps } from './upload-queue';
export { FilePicker } from './file-picker';
export { UploadQueueList } from './upload-queue-list';
export { LargeFileDialog } from './large-file-dialog';
export { DownloadZipDialog } from './media-dialogs';
export { MEDIA_TEXTS } from './media-texts';
export { DownloadsPage } from './downloads-page';
export { createMediaUploadTransport, candidateMediaQuery, mediaKeys } from './media-api';
export type { MediaItem, MediaKind, Download } from './media-contract';
export { checkTypes, acceptAttribute, isLargeFile } from './file-checks';
