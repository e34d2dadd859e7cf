export { createUploadQueue } from './upload-queue';
export type { UploadQueue, UploadQueueOptions } from './upload-queue';
export { useUploadQueue } from './use-upload-queue';
export { uploadFile, UploadError } from './upload-file';
export { createResumeStore, browserResumeStorage } from './resume-store';
export { xhrPut } from './xhr-put';
export type * from './types';
