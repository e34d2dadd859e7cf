import fs from 'node:fs';
import S3rver from '@20minutes/s3rver';

export const BUCKET = 'casting-media';
/** s3rver accepts these fixed credentials and checks signatures with them, as S3 does with real ones. */
const CREDENTIALS = 'S3RVER';

export interface ObjectStore {
  url: string;
  /** The API's S3 settings for this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Browsers upload straight to the store with presigned URLs, so the bucket lets the web app's origin PUT and read
 * (and read the ETag of each multipart part).
 */
function corsFor(origin: string): string {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/** An S3-protocol server on loopback (s3rver) keeping its objects under `directory`, with the media bucket. */
export async function startObjectStore(
  directory: string,
  host: string,
  webOrigin: string,
): Promise<ObjectStore> {
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: host,
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [corsFor(webOrigin)] }],
  });
  const { port } = await server.run();
  const url = `http://${host}:${port}`;
  return {
    url,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS,
      S3_SECRET_ACCESS_KEY: CREDENTIALS,
    },
    close: () => server.close(),
  };
}
