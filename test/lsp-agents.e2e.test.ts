import { beforeAll, describe, expect, it } from 'vitest';
import {
  UUID_RE,
  acceptAgent,
  addVehicle,
  api,
  callA,
  gqlH,
  createFleet,
  cspOf,
  expectRecord,
  fails,
  inviteAgent,
  memberAs,
  newAgent,
  newLsp,
  newUser,
  ok,
  okList,
  randomUUID,
  setA,
  uniqueName,
  type Lsp,
} from './lsp-helpers.js';

/**
 * LSP agents (`/v1/lsp/agents…`): how agents come in (invitation accepted by a user), reading, updating, vehicle
 * assignments with their owner rule, removal; credentials and roles.
 */

const AGENTS = '/v1/lsp/agents';

describe('agent invitations', () => {
  let lsp: Lsp;
  beforeAll(async () => {
    lsp = await newLsp();
  });

  it('an invitation (201) returns a one-time token and the PENDING invitation', async () => {
    const res = await lsp.call('POST', `${AGENTS}/invitations`, { name: 'Jane Rider', phone: '+254712345678' });
    const data = ok(res, 201);
    expect(data.token).toMatch(/^agt_[A-Za-z0-9_-]{20,}$/);
    expect(data.invitation).toMatchObject({ id: expect.stringMatching(UUID_RE), name: 'Jane Rider', phone: '+254712345678', status: 'PENDING' });
    const expires = new Date(data.invitation.expiresAt).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 24 * 3600_000);
    const again = ok(await lsp.call('POST', `${AGENTS}/invitations`, { name: 'Jane Rider' }), 201);
    expect(again.token).not.toBe(data.token);
    expect(again.invitation.phone).toBeNull();
  });

  it('validates the invitation body (400 naming the field)', async () => {
    fails(await lsp.call('POST', `${AGENTS}/invitations`, {}), 'VALIDATION_ERROR', 'name');
    fails(await lsp.call('POST', `${AGENTS}/invitations`, { name: '' }), 'VALIDATION_ERROR', 'name');
    fails(await lsp.call('POST', `${AGENTS}/invitations`, { name: 'X', phone: '0712345678' }), 'VALIDATION_ERROR', 'phone');
    fails(await lsp.call('POST', `${AGENTS}/invitations`, { name: 'X', email: 'x@example.test' }), 'VALIDATION_ERROR', 'email');
    fails(await api('POST', `${AGENTS}/invitations`, { headers: { ...setA(lsp.token), 'content-type': 'application/json' }, body: '{"name":' }), 'VALIDATION_ERROR', 'body');
  });

  it("a user accepts with their own token (201): an ACTIVE agent with the invitation's name and phone; the token is spent", async () => {
    const from = Date.now();
    const user = await newUser({ name: 'Agent Smith' });
    const inv = await inviteAgent(lsp, { name: 'Agent Smith', phone: '+254733000111' });
    const res = await acceptAgent(user, inv.token);
    const agent = ok(res, 201);
    expectRecord(agent, lsp, { userId: user.id, from });
    expect(agent).toMatchObject({ userId: user.id, name: 'Agent Smith', phone: '+254733000111', status: 'ACTIVE', bio: null, licenseNumber: null });
    expect(ok(await lsp.call('GET', `${AGENTS}/${agent.id}`))).toEqual(agent);
    expect(okList(await lsp.call('GET', `${AGENTS}?limit=100`), 1, 100).map((a) => a.id)).toContain(agent.id);

    // accepting again (spent token) is 404; another user cannot use it either
    fails(await acceptAgent(user, inv.token), 'NOT_FOUND');
    fails(await acceptAgent(await newUser(), inv.token), 'NOT_FOUND');
  });

  it('an unknown or malformed token is 404; a missing token is 400; a provider-context token cannot accept (401)', async () => {
    const user = await newUser();
    fails(await acceptAgent(user, `agt_${'x'.repeat(32)}`), 'NOT_FOUND');
    fails(await acceptAgent(user, 'not-a-token'), 'NOT_FOUND');
    fails(await callA('POST', `${AGENTS}/invitations/accept`, user.accessToken, {}), 'VALIDATION_ERROR', 'token');
    const inv = await inviteAgent(lsp);
    fails(await callA('POST', `${AGENTS}/invitations/accept`, lsp.token, { token: inv.token }), 'UNAUTHORIZED');
    fails(await api('POST', `${AGENTS}/invitations/accept`, { body: { token: inv.token } }), 'UNAUTHORIZED');
    // the invitation is still usable by a user
    ok(await acceptAgent(user, inv.token), 201);
  });

  it('a user who is already an agent of the LSP gets 409 on another invitation, which stays usable by someone else', async () => {
    const { user, agent } = await newAgent(lsp);
    const second = await inviteAgent(lsp);
    fails(await acceptAgent(user, second.token), 'CONFLICT');
    const agents = okList(await lsp.call('GET', `${AGENTS}?limit=100`), 1, 100);
    expect(agents.filter((a) => a.userId === user.id).map((a) => a.id)).toEqual([agent.id]);
    const other = await newUser();
    const otherAgent = ok(await acceptAgent(other, second.token), 201);
    expect(otherAgent.userId).toBe(other.id);
  });

  it('the same user may be an agent of two LSPs', async () => {
    const { user } = await newAgent(lsp);
    const another = await newLsp();
    const inv = await inviteAgent(another);
    const agent = ok(await acceptAgent(user, inv.token), 201);
    expect(agent.workspace).toEqual({ type: 'LSP', icode: another.code });
    expect(okList(await another.call('GET', AGENTS)).map((a) => a.userId)).toEqual([user.id]);
  });
});

