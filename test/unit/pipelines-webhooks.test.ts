import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { embeddedIpv4, forbiddenAddress, hostAllowed, NO_ALLOW, parseAllowList, staticUrlProblem } from '../../kernel/webhooks/guard.js';
import { newSecret, SECRET_OVERLAP_MS, secretsInUse, signatureHeaders } from '../../kernel/webhooks/signature.js';
import { resolveTarget } from '../../kernel/webhooks/send.js';

// a name that resolves to a private address (DNS answered here, so the test needs no resolver): the guard checks
// every address a name resolves to
vi.mock('node:dns/promises', async (original) => {
  const real = await original<typeof import('node:dns/promises')>();
  const lookup = (host: string, options: object) =>
    host === 'hooks.example'
      ? Promise.resolve([
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.7', family: 4 },
        ])
      : real.lookup(host, options as never);
  return { ...real, default: { ...real, lookup }, lookup };
});

/**
 * The webhooks area's pure parts (docs/pipelines.md "WEBHOOK deliveries"): the SSRF guard (subgraphs/pipelines/webhooks/
 * guard.ts) and Standard Webhooks signing (signing.ts), checked against the `standardwebhooks` package's verifier.
 */

describe('forbiddenAddress: refused IPv4 ranges', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.10', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.45.6.7', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.5', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
  ])('%s is refused as %s', (ip, words) => {
    const reason = forbiddenAddress(ip, NO_ALLOW);
    expect(reason).toContain(ip);
    expect(reason).toContain(words);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '169.253.255.255', '11.0.0.1', '93.184.216.34'])(
    '%s (public, just outside a range) is allowed',
    (ip) => {
      expect(forbiddenAddress(ip, NO_ALLOW)).toBeUndefined();
    },
  );
});

describe('forbiddenAddress: IPv6', () => {
  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['[fe80::abcd]', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
  ])('%s is refused as %s', (ip, words) => {
    expect(forbiddenAddress(ip, NO_ALLOW)).toContain(words);
  });

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2400::1'])('%s (global unicast) is allowed', (ip) => {
    expect(forbiddenAddress(ip, NO_ALLOW)).toBeUndefined();
  });

  it('judges an IPv4 address carried inside an IPv6 one by the IPv4 address', () => {
    // ::ffff:7f00:1 is ::ffff:127.0.0.1 written in hex (0x7f = 127, 0x0001 = 0.1)
    expect(forbiddenAddress('::ffff:127.0.0.1', NO_ALLOW)).toContain('IPv4-mapped 127.0.0.1, a loopback');
    expect(forbiddenAddress('::ffff:7f00:1', NO_ALLOW)).toContain('IPv4-mapped 127.0.0.1, a loopback');
    expect(forbiddenAddress('::ffff:a9fe:a9fe', NO_ALLOW)).toContain('169.254.169.254, a link-local'); // a9fe = 169.254
    expect(forbiddenAddress('::ffff:10.1.2.3', NO_ALLOW)).toContain('private');
    expect(forbiddenAddress('::ffff:0.0.0.0', NO_ALLOW)).toContain('unspecified');
    expect(forbiddenAddress('64:ff9b::c0a8:101', NO_ALLOW)).toContain('NAT64 192.168.1.1'); // c0a8 = 192.168, 0101 = 1.1
    expect(forbiddenAddress('2002:7f00:1::1', NO_ALLOW)).toContain('6to4 127.0.0.1');
    expect(forbiddenAddress('::127.0.0.1', NO_ALLOW)).toContain('IPv4-compatible 127.0.0.1');
    // Teredo carries the client's address XOR 0xff: 0x3f,0xff,0xfd,0xd2 ^ 0xff = 192.0.2.45 (documentation)
    expect(forbiddenAddress('2001:0:4136:e378:8000:63bf:3fff:fdd2', NO_ALLOW)).toContain('Teredo 192.0.2.45');
    // a public IPv4 address mapped is public
    expect(forbiddenAddress('::ffff:8.8.8.8', NO_ALLOW)).toBeUndefined();
    expect(forbiddenAddress('64:ff9b::808:808', NO_ALLOW)).toBeUndefined(); // 0808:0808 = 8.8.8.8
  });

  it('reads the IPv4 address out of each carrying form', () => {
    expect(embeddedIpv4('::ffff:1.2.3.4')).toEqual({ v4: '1.2.3.4', how: 'IPv4-mapped' });
    expect(embeddedIpv4('0:0:0:0:0:ffff:0102:0304')).toEqual({ v4: '1.2.3.4', how: 'IPv4-mapped' });
    expect(embeddedIpv4('2002:0102:0304::')).toEqual({ v4: '1.2.3.4', how: '6to4' });
    expect(embeddedIpv4('::1')).toBeUndefined();
    expect(embeddedIpv4('2606:4700::1')).toBeUndefined();
  });

  it('refuses what is not an address', () => {
    expect(forbiddenAddress('example.com', NO_ALLOW)).toContain('not an IP address');
  });
});

