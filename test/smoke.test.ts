import { describe, expect, it } from 'vitest';
import { api, newUser } from './helpers.js';

describe('platform spine', () => {
  it('registers a user and reads them back through bridge → gateway → users subgraph', async () => {
    const u = await newUser({ name: 'Smoke' });
    const me = await api('GET', '/v1/users/me', { token: u.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ success: true, user: { id: u.id, email: u.email, name: 'Smoke' } });
  });
});
