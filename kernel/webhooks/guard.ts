import { BlockList, isIP } from 'node:net';

/**
 * The SSRF guard of WEBHOOK stages (docs/pipelines.md "WEBHOOK deliveries"): which addresses a webhook may reach.
 *
 * A webhook may not reach a private, loopback, link-local, unspecified, CGNAT, multicast, reserved or documentation
 * address (nor one of those inside an IPv6 address: IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) unless the
 * operator allowed it with PIPELINE_WEBHOOK_ALLOW (comma-separated hosts, IP addresses and CIDR ranges).
 */

/** The parsed PIPELINE_WEBHOOK_ALLOW. */
export interface AllowList {
  /** Host names allowed whatever they resolve to (lower case, no trailing dot); `*.example.com` allows subdomains. */
  hosts: ReadonlySet<string>;
  /** Suffixes (`.example.com`) from `*.example.com` entries. */
  hostSuffixes: readonly string[];
  /** Addresses and ranges allowed although forbidden by default. */
  blocks: BlockList;
  /** Entries that are neither a host name, an address nor a valid CIDR (ignored; reported so start-up can warn). */
  invalid: readonly string[];
}

/** An empty allow-list (nothing forbidden is allowed). */
export const NO_ALLOW: AllowList = parseAllowList('');

const HOST_RE = /^(?=.{1,253}$)(?!-)[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63})*$/;

/** Parses PIPELINE_WEBHOOK_ALLOW: `127.0.0.1, 10.0.0.0/8, ::1, fd00::/8, hooks.internal, *.corp.example`. */
export function parseAllowList(text: string): AllowList {
  const hosts = new Set<string>();
  const hostSuffixes: string[] = [];
  const blocks = new BlockList();
  const invalid: string[] = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const addr = stripBrackets(entry.slice(0, slash));
      const prefixText = entry.slice(slash + 1);
      const family = isIP(addr);
      const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
      if (family === 0 || !Number.isInteger(prefix) || prefix > (family === 4 ? 32 : 128)) {
        invalid.push(raw.trim());
        continue;
      }
      blocks.addSubnet(addr, prefix, family === 4 ? 'ipv4' : 'ipv6');
      continue;
    }
    const addr = stripBrackets(entry);
    const family = isIP(addr);
    if (family) {
      blocks.addAddress(addr, family === 4 ? 'ipv4' : 'ipv6');
      continue;
    }
    const host = entry.replace(/\.$/, '');
    if (host.startsWith('*.') && HOST_RE.test(host.slice(2))) {
      hostSuffixes.push(host.slice(1));
    } else if (HOST_RE.test(host)) {
      hosts.add(host);
    } else {
      invalid.push(raw.trim());
    }
  }
  return { hosts, hostSuffixes, blocks, invalid };
}

/** Whether the allow-list names this host (exactly, or under a `*.` entry). */
export function hostAllowed(host: string, allow: AllowList): boolean {
  const h = stripBrackets(host.trim().toLowerCase()).replace(/\.$/, '');
  if (!h) return false;
  if (allow.hosts.has(h)) return true;
  return allow.hostSuffixes.some((suffix) => h.endsWith(suffix) && h.length > suffix.length);
}

interface Range {
  cidr: string;
  reason: string;
}

/** Forbidden IPv4 ranges (IANA special-purpose registry), each with the words of the refusal. */
const V4_RANGES: Range[] = [
  { cidr: '0.0.0.0/32', reason: 'unspecified' },
  { cidr: '0.0.0.0/8', reason: '"this network" (reserved)' },
  { cidr: '10.0.0.0/8', reason: 'private (RFC 1918)' },
  { cidr: '100.64.0.0/10', reason: 'shared/CGNAT (RFC 6598)' },
  { cidr: '127.0.0.0/8', reason: 'loopback' },
  { cidr: '169.254.0.0/16', reason: 'link-local' },
  { cidr: '172.16.0.0/12', reason: 'private (RFC 1918)' },
  { cidr: '192.0.0.0/24', reason: 'IETF protocol assignment (reserved)' },
  { cidr: '192.0.2.0/24', reason: 'documentation (reserved)' },
  { cidr: '192.88.99.0/24', reason: '6to4 relay anycast (reserved)' },
  { cidr: '192.168.0.0/16', reason: 'private (RFC 1918)' },
  { cidr: '198.18.0.0/15', reason: 'benchmarking (reserved)' },
  { cidr: '198.51.100.0/24', reason: 'documentation (reserved)' },
  { cidr: '203.0.113.0/24', reason: 'documentation (reserved)' },
  { cidr: '224.0.0.0/4', reason: 'multicast' },
  { cidr: '255.255.255.255/32', reason: 'broadcast' },
  { cidr: '240.0.0.0/4', reason: 'reserved (240.0.0.0/4)' },
];

/** Forbidden IPv6 ranges (addresses with an IPv4 address inside are judged by that address first). */
const V6_RANGES: Range[] = [
  { cidr: '::/128', reason: 'unspecified' },
  { cidr: '::1/128', reason: 'loopback' },
  { cidr: 'fe80::/10', reason: 'link-local' },
  { cidr: 'fec0::/10', reason: 'site-local (deprecated, private)' },
  { cidr: 'fc00::/7', reason: 'unique local (private)' },
  { cidr: 'ff00::/8', reason: 'multicast' },
  { cidr: '100::/64', reason: 'discard-only (reserved)' },
  { cidr: '2001:db8::/32', reason: 'documentation (reserved)' },
  { cidr: '2001:10::/28', reason: 'ORCHID (reserved)' },
  { cidr: '2001:20::/28', reason: 'ORCHIDv2 (reserved)' },
  { cidr: '::/96', reason: 'IPv4-compatible (deprecated)' },
];