describe('agents', () => {
  let lsp: Lsp;
  beforeAll(async () => {
    lsp = await newLsp();
  });

  it("lists the LSP's agents with pagination", async () => {
    const own = await newLsp();
    const a = await newAgent(own);
    const b = await newAgent(own);
    const first = await own.call('GET', AGENTS);
    const all = okList(first, 1, 20, 2);
    expect(all.map((x) => x.id).sort()).toEqual([a.agent.id, b.agent.id].sort());
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1, hasNext: false, hasPrevious: false });
    const p1 = await own.call('GET', `${AGENTS}?limit=1&page=1`);
    const p2 = await own.call('GET', `${AGENTS}?limit=1&page=2`);
    const paged = [...okList(p1, 1, 1, 2), ...okList(p2, 2, 1, 2)];
    expect(paged.map((x) => x.id).sort()).toEqual([a.agent.id, b.agent.id].sort());
    expect(p2.body.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2, hasNext: false, hasPrevious: true });
    fails(await own.call('GET', `${AGENTS}?limit=500`), 'VALIDATION_ERROR', 'limit');
  });

  it('GET without verbose has no `vehicles` key; with verbose=1 it has the (empty) list; a bad verbose is 400', async () => {
    const { agent } = await newAgent(lsp);
    const plain = ok(await lsp.call('GET', `${AGENTS}/${agent.id}`));
    expect(plain).not.toHaveProperty('vehicles');
    const verbose = ok(await lsp.call('GET', `${AGENTS}/${agent.id}?verbose=1`));
    expect(verbose.vehicles).toEqual([]);
    expect({ ...verbose, vehicles: undefined }).toEqual({ ...plain, vehicles: undefined });
    expect(ok(await lsp.call('GET', `${AGENTS}/${agent.id}?verbose=true`)).vehicles).toEqual([]);
    expect(ok(await lsp.call('GET', `${AGENTS}/${agent.id}?verbose=0`))).not.toHaveProperty('vehicles');
    fails(await lsp.call('GET', `${AGENTS}/${agent.id}?verbose=yes`), 'VALIDATION_ERROR', 'verbose');
    fails(await lsp.call('GET', `${AGENTS}/${randomUUID()}`), 'NOT_FOUND');
    fails(await lsp.call('GET', `${AGENTS}/nope`), 'NOT_FOUND');
  });

  it('PATCH updates name, phone, status, bio and licence number; only `updated` moves; invalid values are 400', async () => {
    const { agent } = await newAgent(lsp);
    await new Promise((r) => setTimeout(r, 15));
    const change = { name: 'Renamed Agent', phone: '+256772000000', status: 'SUSPENDED', bio: 'Night shifts', licenseNumber: 'DL-12345' };
    const updated = ok(await lsp.call('PATCH', `${AGENTS}/${agent.id}`, change));
    expect(updated).toMatchObject({ id: agent.id, userId: agent.userId, ...change });
    expect(updated.added).toEqual(agent.added);
    expect(updated.updated.by).toBe(lsp.userId);
    expect(updated.updated.at.timestamp).toBeGreaterThan(agent.updated.at.timestamp);
    expect(ok(await lsp.call('GET', `${AGENTS}/${agent.id}`))).toEqual(updated);

    const off = ok(await lsp.call('PATCH', `${AGENTS}/${agent.id}`, { status: 'OFF_DUTY' }));
    expect(off).toMatchObject({ ...change, status: 'OFF_DUTY' });

    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'FIRED' }, 'status'],
      [{ phone: '12345' }, 'phone'],
      [{ name: '' }, 'name'],
      [{ licenseNumber: '!' }, 'licenseNumber'],
      [{ bio: 'b'.repeat(501) }, 'bio'],
      [{ userId: randomUUID() }, 'userId'],
    ];
    for (const [body, field] of cases) fails(await lsp.call('PATCH', `${AGENTS}/${agent.id}`, body), 'VALIDATION_ERROR', field);
    expect(ok(await lsp.call('GET', `${AGENTS}/${agent.id}`))).toEqual(off);
    fails(await lsp.call('PATCH', `${AGENTS}/${randomUUID()}`, { status: 'ACTIVE' }), 'NOT_FOUND');
  });

  it('deletes an agent: data.deleted, then 404, gone from the list; the user can be invited again', async () => {
    const { user, agent } = await newAgent(lsp);
    expect(ok(await lsp.call('DELETE', `${AGENTS}/${agent.id}`))).toEqual({ deleted: true });
    fails(await lsp.call('GET', `${AGENTS}/${agent.id}`), 'NOT_FOUND');
    fails(await lsp.call('PATCH', `${AGENTS}/${agent.id}`, { status: 'ACTIVE' }), 'NOT_FOUND');
    fails(await lsp.call('DELETE', `${AGENTS}/${agent.id}`), 'NOT_FOUND');
    expect(okList(await lsp.call('GET', `${AGENTS}?limit=100`), 1, 100).map((a) => a.id)).not.toContain(agent.id);
    const inv = await inviteAgent(lsp);
    const back = ok(await acceptAgent(user, inv.token), 201);
    expect(back.id).not.toBe(agent.id);
    expect(back.userId).toBe(user.id);
  });
});

