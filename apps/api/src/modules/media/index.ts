import type { ApiModule } from '../../platform/http/module';
import { downloadRoutes } from './routes-downloads';
import { mediaRoutes } from './routes-media';
import { uploadFailureRoutes } from './routes-failures';
import { uploadRoutes } from './routes-uploads';

/**
 * Media: uploads through signed URLs (single PUT under 10 MiB, multipart with list-parts resume above),
 * content sniffing, processing jobs (images with sharp, HEIC through libheif in WebAssembly, video with ffmpeg, PDF
 * previews with MuPDF), the media of an applicant with short-lived view URLs, visibility, primary photo, delete,
 * media issue reports, and zip downloads mailed as links. See docs/decisions/0025-media.md.
 *
 * For other modules:
 * - `createUploadGrant(config, { projectId, applicantId?, holder?, ttlSeconds? })` makes the token a public apply
 *   page sends with its upload calls (header `x-upload-grant` or body `uploadGrant`); `verifyUploadGrant(config,
 *   token)` reads one back (403 when forged or expired). Grants of the same `holder` (`linkGrantHolder(linkId)`)
 *   may resume each other's multipart uploads; `grantOwner(grant)` is what uploads are recorded under.
 * - `attachUploads(tx, { projectId, applicantId, uploads: keys, grantId? }, { jobs })` turns an apply page's
 *   completed uploads into media items of the applicant created in `tx` and queues their processing with it.
 * - `attachSelfie`, `removeSelfie`, `findSelfie`: the applicant's one selfie, a photo item marked `is_selfie`
 *   (decision 0460), for the selfie module.
 */
export const mediaModule: ApiModule = {
  name: 'media',
  register(app, context) {
    uploadRoutes(app, context);
    mediaRoutes(app, context);
    downloadRoutes(app, context);
    uploadFailureRoutes(app, context);
  },
};

export {
  createUploadGrant,
  grantOwner,
  holderOwner,
  linkGrantHolder,
  privateMediaGrantHolder,
  selfieGrantHolder,
  verifyUploadGrant,
  UPLOAD_GRANT_TTL_SECONDS,
  type UploadGrant,
} from './grant';
export { defineMediaJobs } from './jobs';
export { attachUploads, type AttachUploadsInput } from './uploads';
export { attachSelfie, findSelfie, removeSelfie, type SelfieUploadInput } from './selfie-item';
export { presentItem, primaryPhotoUrls } from './items';
export { safeName } from './zip-names';
export { endClientLinkDownloads, queueDownload, type QueueDownloadInput } from './download-queue';
export { writeZip, type ZipEntry } from './zip-writer';
export { adoptOriginals, newOriginalKey, reprocessFailedMedia, type AdoptedOriginal } from './maintenance';
export { sniffBytes as sniffMedia, readHead, SNIFF_BYTES, type Sniffed } from './sniff';
export { heicToJpegBytes, pdfPageCount } from './isolated';
