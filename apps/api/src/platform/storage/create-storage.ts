import path from 'node:path';
import type { Config } from '../../config';
import { resolveAuthSecret } from '../crypto/secrets';
import { LocalStorage } from './local-storage';
import type { Storage } from './port';
import { S3Storage } from './s3-storage';
import { deriveUrlSigningKey } from './url-signing';

/** S3 when S3_BUCKET is set, otherwise files under DATA_DIR/files served through the API's signed URLs. */
export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return new LocalStorage({
    root: path.join(config.dataDir, 'files'),
    secret: deriveUrlSigningKey(resolveAuthSecret(config.AUTH_SECRET, config.dataDir)),
    baseUrl: config.publicUrl,
  });
}