describe('agent vehicle assignments', () => {
  let lsp: Lsp;
  let fleet: any;
  beforeAll(async () => {
    lsp = await newLsp();
    fleet = await createFleet(lsp, { type: 'LAST_MILE', timezone: 'Africa/Nairobi' });
  });
  const assign = (l: Lsp, id: string, body: unknown) => l.call('PUT', `${AGENTS}/${id}/vehicle/assign`, body);
  const unassign = (l: Lsp, id: string, body: unknown) => l.call('PATCH', `${AGENTS}/${id}/vehicle/unassign`, body);
  const verbose = async (l: Lsp, id: string) => ok(await l.call('GET', `${AGENTS}/${id}?verbose=1`)).vehicles as any[];

  it('assigns a vehicle with terms and ownership; verbose shows it with the vehicle and its fleet', async () => {
    const { agent } = await newAgent(lsp);
    const v = await addVehicle(lsp, fleet.id);
    const from = Date.now();
    const a = ok(await assign(lsp, agent.id, { vid: v.id, terms: ['Weekdays only', '70/30 split'], isOwner: true }));
    expect(a).toEqual({ vid: v.id, terms: ['Weekdays only', '70/30 split'], isOwner: true, added: { at: { timestamp: expect.any(Number), timezone: 'UTC' }, by: lsp.userId } });
    expect(a.added.at.timestamp).toBeGreaterThanOrEqual(from - 2000);

    const list = await verbose(lsp, agent.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ vid: v.id, terms: ['Weekdays only', '70/30 split'], isOwner: true });
    expect(list[0].vehicle).toMatchObject({ id: v.id, fleetId: fleet.id, type: v.type, specs: v.specs, workspace: { type: 'LSP', icode: lsp.code } });
    expect(list[0].fleet).toEqual({ id: fleet.id, code: fleet.code, name: fleet.name, type: 'LAST_MILE' });
  });

  it('assigning the same vehicle again updates the terms (no second entry)', async () => {
    const { agent } = await newAgent(lsp);
    const v = await addVehicle(lsp, fleet.id);
    ok(await assign(lsp, agent.id, { vid: v.id, terms: ['first'], isOwner: false }));
    const again = ok(await assign(lsp, agent.id, { vid: v.id, terms: ['second', 'third'], isOwner: false }));
    expect(again).toMatchObject({ vid: v.id, terms: ['second', 'third'], isOwner: false });
    const list = await verbose(lsp, agent.id);
    expect(list.map((x) => [x.vid, x.terms])).toEqual([[v.id, ['second', 'third']]]);
  });

  it('a vehicle has at most one owner-agent: a second owner is 409 (field isOwner); a non-owner assignment is fine', async () => {
    const owner = await newAgent(lsp);
    const other = await newAgent(lsp);
    const v = await addVehicle(lsp, fleet.id);
    ok(await assign(lsp, owner.agent.id, { vid: v.id, terms: [], isOwner: true }));
    fails(await assign(lsp, other.agent.id, { vid: v.id, terms: ['wants to own'], isOwner: true }), 'CONFLICT', 'isOwner');
    expect(await verbose(lsp, other.agent.id)).toEqual([]);
    const shared = ok(await assign(lsp, other.agent.id, { vid: v.id, terms: ['driver'], isOwner: false }));
    expect(shared.isOwner).toBe(false);
    // the owner re-assigning themselves as owner is not a conflict
    expect(ok(await assign(lsp, owner.agent.id, { vid: v.id, terms: ['owner terms'], isOwner: true })).terms).toEqual(['owner terms']);
    // promoting the non-owner while the owner holds it is 409
    fails(await assign(lsp, other.agent.id, { vid: v.id, terms: ['driver'], isOwner: true }), 'CONFLICT', 'isOwner');
    expect((await verbose(lsp, other.agent.id))[0]).toMatchObject({ vid: v.id, isOwner: false });
  });

  it('an unknown, malformed or missing vid is 404/400; an unknown agent is 404; bad terms are 400', async () => {
    const { agent } = await newAgent(lsp);
    const v = await addVehicle(lsp, fleet.id);
    fails(await assign(lsp, agent.id, { vid: randomUUID(), terms: [] }), 'NOT_FOUND');
    fails(await assign(lsp, agent.id, { vid: 'vehicle-1', terms: [] }), 'NOT_FOUND');
    fails(await assign(lsp, agent.id, { terms: [] }), 'VALIDATION_ERROR', 'vid');
    fails(await assign(lsp, agent.id, { vid: v.id, terms: [123] }), 'VALIDATION_ERROR', /^terms/);
    fails(await assign(lsp, agent.id, { vid: v.id, terms: [''] }), 'VALIDATION_ERROR', 'terms');
    fails(await assign(lsp, agent.id, { vid: v.id, isOwner: 'yes' }), 'VALIDATION_ERROR', 'isOwner');
    fails(await assign(lsp, agent.id, { vid: v.id, role: 'driver' }), 'VALIDATION_ERROR', 'role');
    fails(await assign(lsp, randomUUID(), { vid: v.id, terms: [] }), 'NOT_FOUND');
    expect(await verbose(lsp, agent.id)).toEqual([]);
  });

  it('unassigns a vehicle ({vid}); unassigning it again is 404; a missing vid is 400', async () => {
    const { agent } = await newAgent(lsp);
    const v1 = await addVehicle(lsp, fleet.id);
    const v2 = await addVehicle(lsp, fleet.id);
    ok(await assign(lsp, agent.id, { vid: v1.id, terms: ['a'], isOwner: true }));
    ok(await assign(lsp, agent.id, { vid: v2.id, terms: ['b'], isOwner: false }));
    expect((await verbose(lsp, agent.id)).map((x) => x.vid).sort()).toEqual([v1.id, v2.id].sort());

    const res = ok(await unassign(lsp, agent.id, { vid: v1.id }));
    expect(res.id).toBe(agent.id);
    expect(res).not.toHaveProperty('vehicles');
    expect((await verbose(lsp, agent.id)).map((x) => x.vid)).toEqual([v2.id]);
    fails(await unassign(lsp, agent.id, { vid: v1.id }), 'NOT_FOUND');
    fails(await unassign(lsp, agent.id, { vid: randomUUID() }), 'NOT_FOUND');
    fails(await unassign(lsp, agent.id, {}), 'VALIDATION_ERROR', 'vid');
    fails(await unassign(lsp, randomUUID(), { vid: v2.id }), 'NOT_FOUND');
    expect((await verbose(lsp, agent.id)).map((x) => x.vid)).toEqual([v2.id]);
  });

  it('unknown body fields are 400 on assign, unassign and accept (bodies are strict), and nothing happens', async () => {
    const { agent } = await newAgent(lsp);
    const v = await addVehicle(lsp, fleet.id);
    fails(await assign(lsp, agent.id, { vid: v.id, terms: [], isOwner: false, priority: 1 }), 'VALIDATION_ERROR', 'priority');
    expect(await verbose(lsp, agent.id)).toEqual([]);
    ok(await assign(lsp, agent.id, { vid: v.id, terms: [], isOwner: false }));
    const user = await newUser();
    const inv = await inviteAgent(lsp);
    const answers = [];
    const un = await unassign(lsp, agent.id, { vid: v.id, reason: 'sold' });
    answers.push({ route: 'unassign', status: un.status, field: un.body.field });
    const acc = await callA('POST', `${AGENTS}/invitations/accept`, user.accessToken, { token: inv.token, name: 'Someone else' });
    answers.push({ route: 'accept', status: acc.status, field: acc.body.field });
    expect(answers).toEqual([
      { route: 'unassign', status: 400, field: 'reason' },
      { route: 'accept', status: 400, field: 'name' },
    ]);
    expect((await verbose(lsp, agent.id)).map((x) => x.vid)).toEqual([v.id]);
    expect(okList(await lsp.call('GET', `${AGENTS}?limit=100`), 1, 100).map((a) => a.userId)).not.toContain(user.id);
  });

  it('after the owner-agent is unassigned, another agent may become the owner', async () => {
    const first = await newAgent(lsp);
    const second = await newAgent(lsp);
    const v = await addVehicle(lsp, fleet.id);
    ok(await assign(lsp, first.agent.id, { vid: v.id, terms: [], isOwner: true }));
    ok(await unassign(lsp, first.agent.id, { vid: v.id }));
    const now = ok(await assign(lsp, second.agent.id, { vid: v.id, terms: ['new owner'], isOwner: true }));
    expect(now).toMatchObject({ vid: v.id, isOwner: true });
  });

  it('deleting the vehicle, or its fleet, removes its assignments', async () => {
    const { agent } = await newAgent(lsp);
    const own = await createFleet(lsp);
    const a = await addVehicle(lsp, own.id);
    const b = await addVehicle(lsp, fleet.id);
    ok(await assign(lsp, agent.id, { vid: a.id, terms: [], isOwner: true }));
    ok(await assign(lsp, agent.id, { vid: b.id, terms: [], isOwner: true }));
    ok(await lsp.call('DELETE', `/v1/lsp/fleets/${fleet.id}/vehicles/${b.id}`));
    expect((await verbose(lsp, agent.id)).map((x) => x.vid)).toEqual([a.id]);
    ok(await lsp.call('DELETE', `/v1/lsp/fleets/${own.id}`));
    expect(await verbose(lsp, agent.id)).toEqual([]);
  });

  it('deleting an agent frees the vehicle for a new owner-agent', async () => {
    const first = await newAgent(lsp);
    const second = await newAgent(lsp);
    const v = await addVehicle(lsp, fleet.id);
    ok(await assign(lsp, first.agent.id, { vid: v.id, terms: [], isOwner: true }));
    ok(await lsp.call('DELETE', `${AGENTS}/${first.agent.id}`));
    expect(ok(await assign(lsp, second.agent.id, { vid: v.id, terms: [], isOwner: true })).isOwner).toBe(true);
  });
});

