import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { requireApiKey, signBridgeCall, signServiceCall, verifyServiceCall, type Principal } from '../../kernel/principal.js';

/**
 * A family calling another through the graph (kernel/graph-client.ts, docs/architecture.md "How a family reaches
 * another"): the signed service call the gateway turns into a `service` principal, and what that principal may do.
 */
const SECRET = 'a-test-internal-secret-of-at-least-32-characters';
const CALLER = { family: 'pipelines', workspaceId: '0b7f6d2e-3c51-4a57-9a43-2b1f4a0c9e11', scopes: ['queries'] };

describe('service calls', () => {
  it('a signed call names its caller; the same with another secret, a bridge mark or garbage names none', async () => {
    expect(await verifyServiceCall(await signServiceCall(CALLER, SECRET), SECRET)).toEqual(CALLER);
    expect(await verifyServiceCall(await signServiceCall(CALLER, 'another-secret-of-at-least-32-characters!!'), SECRET)).toBeUndefined();
    expect(await verifyServiceCall(await signBridgeCall(SECRET), SECRET)).toBeUndefined();
    expect(await verifyServiceCall('not.a.token', SECRET)).toBeUndefined();
    expect(await verifyServiceCall(undefined, SECRET)).toBeUndefined();
  });

  it('a call older than 60 s names no caller', async () => {
    const key = new TextEncoder().encode(SECRET);
    const stale = await new SignJWT({ f: CALLER.family, w: CALLER.workspaceId, s: CALLER.scopes })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('platform-service')
      .setAudience('platform-gateway')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect(await verifyServiceCall(stale, SECRET)).toBeUndefined();
  });

  it('a service principal passes an API-key family it is granted, as service:<family> of its workspace, and no other', () => {
    const p: Principal = { kind: 'service', ...CALLER, client: {} };
    expect(requireApiKey(p, 'queries')).toMatchObject({ workspaceId: CALLER.workspaceId, keyId: 'service:pipelines' });
    expect(() => requireApiKey(p, 'utilities')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }) as Error);
  });
});
