import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

/** The proxies whose X-Forwarded-For is believed (TRUST_PROXY): addresses and CIDR ranges. */
export type TrustedProxies = { entries: string[]; list: BlockList };

/** An IPv4 address as an IPv6 socket reports it (::ffff:10.0.0.1) is the IPv4 address. */
function plain(address: string): string {
  const trimmed = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

function family(address: string): 'ipv4' | 'ipv6' | null {
  const v = isIP(address);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null;
}

/** Parses TRUST_PROXY: a comma-separated list of addresses or CIDR ranges ('10.0.0.2,
 * 172.28.0.0/24, ::1'). Empty or unset: no proxy is trusted. A malformed entry stops the start
 * with its name, rather than silently trusting nothing or everything. */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (value ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const kind = family(plain(address));
    const prefix = bits === undefined ? null : Number(bits);
    const max = kind === 'ipv4' ? 32 : 128;
    if (!kind || extra !== undefined || (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max) ) || bits === '') {
      throw new Error(`TRUST_PROXY: entrada no válida «${entry}» (use direcciones IP o rangos CIDR separados por comas)`);
    }
    if (prefix === null) list.addAddress(plain(address), kind);
    else list.addSubnet(plain(address), prefix, kind);
  }
  return { entries, list };
}

function trusted(proxies: TrustedProxies, address: string): boolean {
  const kind = family(address);
  return kind !== null && proxies.entries.length > 0 && proxies.list.check(address, kind);
}

/**
 * The address a request comes from, for throttling and the session record. The socket's peer
 * address, unless that peer is a trusted proxy: then X-Forwarded-For is read from the right
 * (each proxy appends the address it received from), skipping trusted proxies, and the first
 * address no trusted proxy vouches for is the client. Without TRUST_PROXY the header is never
 * read, so a client cannot choose its own address by sending one.
 */
export function clientAddress(c: Context, proxies: TrustedProxies): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  let address = plain(incoming?.socket?.remoteAddress ?? '');
  if (!address) return 'desconocida';
  if (!trusted(proxies, address)) return address;
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map(plain).filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    address = forwarded[i];
    if (!trusted(proxies, address)) return address;
  }
  return address;
}