describe('parseAllowList and the allow-list', () => {
  const allow = parseAllowList(' 127.0.0.1 , 10.0.0.0/8,::1, fd00::/8, Hooks.Internal., *.corp.example, 300.1.1.1/8, 10.0.0.0/33, bad host!, ');

  it('reads hosts, addresses and CIDR ranges, and keeps the entries it cannot read apart', () => {
    expect([...allow.hosts]).toEqual(['hooks.internal']);
    expect(allow.hostSuffixes).toEqual(['.corp.example']);
    expect(allow.invalid).toEqual(['300.1.1.1/8', '10.0.0.0/33', 'bad host!']);
    expect(parseAllowList('').invalid).toEqual([]);
  });

  it('lets an allowed address, range member or mapped form through, and nothing else', () => {
    expect(forbiddenAddress('127.0.0.1', allow)).toBeUndefined();
    expect(forbiddenAddress('127.0.0.2', allow)).toContain('loopback'); // only the one address was allowed
    expect(forbiddenAddress('10.200.3.4', allow)).toBeUndefined(); // inside 10.0.0.0/8
    expect(forbiddenAddress('192.168.0.1', allow)).toContain('private');
    expect(forbiddenAddress('::ffff:127.0.0.1', allow)).toBeUndefined(); // the mapped form of an allowed address
    expect(forbiddenAddress('::1', allow)).toBeUndefined();
    expect(forbiddenAddress('fd00::5', allow)).toBeUndefined(); // inside fd00::/8
    expect(forbiddenAddress('fc00::5', allow)).toContain('unique local'); // fc00::/8 is outside fd00::/8
  });

  it('lets a host on the list reach any address, and only that host (or names under a *. entry)', () => {
    expect(hostAllowed('hooks.internal', allow)).toBe(true);
    expect(hostAllowed('HOOKS.internal.', allow)).toBe(true);
    expect(hostAllowed('a.hooks.internal', allow)).toBe(false);
    expect(hostAllowed('x.corp.example', allow)).toBe(true);
    expect(hostAllowed('corp.example', allow)).toBe(false);
    expect(forbiddenAddress('192.168.9.9', allow, 'hooks.internal')).toBeUndefined();
    expect(forbiddenAddress('192.168.9.9', allow, 'evil.example')).toContain('private');
  });
});

describe('staticUrlProblem', () => {
  it.each([
    ['ftp://example.com/x', 'only http and https'],
    ['file:///etc/passwd', 'only http and https'],
    ['not a url', 'not a valid absolute URL'],
    ['http://user:pass@example.com/', 'credentials'],
    ['https://token@example.com/', 'credentials'],
    ['http://localhost:8080/', 'localhost'],
    ['http://api.localhost/', 'loopback host'],
    ['http://127.0.0.1:9000/hook', 'loopback'],
    ['http://[::1]/hook', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped 127.0.0.1'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    // the URL parser reads these spellings as 127.0.0.1 (decimal, hex, short forms)
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0/', 'unspecified'],
  ])('%s: %s', (url, words) => {
    expect(staticUrlProblem(url, NO_ALLOW)).toContain(words);
  });

  it('accepts public http(s) URLs and, when allowed, loopback ones', () => {
    expect(staticUrlProblem('https://hooks.example.com/x?y=1', NO_ALLOW)).toBeUndefined();
    expect(staticUrlProblem('http://93.184.216.34:8080/', NO_ALLOW)).toBeUndefined();
    expect(staticUrlProblem('http://127.0.0.1:9000/hook', parseAllowList('127.0.0.1'))).toBeUndefined();
    expect(staticUrlProblem('http://localhost:9000/hook', parseAllowList('localhost'))).toBeUndefined();
  });
});

describe('resolveTarget (no DNS for an IP literal)', () => {
  it('refuses a forbidden literal and pins an allowed one', async () => {
    expect(await resolveTarget(new URL('http://10.1.1.1/'), NO_ALLOW)).toMatchObject({ error: 'refused: the URL targets a forbidden address (10.1.1.1 is a private (RFC 1918) address)' });
    expect(await resolveTarget(new URL('http://127.0.0.1:5/'), parseAllowList('127.0.0.0/8'))).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolveTarget(new URL('http://[::1]:5/'), parseAllowList('::1'))).toEqual({ address: '::1', family: 6 });
  });

  it('refuses a name with a forbidden address among its records, in the same words as a literal (docs/pipelines.md)', async () => {
    expect(await resolveTarget(new URL('http://hooks.example/x'), NO_ALLOW)).toEqual({
      error: 'refused: the URL targets a forbidden address (hooks.example resolves to 10.0.0.7, 10.0.0.7 is a private (RFC 1918) address)',
    });
  });

  it('refuses localhost before any lookup', async () => {
    expect(await resolveTarget(new URL('http://localhost/'), NO_ALLOW)).toMatchObject({ error: 'refused: the URL targets localhost, a loopback host' });
  });
});