function compile(ranges: Range[], type: 'ipv4' | 'ipv6'): { list: BlockList; range: Range }[] {
  return ranges.map((range) => {
    const [addr, prefix] = range.cidr.split('/');
    const list = new BlockList();
    list.addSubnet(addr, Number(prefix), type);
    return { list, range };
  });
}
const V4 = compile(V4_RANGES, 'ipv4');
const V6 = compile(V6_RANGES, 'ipv6');

function stripBrackets(s: string): string {
  return s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1) : s;
}

/** The 16 bytes of an IPv6 address (valid per `isIP`, zone id already removed). */
export function ipv6Bytes(ip: string): number[] {
  let text = ip.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    tail.push(...dotted[1].split('.').map(Number));
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith('::')) text += '';
    else if (text.endsWith(':')) text = text.slice(0, -1);
  }
  const [headText, tailText] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []);
  const head = groups(headText);
  const rest = groups(tailText);
  const missing = 8 - tail.length / 2 - head.length - rest.length;
  const all = tailText === undefined ? head : [...head, ...Array<string>(missing).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of all) {
    const n = parseInt(g, 16);
    bytes.push((n >> 8) & 0xff, n & 0xff);
  }
  bytes.push(...tail);
  return bytes;
}

/** The IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4, Teredo), with how it is carried. */
export function embeddedIpv4(ip: string): { v4: string; how: string } | undefined {
  const b = ipv6Bytes(ip);
  if (b.length !== 16) return undefined;
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const quad = (arr: number[]) => arr.join('.');
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return { v4: quad(b.slice(12)), how: 'IPv4-mapped' };
  // IPv4-compatible (::a.b.c.d), except :: and ::1, which are judged as IPv6.
  if (zero(0, 12) && !(zero(12, 15) && (b[15] === 0 || b[15] === 1))) return { v4: quad(b.slice(12)), how: 'IPv4-compatible' };
  // NAT64 well-known prefix 64:ff9b::/96 and local-use 64:ff9b:1::/48.
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) {
    if (zero(4, 12)) return { v4: quad(b.slice(12)), how: 'NAT64' };
    if (b[4] === 0x00 && b[5] === 0x01) return { v4: quad(b.slice(12)), how: 'NAT64 (local-use)' };
  }
  if (b[0] === 0x20 && b[1] === 0x02) return { v4: quad(b.slice(2, 6)), how: '6to4' };
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) {
    return { v4: quad(b.slice(12).map((x) => x ^ 0xff)), how: 'Teredo' };
  }
  return undefined;
}

function an(words: string): string {
  return /^[aeiou]/i.test(words) ? `an ${words}` : `a ${words}`;
}

function v4Reason(ip: string): string | undefined {
  return V4.find(({ list }) => list.check(ip, 'ipv4'))?.range.reason;
}

/**
 * Why a webhook may not connect to `ip` (an IPv4 or IPv6 address, brackets and zone id allowed), or undefined when it
 * may. `host` is the name the address was resolved from: a host on the allow-list may reach any address.
 */
export function forbiddenAddress(ip: string, allow: AllowList, host?: string): string | undefined {
  if (host && hostAllowed(host, allow)) return undefined;
  const addr = stripBrackets(ip.trim()).replace(/%.*$/, '');
  const family = isIP(addr);
  if (family === 0) return `${ip} is not an IP address`;
  if (family === 4) {
    if (allow.blocks.check(addr, 'ipv4')) return undefined;
    const reason = v4Reason(addr);
    return reason ? `${addr} is ${an(reason)} address` : undefined;
  }
  if (allow.blocks.check(addr, 'ipv6')) return undefined;
  const inner = embeddedIpv4(addr);
  if (inner) {
    if (allow.blocks.check(inner.v4, 'ipv4')) return undefined;
    const reason = v4Reason(inner.v4);
    if (reason) return `${addr} is ${inner.how} ${inner.v4}, ${an(reason)} address`;
    if (inner.how === 'IPv4-compatible') return `${addr} is an IPv4-compatible (deprecated) address`;
    return undefined;
  }
  const reason = V6.find(({ list }) => list.check(addr, 'ipv6'))?.range.reason;
  return reason ? `${addr} is ${an(reason)} address` : undefined;
}

/**
 * What is wrong with a webhook URL before any DNS lookup, or undefined: not http(s), credentials in the URL, a
 * forbidden literal IP address, or `localhost` (and `*.localhost`) not on the allow-list. Resolved addresses are
 * checked again at delivery (`forbiddenAddress`).
 */
export function staticUrlProblem(url: string, allow: AllowList): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a valid absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `uses ${parsed.protocol.replace(/:$/, '')}; only http and https are allowed`;
  if (parsed.username || parsed.password) return 'contains credentials (user:password@); send them in a header instead';
  const host = stripBrackets(parsed.hostname).toLowerCase().replace(/\.$/, '');
  if (!host) return 'has no host';
  if (hostAllowed(host, allow)) return undefined;
  if (isIP(host)) {
    const reason = forbiddenAddress(host, allow);
    return reason ? `targets a forbidden address (${reason})` : undefined;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return `targets ${host}, a loopback host`;
  return undefined;
}
