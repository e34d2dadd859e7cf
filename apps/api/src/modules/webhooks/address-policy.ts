import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** One address a host name resolved to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (injected in tests to make a name resolve where a test needs it). */
export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/**
 * Whether an address is on the public internet. ipaddr.js names the special ranges of both families (private,
 * loopback, link-local, unique-local, carrier-grade NAT, multicast, unspecified, reserved, the IPv6 ranges that embed
 * an IPv4 address...); only plain `unicast` is public. An IPv4-mapped IPv6 address is judged as the IPv4 address it
 * carries, so `::ffff:127.0.0.1` is loopback. Decision 0774.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Decides whether the address may be reached; tests replace it to let one loopback address pass as public. */
export type AddressPolicy = (address: string) => boolean;

export class WebhookRefusal extends Error {}

/**
 * The addresses a URL's host resolves to, refused when any of them is not public (unless private addresses are
 * allowed): the caller connects to the first one, and only to it, so a second DNS answer cannot swap it.
 */
export async function resolveAllowed(
  host: string,
  options: { lookup: HostLookup; isAllowed: AddressPolicy },
): Promise<ResolvedAddress> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(bare)) {
    addresses = [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await options.lookup(bare);
    } catch {
      throw new WebhookRefusal(`the host ${bare} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new WebhookRefusal(`the host ${bare} could not be resolved`);
  const refused = addresses.find((entry) => !options.isAllowed(entry.address));
  if (refused)
    throw new WebhookRefusal(`the host ${bare} resolves to a non-public address (${refused.address})`);
  return addresses[0]!;
}
