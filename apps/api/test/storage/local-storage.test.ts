import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { LocalStorage } from '../../src/platform/storage';
import { buildTestApp } from '../support/app';
import { storageContract } from './contract';

// The embedded adapter, its signed URLs served by the real app listening on a loopback port.
storageContract('local adapter served by the API', async () => {
  const t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const served = t.context.storage as LocalStorage;
  const options = {
    root: path.join(t.context.config.dataDir, 'files'),
    secret: served.secret,
    baseUrl: `http://127.0.0.1:${port}`,
  };
  return {
    storage: new LocalStorage(options),
    lateSigner: new LocalStorage({ ...options, now: () => new Date(Date.now() - 2 * 3600_000) }),
    stop: () => t.close(),
  };
});
