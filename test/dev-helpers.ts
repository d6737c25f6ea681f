import { api, newUser, until, type ApiResponse, type TestUser } from './helpers.js';
import { accept, contextToken, DEVICE, gqlH, newOwner, setupProvider, uniqueName, type Owner } from './workspace-helpers.js';

/** Header set B (the DEV family's routes: developers and FAQs), bound to the test device. */
export const SET_B = (token: string): Record<string, string> => ({ 'X-Auth-Token': token, 'X-User-Agent': 'dev-e2e/1.0', 'X-Auth-Device': DEVICE });

/** One REST call with header set B. */
export const callB = <T = any>(method: string, path: string, token: string, body?: unknown): Promise<ApiResponse<T>> => api<T>(method, path, { body, headers: SET_B(token) });

/** One GraphQL call through the gateway with header set B. */
export const gqlB = <T = any>(query: string, variables: Record<string, unknown>, token: string) => gqlH<T>(query, variables, SET_B(token));

/** A workspace (new unless given) with a DEV provider and its OWNER's DEV context token. */
export interface DevProvider {
  owner: Owner;
  wid: string;
  code: string;
  /** The OWNER's DEV context token. */
  token: string;
}

export async function newDevProvider(owner?: Owner): Promise<DevProvider> {
  const o = owner ?? (await newOwner());
  const p = await setupProvider(o.token, o.wid, 'dev', { type: 'ENTERPRISE' });
  return { owner: o, wid: o.wid, code: p.code, token: await contextToken(o.token, o.wid, 'dev', p.code) };
}

/** Invites a developer from the DEV context `token` (REST, the platform's addition); returns `{token, invitation}`. */
export async function inviteDeveloper(dev: DevProvider, role: 'ADMIN' | 'DEVELOPER' = 'DEVELOPER', name = uniqueName('Dev'), token = dev.token) {
  const res = await callB('POST', `/v1/devs/${dev.code}/developers/invitations`, token, { phone: '+254722000000', name, operator: { role } });
  if (res.status !== 201) throw new Error(`invite developer failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { token: string; invitation: any };
}

export interface JoinedDeveloper {
  user: TestUser;
  name: string;
  /** Their DEV context token. */
  token: string;
  /** Their developer record (from the list). */
  record: any;
}

/** A new user who joins the DEV provider as a developer with `role`. */
export async function joinAsDeveloper(dev: DevProvider, role: 'ADMIN' | 'DEVELOPER' = 'DEVELOPER', user?: TestUser): Promise<JoinedDeveloper> {
  const name = uniqueName(role === 'ADMIN' ? 'DevAdmin' : 'Dev');
  const who = user ?? (await newUser({ name }));
  const inv = await inviteDeveloper(dev, role, name);
  await accept(who, inv.token);
  const token = await contextToken(who.accessToken, dev.wid, 'dev', dev.code);
  // listed once the acceptance's event is final: at once in one process, or after a transaction older than it, still
  // running on the server, ends (docs/dev.md "Acceptance"; CI's replicated run missed one once)
  const listed = (l: ApiResponse<any>) => (l.body.data as any[] | undefined)?.find((d) => d.userId === who.id);
  const list = await until(
    () => callB('GET', `/v1/devs/${dev.code}/developers?search=${encodeURIComponent(name)}`, dev.token),
    (l) => listed(l) !== undefined,
    5_000,
    50,
  );
  const record = listed(list);
  if (!record) throw new Error(`the developer is not listed: ${JSON.stringify(list.body)}`);
  return { user: who, name, token, record };
}

/** A FAQ create body. */
export const faqBody = (overrides: Record<string, unknown> = {}) => ({
  version: '1.0',
  question: `How do I track my parcel? ${uniqueName('q')}`,
  answer: 'Open the tracking page and enter the tracking code from your confirmation e-mail.',
  tags: ['tracking'],
  ...overrides,
});