describe('credentials and roles on agent routes', () => {
  let lsp: Lsp;
  let agent: any;
  let vehicle: any;
  beforeAll(async () => {
    lsp = await newLsp();
    agent = (await newAgent(lsp)).agent;
    vehicle = await addVehicle(lsp, (await createFleet(lsp)).id);
  });
  const routes = (): [string, string, unknown?][] => [
    ['POST', `${AGENTS}/invitations`, { name: uniqueName('Invitee') }],
    ['GET', AGENTS],
    ['GET', `${AGENTS}/${agent.id}`],
    ['GET', `${AGENTS}/${agent.id}?verbose=1`],
    ['PATCH', `${AGENTS}/${agent.id}`, { status: 'SUSPENDED' }],
    ['PUT', `${AGENTS}/${agent.id}/vehicle/assign`, { vid: vehicle.id, terms: [], isOwner: true }],
    ['PATCH', `${AGENTS}/${agent.id}/vehicle/unassign`, { vid: vehicle.id }],
    ['DELETE', `${AGENTS}/${agent.id}`],
  ];

  it('401 for each missing set-A header (also on accept), 401 for a plain user token, 403 for a CSP context', async () => {
    for (const missing of ['svc-auth-token', 'svc-user-agent', 'svc-auth-device']) {
      const headers: Record<string, string> = setA(lsp.token);
      delete headers[missing];
      for (const [method, path, body] of routes()) fails(await api(method, path, { headers, body }), 'UNAUTHORIZED');
      const userHeaders: Record<string, string> = setA(lsp.owner.token);
      delete userHeaders[missing];
      fails(await api('POST', `${AGENTS}/invitations/accept`, { headers: userHeaders, body: { token: `agt_${'a'.repeat(30)}` } }), 'UNAUTHORIZED');
    }
    const { cspContext } = await cspOf(lsp);
    for (const [method, path, body] of routes()) {
      fails(await callA(method, path, lsp.owner.token, body), 'UNAUTHORIZED');
      fails(await callA(method, path, cspContext, body), 'FORBIDDEN');
    }
    const read = ok(await lsp.call('GET', `${AGENTS}/${agent.id}?verbose=1`));
    expect(read).toMatchObject({ status: 'ACTIVE', vehicles: [] });
  });

  it('a DEVELOPER reads agents but may not invite, update, assign, unassign or delete (403)', async () => {
    const dev = await memberAs(lsp, 'DEVELOPER');
    expect(okList(await dev.call('GET', AGENTS)).map((a) => a.id)).toContain(agent.id);
    expect(ok(await dev.call('GET', `${AGENTS}/${agent.id}?verbose=1`)).vehicles).toEqual([]);
    for (const [method, path, body] of routes().filter(([m]) => m !== 'GET')) fails(await dev.call(method, path, body), 'FORBIDDEN');
    const read = ok(await lsp.call('GET', `${AGENTS}/${agent.id}?verbose=1`));
    expect(read).toMatchObject({ status: 'ACTIVE', vehicles: [] });
  });

  it('a COORDINATOR may invite, update and assign, but not delete (403)', async () => {
    const coord = await memberAs(lsp, 'COORDINATOR');
    const invited = ok(await coord.call('POST', `${AGENTS}/invitations`, { name: 'By coordinator' }), 201);
    expect(invited.invitation).toMatchObject({ name: 'By coordinator', status: 'PENDING' });
    expect(ok(await coord.call('PATCH', `${AGENTS}/${agent.id}`, { bio: 'Set by coordinator' })).updated.by).toBe(coord.userId);
    const assigned = ok(await coord.call('PUT', `${AGENTS}/${agent.id}/vehicle/assign`, { vid: vehicle.id, terms: ['Set by coordinator'], isOwner: false }));
    expect(assigned).toMatchObject({ vid: vehicle.id, terms: ['Set by coordinator'], isOwner: false, added: { by: coord.userId } });
    fails(await coord.call('DELETE', `${AGENTS}/${agent.id}`), 'FORBIDDEN');
    const read = ok(await lsp.call('GET', `${AGENTS}/${agent.id}?verbose=1`));
    expect(read.bio).toBe('Set by coordinator');
    expect(read.vehicles.map((x: any) => [x.vid, x.terms, x.isOwner])).toEqual([[vehicle.id, ['Set by coordinator'], false]]);
  });
});

