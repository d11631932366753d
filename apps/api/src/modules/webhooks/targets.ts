import dns from 'node:dns';
import net from 'node:net';
import { WEBHOOK_MSG } from '@kudo/shared';

/**
 * Where a webhook may point. Without WEBHOOKS_ALLOW_PRIVATE: https only, and a host whose every address is public —
 * checked when the webhook is made and again at each delivery, on the addresses the connection then uses (a name
 * that resolved to a public address yesterday may resolve to 127.0.0.1 today).
 */

/** Addresses a webhook never goes to: this host, private networks, link-local (cloud metadata), and the like. */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** An IPv4 address carried in an IPv6 one (::ffff:a.b.c.d, ::a.b.c.d), which reaches that IPv4 address. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|::)(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an IP address is one a webhook may go to. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return net.isIPv4(v4) && !blocked.check(v4, 'ipv4');
    return !blocked.check(address, 'ipv6');
  }
  return false;
}

/** Why a URL cannot be a webhook's target, as the field's message. */
export class TargetError extends Error {}

/** The URL's host as an address or a name, without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The form of the URL: http(s), no user name or password; https unless private targets are allowed. */
export function checkUrlForm(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetError(WEBHOOK_MSG.url);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TargetError(allowPrivate ? WEBHOOK_MSG.url : WEBHOOK_MSG.urlHttps);
  if (url.protocol === 'http:' && !allowPrivate) throw new TargetError(WEBHOOK_MSG.urlHttps);
  if (url.username || url.password) throw new TargetError(WEBHOOK_MSG.urlCredentials);
  if (!url.hostname) throw new TargetError(WEBHOOK_MSG.url);
  return url;
}

type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const lookupAll: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * The addresses the URL's host stands for, every one of them public (or anything, when private targets are
 * allowed). A host that cannot be resolved, or with any non-public address, is refused.
 */
export async function resolveTarget(url: URL, allowPrivate: boolean, lookup: LookupAll = lookupAll): Promise<{ address: string; family: number }[]> {
  const host = hostOf(url);
  const family = net.isIP(host);
  let addresses: { address: string; family: number }[];
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new TargetError(WEBHOOK_MSG.urlUnresolved);
    }
    if (addresses.length === 0) throw new TargetError(WEBHOOK_MSG.urlUnresolved);
  }
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw new TargetError(WEBHOOK_MSG.urlPrivate);
  return addresses;
}

/** Checks a URL a webhook is made with: its form and, unless private targets are allowed, its host's addresses. */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = checkUrlForm(raw, allowPrivate);
  await resolveTarget(url, allowPrivate);
  return url;
}

/**
 * A `lookup` for http(s).request that answers only with checked addresses: the connection goes to exactly the
 * addresses that passed, so a second resolution cannot swap in a private one.
 */
export function checkedLookup(url: URL, allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolveTarget(new URL(`${url.protocol}//${hostname.includes(':') ? `[${hostname}]` : hostname}`), allowPrivate).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(WEBHOOK_MSG.urlUnresolved), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (err: null, all: { address: string; family: number }[]) => void)(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: unknown) => callback(Object.assign(error instanceof Error ? error : new Error(String(error)), { code: 'EWEBHOOKTARGET' }), '', 0),
    );
  };
}