describe('Standard Webhooks signing', () => {
  const at = new Date('2026-11-26T12:00:00.000Z');
  const body = JSON.stringify({ orderId: 'o-1', total: 12.5 });

  it('makes secrets of the form whsec_ + base64 of 32 bytes', () => {
    const s = newSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/); // 32 bytes → 44 base64 characters, the last "="
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(newSecret()).not.toBe(s);
  });

  it('signs what the standardwebhooks verifier accepts, with the id and Unix-seconds timestamp given', () => {
    const secret = newSecret();
    const h = signatureHeaders([secret], 'exec-1:notify:1', at, body);
    expect(h['webhook-id']).toBe('exec-1:notify:1');
    expect(h['webhook-timestamp']).toBe('1795694400'); // 2026-11-26T12:00:00Z = 20,783 days × 86,400 s + 12 × 3,600 s
    // the signature is v1, + base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed by the secret's bytes
    const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`exec-1:notify:1.1795694400.${body}`)
      .digest('base64');
    expect(h['webhook-signature']).toBe(`v1,${expected}`);
    const wh = new Webhook(secret);
    const verifyAt = (headers: Record<string, string>) => {
      const realNow = Date.now;
      Date.now = () => at.getTime() + 10_000; // the verifier refuses a timestamp more than 5 minutes off its clock
      try {
        return wh.verify(body, headers);
      } finally {
        Date.now = realNow;
      }
    };
    expect(verifyAt(h)).toEqual({ orderId: 'o-1', total: 12.5 });
    expect(() => verifyAt({ ...h, 'webhook-id': 'exec-1:notify:2' })).toThrow(/signature/i);
    expect(() => new Webhook(newSecret()).verify(body, h)).toThrow();
  });

  it('carries one signature per secret in use, so a receiver with either secret verifies', () => {
    const older = newSecret();
    const newer = newSecret();
    const h = signatureHeaders([newer, older], 'm', at, body);
    expect(h['webhook-signature'].split(' ')).toHaveLength(2);
    const realNow = Date.now;
    Date.now = () => at.getTime();
    try {
      expect(new Webhook(older).verify(body, h)).toEqual({ orderId: 'o-1', total: 12.5 });
      expect(new Webhook(newer).verify(body, h)).toEqual({ orderId: 'o-1', total: 12.5 });
    } finally {
      Date.now = realNow;
    }
  });

  it('signs with the newest secret and each older one until 24 hours after it was replaced, newest first', () => {
    const t = at.getTime();
    const day = SECRET_OVERLAP_MS;
    // a rotation 60 s ago: the old secret (made 10 days ago) still signs beside the new one
    expect(
      secretsInUse(
        [
          { secret: 'old', createdAt: new Date(t - 10 * day) },
          { secret: 'new', createdAt: new Date(t - 60_000) },
        ],
        at,
      ),
    ).toEqual(['new', 'old']);
    // replaced exactly 24 h ago: still signs; replaced 24 h + 1 ms ago: dropped
    const rows = [
      { secret: 'a', createdAt: new Date(t - 30 * day) },
      { secret: 'b', createdAt: new Date(t - day - 1) }, // replaced a 24 h + 1 ms ago
      { secret: 'c', createdAt: new Date(t - day) }, // replaced b exactly 24 h ago
    ];
    expect(secretsInUse(rows, at)).toEqual(['c', 'b']);
    // the newest signs however old it is
    expect(secretsInUse([{ secret: 'old', createdAt: new Date(t - 10 * SECRET_OVERLAP_MS) }], at)).toEqual(['old']);
  });
});
