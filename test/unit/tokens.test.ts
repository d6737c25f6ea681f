import { describe, expect, it } from 'vitest';
import { hasJwtForm, randomSecret, signAccessToken, tokenType, verifyAccessToken } from '../../kernel/tokens.js';

const SECRET = 'unit-test-secret-of-at-least-32-characters';

/**
 * Platform tokens are compact JWS (RFC 7515 §7.1: three base64url parts joined by dots). A credential of another form
 * (an API key, a connector secret) is answered as no platform token without being handed to jose.
 */
describe('platform tokens: the compact form', () => {
  it('knows a compact JWS by its three base64url parts, and nothing else', () => {
    // the example JWS of RFC 7515 Appendix A.1
    expect(
      hasJwtForm('eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
    ).toBe(true);
    for (const other of ['', 'pk_live_abc', 'a.b', 'a.b.c.d', 'a..c', 'a.b.', '.b.c', 'a.b.c d', 'a.b.c\n', 'a+b.c.d', 'a/b.c.d']) expect(hasJwtForm(other), JSON.stringify(other)).toBe(false);
  });

  it('an API key or any other secret is no access token and has no type; a signed access token is both', async () => {
    const apiKey = `pk_${randomSecret()}`;
    expect(await verifyAccessToken(apiKey, SECRET)).toBeUndefined();
    expect(tokenType(apiKey)).toBeUndefined();
    const token = await signAccessToken({ userId: '00000000-0000-4000-8000-000000000001', sessionId: '00000000-0000-4000-8000-000000000002' }, SECRET, 900);
    expect(hasJwtForm(token)).toBe(true);
    expect(tokenType(token)).toBe('access');
    expect(await verifyAccessToken(token, SECRET)).toEqual({ userId: '00000000-0000-4000-8000-000000000001', sessionId: '00000000-0000-4000-8000-000000000002' });
    // the same token altered in its signature's form is refused
    expect(await verifyAccessToken(`${token}=`, SECRET)).toBeUndefined();
  });
});
