import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { S3Storage } from '../../src/platform/storage/s3-storage';
import { storageContract } from './contract';

// A real S3 protocol server on loopback (s3rver, from npm): presigned URLs are checked by its own signature V4
// verification, not by ours. s3rver accepts the fixed credentials S3RVER/S3RVER.
const BUCKET = 'casting-test';

storageContract('S3 adapter against s3rver', async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const options = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const storage = new S3Storage(options);
  const lateSigner = new S3Storage({ ...options, now: () => new Date(Date.now() - 2 * 3600_000) });
  return {
    storage,
    lateSigner,
    partEtag: (bytes) => `"${createHash('md5').update(bytes).digest('hex')}"`,
    // s3rver's gaps against S3, each checked against the local adapter instead (and by S3 itself in production).
    peerLacks: {
      listParts: true,
      abort: true,
      partMinimum: true,
      partEtagCheck: true,
      suffixRange: true,
      rfc3986Query: true,
    },
    async stop() {
      storage.close();
      lateSigner.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
});
