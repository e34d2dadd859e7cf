import type { PutOptions } from './types';
import { abortError } from './upload-file';

/**
 * PUT with upload progress. fetch() cannot report bytes sent, so the browser's XMLHttpRequest does the sending;
 * the store's ETag is read from the answer (S3 buckets must expose it through CORS, see decision 0014).
 */
export function xhrPut(url: string, body: Blob, options: PutOptions): Promise<{ etag: string | null }> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    // Signed headers (Content-Type among them, in any case) are sent exactly as signed; a second value would
    // make the store refuse the body.
    const signedType = Object.keys(options.headers ?? {}).some(
      (name) => name.toLowerCase() === 'content-type',
    );
    if (options.contentType && !signedType) {
      xhr.setRequestHeader('Content-Type', options.contentType);
    }
    const onAbort = () => xhr.abort();
    options.signal.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) resolve({ etag: xhr.getResponseHeader('ETag') });
      else reject(new Error(`Upload refused with status ${xhr.status}`));
    };
    xhr.onerror = () => {
      done();
      reject(new Error('Network error during upload'));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(body);
  });
}
