import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '../errors';
import { attachmentDisposition } from './disposition';
import { assertValidKey, generateKey } from './keys';
import type {
  CompletedPart,
  ObjectInfo,
  PresignedRequest,
  PresignGetOptions,
  PresignPartOptions,
  PresignPutOptions,
  Storage,
  UploadedPart,
} from './port';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, ...); AWS itself needs none. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Without them the AWS SDK's default chain applies (environment, instance role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Injected so tests can sign a URL that is already past its expiry. */
  now?: () => Date;
  /** Parts asked for per ListParts page; unset, the store's own (S3: 1,000). Tests set a small one to page. */
  listPartsPageSize?: number;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  );
}

function isNoSuchUpload(error: unknown): boolean {
  return error instanceof S3ServiceException && error.name === 'NoSuchUpload';
}

/** Any S3-compatible store through the AWS SDK v3; browsers upload to and download from it directly. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly now: () => Date;
  private readonly listPartsPageSize: number | undefined;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.now = options.now ?? (() => new Date());
    this.listPartsPageSize = options.listPartsPageSize;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // The SDK's default CRC32 checksums would be signed into presigned URLs, which a browser's body cannot match
      // and several S3-compatible stores reject; integrity comes from the ETags instead.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  newKey(prefix: string): string {
    return generateKey(prefix);
  }

  private signing(signContentType = false) {
    return {
      signingDate: this.now(),
      // The presigner leaves Content-Type unsigned by default; signing it holds the upload to the declared type.
      ...(signContentType ? { signableHeaders: new Set(['content-type']) } : {}),
    };
  }

  async presignPut(key: string, options: PresignPutOptions): Promise<PresignedRequest> {
    assertValidKey(key);
    // Content-Length is signed too, so the store refuses a body of any other size.
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      ContentLength: options.contentLength,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: options.expiresIn,
      ...this.signing(true),
    });
    return { url, method: 'PUT', headers: { 'content-type': options.contentType } };
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    assertValidKey(key);
    const result = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    if (!result.UploadId) throw new Error('The store answered no upload id');
    return result.UploadId;
  }

  presignPart(key: string, uploadId: string, partNumber: number, options: PresignPartOptions) {
    assertValidKey(key);
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      // Signed (X-Amz-SignedHeaders content-length), so the store refuses a part of any other size.
      ContentLength: options.contentLength,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresIn, ...this.signing() });
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    try {
      for (;;) {
        const page = await this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumberMarker: marker,
            MaxParts: this.listPartsPageSize,
          }),
        );
        for (const part of page.Parts ?? []) {
          parts.push({ partNumber: part.PartNumber ?? 0, etag: part.ETag ?? '', size: part.Size ?? 0 });
        }
        if (!page.IsTruncated) return parts;
        marker = page.NextPartNumberMarker;
      }
    } catch (error) {
      if (isNoSuchUpload(error)) throw new AppError('NOT_FOUND', 'The upload was not found.');
      throw error;
    }
  }

  async completeMultipart(key: string, uploadId: string, parts: CompletedPart[]) {
    try {
      const result = await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
        }),
      );
      return { etag: result.ETag ?? '' };
    } catch (error) {
      if (isNoSuchUpload(error)) throw new AppError('NOT_FOUND', 'The upload was not found.');
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 400) {
        throw new AppError('BAD_REQUEST', `The parts could not be joined: ${error.message}`);
      }
      throw error;
    }
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (error) {
      if (isNoSuchUpload(error)) throw new AppError('NOT_FOUND', 'The upload was not found.');
      throw error;
    }
  }

  presignGet(key: string, options: PresignGetOptions): Promise<string> {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: options.downloadName
        ? attachmentDisposition(options.downloadName)
        : undefined,
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresIn, ...this.signing() });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: result.ContentLength ?? 0,
        contentType: result.ContentType ?? 'application/octet-stream',
        etag: result.ETag ?? '',
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async moveObject(fromKey: string, toKey: string): Promise<void> {
    assertValidKey(fromKey);
    assertValidKey(toKey);
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        CopySource: `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: fromKey }));
  }

  async putObject(key: string, body: Readable | Buffer, contentType: string, contentLength?: number) {
    assertValidKey(key);
    const length = Buffer.isBuffer(body) ? body.length : contentLength;
    if (length === undefined) throw new Error('putObject needs the length of a stream');
    const result = await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: length,
      }),
    );
    return { etag: result.ETag ?? '' };
  }

  async getObjectStream(key: string): Promise<Readable | null> {
    assertValidKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return result.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
