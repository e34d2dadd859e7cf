import { MULTIPART_CHUNK_BYTES } from '@casting/domain';

/** What the web upload queue does, in a few lines: the API calls and the signed PUTs, over real HTTP. */
export class UploadClient {
  constructor(
    readonly origin: string,
    readonly headers: Record<string, string>,
  ) {}

  async call(path: string, body: unknown) {
    const res = await fetch(`${this.origin}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async single(target: object, name: string, bytes: Buffer, contentType: string) {
    const signed = await this.call('/media-management/get-signed-url', {
      ...target,
      imagesParams: [{ fileKey: name, contentType, size: bytes.length }],
    });
    if (signed.status !== 200) return signed;
    const [url] = signed.body.urls;
    const put = await fetch(url.url, { method: 'PUT', headers: url.headers, body: bytes });
    if (put.status !== 200) return { status: put.status, body: await put.json() };
    return this.call('/media-management/upload-complete', { Key: url.key, ...pick(target) });
  }

  async start(target: object, name: string, bytes: Buffer, contentType: string) {
    return this.call('/media-management/multipart/start', {
      ...target,
      fileName: name,
      contentType,
      size: bytes.length,
    });
  }

  /** Uploads the given parts (all by default) and answers their ETags. */
  async putParts(
    upload: { UploadId: string; Key: string; ChunksNumber: number },
    bytes: Buffer,
    target: object,
    only?: number[],
  ) {
    const urls = await this.call('/media-management/multipart/get-signed-urls', {
      ...pick(target),
      UploadId: upload.UploadId,
      Key: upload.Key,
      ChunksNumber: upload.ChunksNumber,
      ...(only ? { PartNumbers: only } : {}),
    });
    if (urls.status !== 200) throw new Error(JSON.stringify(urls.body));
    const etags: { PartNumber: number; ETag: string }[] = [];
    for (const part of urls.body.parts as { PartNumber: number; signedUrl: string }[]) {
      const start = (part.PartNumber - 1) * MULTIPART_CHUNK_BYTES;
      const res = await fetch(part.signedUrl, {
        method: 'PUT',
        body: bytes.subarray(start, start + MULTIPART_CHUNK_BYTES),
      });
      if (res.status !== 200) throw new Error(`part ${part.PartNumber}: ${res.status} ${await res.text()}`);
      etags.push({ PartNumber: part.PartNumber, ETag: res.headers.get('etag')! });
    }
    return etags;
  }

  async multipart(target: object, name: string, bytes: Buffer, contentType: string) {
    const started = await this.start(target, name, bytes, contentType);
    if (started.status !== 200) return started;
    const parts = await this.putParts(started.body, bytes, target);
    return this.call('/media-management/multipart/complete', {
      ...pick(target),
      UploadId: started.body.UploadId,
      Key: started.body.Key,
      Parts: parts,
    });
  }
}

function pick(target: object) {
  const grant = (target as { uploadGrant?: string }).uploadGrant;
  return grant ? { uploadGrant: grant } : {};
}