describe('agents through GraphQL at the gateway', () => {
  it('inviteAgent, acceptAgentInvitation (as the user) and agent { vehicles } work', async () => {
    const lsp = await newLsp();
    const invited = await lsp.gql(`mutation($input: InviteAgentInput!) { inviteAgent(input: $input) { token invitation { status } } }`, { input: { name: 'GraphQL Agent' } });
    expect(invited.status).toBe(200);
    expect(invited.body.errors).toBeUndefined();
    expect(invited.body.data.inviteAgent.invitation.status).toBe('PENDING');
    const user = await newUser();
    const accepted = await gqlH(
      `mutation($t: String!) { acceptAgentInvitation(token: $t) { id userId status provider { kind code } } }`,
      { t: invited.body.data.inviteAgent.token },
      setA(user.accessToken),
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.errors).toBeUndefined();
    expect(accepted.body.data.acceptAgentInvitation).toMatchObject({ userId: user.id, status: 'ACTIVE', provider: { kind: 'LSP', code: lsp.code } });
    const id = accepted.body.data.acceptAgentInvitation.id;
    const read = await lsp.gql(`query($id: ID!) { agent(id: $id) { id name vehicles { vehicleId } } }`, { id });
    expect(read.body.data.agent).toEqual({ id, name: 'GraphQL Agent', vehicles: [] });
    expect(ok(await lsp.call('GET', `${AGENTS}/${id}`)).name).toBe('GraphQL Agent');
  });
});
