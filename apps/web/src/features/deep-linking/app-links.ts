/**
 * The mobile apps' store pages and address scheme. They are set at build time (VITE_IOS_APP_STORE_URL,
 * VITE_ANDROID_PLAY_STORE_URL, VITE_MOBILE_APP_SCHEME); a store without an address is simply not offered, so a build
 * without apps never shows a dead store link.
 */
export interface AppLinks {
  iosStoreUrl: string | null;
  androidStoreUrl: string | null;
  /** The scheme an app address must use (e.g. "casting:"), so a crafted link cannot open another app. */
  scheme: string | null;
}

type Env = Record<string, string | undefined>;
const env: Env = (import.meta as ImportMeta & { env?: Env }).env ?? {};
const https = (value: string | undefined) => (value && /^https:\/\//.test(value) ? value : null);

export const APP_LINKS: AppLinks = {
  iosStoreUrl: https(env.VITE_IOS_APP_STORE_URL),
  androidStoreUrl: https(env.VITE_ANDROID_PLAY_STORE_URL),
  scheme: env.VITE_MOBILE_APP_SCHEME ? `${env.VITE_MOBILE_APP_SCHEME.replace(/:.*$/, '')}:` : null,
};
