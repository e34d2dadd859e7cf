import path from 'node:path';
import type { Config } from '../../config';
import { resolveAuthSecret } from '../crypto/secrets';
import { LocalStorage } from './local-storage';
import type { Storage } from './port';
import { deriveUrlSigningKey } from './url-signing';

/**
 * S3 when S3_BUCKET is set, otherwise files under DATA_DIR/files served through the API's signed URLs. The S3 adapter,
 * with the AWS SDK, is loaded only when it is the one chosen (the SDK took about 0.1 s of every start).
 */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.S3_BUCKET) {
    const { S3Storage } = await import('./s3-storage');
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
