import { hkdfSync } from 'node:crypto';
import type { Config } from '../../../config';
import { resolveAuthSecret } from '../../../platform/crypto/secrets';

/** Independent keys for each use of the one auth secret, so a leak of one derived key exposes nothing else. */
export interface IdentityKeys {
  accessToken: Uint8Array;
  codes: Buffer;
  totpSecrets: Buffer;
  refreshChain: Buffer;
  signInUnlock: Buffer;
}

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'casting-identity', purpose, 32));
}

const cache = new WeakMap<Config, IdentityKeys>();

export function identityKeys(config: Config): IdentityKeys {
  let keys = cache.get(config);
  if (!keys) {
    const secret = resolveAuthSecret(config.AUTH_SECRET, config.dataDir);
    keys = {
      accessToken: new Uint8Array(derive(secret, 'access-token-hs256')),
      codes: derive(secret, 'one-time-code-hmac'),
      totpSecrets: derive(secret, 'totp-secret-aes-256-gcm'),
      refreshChain: derive(secret, 'refresh-token-successor-hmac'),
      signInUnlock: derive(secret, 'sign-in-unlock-hmac'),
    };
    cache.set(config, keys);
  }
  return keys;
}
