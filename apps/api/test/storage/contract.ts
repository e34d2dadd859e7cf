import { afterAll, beforeAll, describe } from 'vitest';
import type { StorageHarness } from './contract-support';
import { multipartCases } from './contract-multipart';
import { objectCases } from './contract-objects';
import { signingCases } from './contract-signing';

export type { StorageHarness } from './contract-support';

/**
 * The S3 contract both adapters keep, exercised the way browsers use it: presigned URLs fetched over real HTTP.
 * One harness, started once, serves every group of cases (its beforeAll is declared first, so it runs first).
 */
export function storageContract(name: string, start: () => Promise<StorageHarness>) {
  describe(`${name}: the file storage contract`, () => {
    let h: StorageHarness;
    beforeAll(async () => {
      h = await start();
    });
    afterAll(() => h?.stop());

    objectCases(() => h);
    multipartCases(() => h);
    signingCases(() => h);
  });
}
