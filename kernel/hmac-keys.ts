/** The HMAC keys of the platform's secrets, imported once for every signer and verifier (tokens, principals). */

/** The HMAC key of a secret, imported once (jose would import a raw secret again on every sign and verify). */
const keys = new Map<string, Promise<CryptoKey>>();
export function hmacKey(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, k);
  }
  return k;
}
