/**
 * Browsers send the page's origin with a websocket handshake but apply no same-origin rule to it, so without this
 * check any site could open the channel with a token it obtained. Only pages served from PUBLIC_URL may connect.
 */
export function isAllowedOrigin(origin: string | undefined, publicUrl: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
