import { describe, expect, it } from 'vitest';
import { fails, memberAs, newLsp, createSite, ok, okList, cspOf, type Lsp } from './lsp-helpers.js';
import { callB, faqBody, gqlB } from './dev-helpers.js';
import { newOwner } from './workspace-helpers.js';
import type { ApiResponse } from './helpers.js';

/**
 * An LSP's FAQs (docs/dev.md "FAQs"): `/v1/lsps/:icode/faqs…` with header set B and the LSP's context token. Create,
 * read, list, edit with versions, archive and restore, lock and unlock, context links to the LSP's hubs and
 * warehouses, delete, the role rules and tenancy. Search quality has its own file (faqs-search.e2e.test.ts).
 */

const faqs = (lsp: Lsp) => `/v1/lsps/${lsp.code}/faqs`;
const create = async (lsp: Lsp, body: Record<string, unknown> = {}) => ok(await callB('POST', faqs(lsp), lsp.token, faqBody(body)), 201);
const lockedOut = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body).toMatchObject({ error: true, status: 'FAQ_LOCKED' });
};

describe('create and read', () => {
  it('creates an ACTIVE, unlocked FAQ at revision 1 with a FAQ- reference; tags lower-cased without repeats', async () => {
    const lsp = await newLsp();
    const before = Date.now();
    const faq = await create(lsp, {
      version: '2.3',
      question: '  Can I change the delivery address?  ',
      answer: 'Yes, until the parcel leaves the hub.',
      tags: ['Address', 'address', ' delivery  change '],
    });
    expect(faq).toMatchObject({
      version: '2.3',
      revision: 1,
      question: 'Can I change the delivery address?',
      answer: 'Yes, until the parcel leaves the hub.',
      tags: ['address', 'delivery change'],
      contexts: [],
      state: 'ACTIVE',
      locked: false,
      lockedAt: null,
      lockedBy: null,
      createdBy: lsp.userId,
      updatedBy: lsp.userId,
    });
    expect(faq.reference).toMatch(/^FAQ-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
    expect(Date.parse(faq.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    // read by reference, in any case; the answer carries its versions
    const read = ok(await callB('GET', `${faqs(lsp)}/${faq.reference.toLowerCase()}`, lsp.token));
    const { versions, ...rest } = read;
    expect(rest).toEqual(faq);
    expect(versions.items).toEqual([expect.objectContaining({ version: '2.3', revision: 1, question: faq.question, editedBy: lsp.userId })]);
  });

  it('refuses bad input with the field named, and creates nothing', async () => {
    const lsp = await newLsp();
    for (const [body, field] of [
      [{ version: 'v1' }, 'version'],
      [{ version: '1.2.3.4' }, 'version'],
      [{ question: 'Hi' }, 'question'],
      [{ question: 'x'.repeat(301) }, 'question'],
      [{ answer: '' }, 'answer'],
      [{ answer: '   ' }, 'answer'],
      [{ answer: 'x'.repeat(5001) }, 'answer'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      [{ tags: ['x'.repeat(41)] }, 'tags'],
      [{ tags: ['  '] }, 'tags'],
    ] as const) {
      fails(await callB('POST', faqs(lsp), lsp.token, faqBody(body)), 'VALIDATION_ERROR', field);
    }
    okList(await callB('GET', faqs(lsp), lsp.token), 1, 20, 0);
  });

  it('an unknown or malformed reference is not found', async () => {
    const lsp = await newLsp();
    fails(await callB('GET', `${faqs(lsp)}/FAQ-0000000000`, lsp.token), 'NOT_FOUND');
    fails(await callB('GET', `${faqs(lsp)}/nope`, lsp.token), 'NOT_FOUND');
  });
});

describe('the list', () => {
  it('pages newest first and filters by tag, state, context and lock', async () => {
    const lsp = await newLsp();
    const hub = await createSite(lsp, 'hub');
    const a = await create(lsp, { tags: ['tracking'] });
    const b = await create(lsp, { tags: ['billing'] });
    const c = await create(lsp, { tags: ['Tracking', 'app'] });
    ok(await callB('PUT', `${faqs(lsp)}/${b.reference}/context/add`, lsp.token, { context: { type: 'HUB', id: hub.id } }));
    ok(await callB('PATCH', `${faqs(lsp)}/${c.reference}/lock`, lsp.token));
    ok(await callB('PATCH', `${faqs(lsp)}/${a.reference}/archive`, lsp.token));
    expect(okList(await callB('GET', faqs(lsp), lsp.token), 1, 20, 2).map((f) => f.reference)).toEqual([c.reference, b.reference]);
    expect(okList(await callB('GET', `${faqs(lsp)}?limit=1&page=2`, lsp.token), 2, 1, 2).map((f) => f.reference)).toEqual([b.reference]);
    expect(okList(await callB('GET', `${faqs(lsp)}?state=ARCHIVED`, lsp.token), 1, 20, 1)[0].reference).toBe(a.reference);
    expect(okList(await callB('GET', `${faqs(lsp)}?tag=TRACKING`, lsp.token), 1, 20, 1)[0].reference).toBe(c.reference);
    expect(okList(await callB('GET', `${faqs(lsp)}?contextType=HUB&contextId=${hub.id}`, lsp.token), 1, 20, 1)[0].reference).toBe(b.reference);
    expect(okList(await callB('GET', `${faqs(lsp)}?contextType=WAREHOUSE`, lsp.token), 1, 20, 0)).toEqual([]);
    expect(okList(await callB('GET', `${faqs(lsp)}?locked=true`, lsp.token), 1, 20, 1)[0].reference).toBe(c.reference);
    fails(await callB('GET', `${faqs(lsp)}?contextId=${hub.id}`, lsp.token), 'VALIDATION_ERROR', 'contextType');
    fails(await callB('GET', `${faqs(lsp)}?state=DELETED`, lsp.token), 'VALIDATION_ERROR', 'state');
  });
});

describe('edits and versions', () => {
  it('every edit bumps the version and keeps the earlier ones readable', async () => {
    const lsp = await newLsp();
    const faq = await create(lsp, { version: '1.9', question: 'How long does delivery take?', answer: 'Two days.' });
    const v2 = ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, lsp.token, { answer: 'One to two working days.' }));
    expect(v2).toMatchObject({ version: '1.10', revision: 2, question: 'How long does delivery take?', answer: 'One to two working days.' });
    const v3 = ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, lsp.token, { question: 'How long does a delivery take?', tags: ['Time'] }));
    expect(v3).toMatchObject({ version: '1.11', revision: 3, question: 'How long does a delivery take?', tags: ['time'] });
    const read = ok(await callB('GET', `${faqs(lsp)}/${faq.reference}`, lsp.token));
    expect(read.versions.items.map((v: any) => [v.version, v.revision, v.answer])).toEqual([
      ['1.11', 3, 'One to two working days.'],
      ['1.10', 2, 'One to two working days.'],
      ['1.9', 1, 'Two days.'],
    ]);
    expect(read.versions.pagination).toMatchObject({ total: 3, page: 1, limit: 20 });
    // one version by its label, over GraphQL
    const q = await gqlB(
      `query($c: String!, $r: String!) { faqVersion(providerCode: $c, reference: $r, version: "1.9") { version answer question editor { id } } }`,
      { c: lsp.code, r: faq.reference },
      lsp.token,
    );
    expect(q.body.data?.faqVersion, JSON.stringify(q.body)).toEqual({ version: '1.9', answer: 'Two days.', question: 'How long does delivery take?', editor: { id: lsp.userId } });
    const missing = await gqlB(`query($c: String!, $r: String!) { faqVersion(providerCode: $c, reference: $r, version: "7") { version } }`, { c: lsp.code, r: faq.reference }, lsp.token);
    expect(missing.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('a PATCH with a source but no context is refused; a PATCH that names nothing changes nothing and makes no version', async () => {
    const lsp = await newLsp();
    const faq = await create(lsp);
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, lsp.token, { source: 'https://help.example.com/x' }), 'VALIDATION_ERROR', 'source');
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, lsp.token, { question: 'ab' }), 'VALIDATION_ERROR', 'question');
    expect(ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, lsp.token, {}))).toMatchObject({ version: '1.0', revision: 1 });
    const read = ok(await callB('GET', `${faqs(lsp)}/${faq.reference}`, lsp.token));
    expect(read).toMatchObject({ revision: 1, version: '1.0', question: faq.question });
    expect(read.versions.items).toHaveLength(1);
  });
});

describe('context links', () => {
  it("links to the LSP's own hubs and warehouses only (made a moment ago too), changes a link's source, and unlinks", async () => {
    const lsp = await newLsp();
    const hub = await createSite(lsp, 'hub');
    const warehouse = await createSite(lsp, 'warehouse');
    const faq = await create(lsp);
    const linked = ok(await callB('PUT', `${faqs(lsp)}/${faq.reference}/context/add`, lsp.token, { context: { type: 'HUB', id: hub.id }, source: 'https://help.example.com/hubs/1' }));
    expect(linked.contexts).toEqual([{ type: 'HUB', id: hub.id, source: 'https://help.example.com/hubs/1', linkedAt: expect.any(String), linkedBy: lsp.userId }]);
    expect(linked).toMatchObject({ version: '1.1', revision: 2 });
    // PATCH with a context and its source: the same link, a new source
    const moved = ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, lsp.token, { context: { type: 'HUB', id: hub.id }, source: 'https://help.example.com/hubs/2' }));
    expect(moved.contexts).toEqual([expect.objectContaining({ type: 'HUB', id: hub.id, source: 'https://help.example.com/hubs/2' })]);
    const two = ok(await callB('PUT', `${faqs(lsp)}/${faq.reference}/context/add`, lsp.token, { context: { type: 'WAREHOUSE', id: warehouse.id } }));
    expect(two.contexts.map((c: any) => c.type)).toEqual(['HUB', 'WAREHOUSE']);
    // the wrong kind, an unknown id, another LSP's hub of the same workspace
    const sibling = await newLsp(lsp.owner);
    const theirs = await createSite(sibling, 'hub');
    for (const context of [
      { type: 'WAREHOUSE', id: hub.id },
      { type: 'HUB', id: '00000000-0000-4000-8000-000000000000' },
      { type: 'HUB', id: theirs.id },
      { type: 'HUB', id: 'not-a-uuid' },
    ]) {
      fails(await callB('PUT', `${faqs(lsp)}/${faq.reference}/context/add`, lsp.token, { context }), 'NOT_FOUND');
    }
    // a hub deleted a moment ago is gone for the links too
    const gone = await createSite(lsp, 'hub');
    ok(await lsp.call('DELETE', `/v1/lsp/hubs/${gone.id}`));
    fails(await callB('PUT', `${faqs(lsp)}/${faq.reference}/context/add`, lsp.token, { context: { type: 'HUB', id: gone.id } }), 'NOT_FOUND');
    fails(await callB('PUT', `${faqs(lsp)}/${faq.reference}/context/add`, lsp.token, { context: { type: 'DOCK', id: hub.id } }), 'VALIDATION_ERROR', 'context.type');
    fails(await callB('PUT', `${faqs(lsp)}/${faq.reference}/context/add`, lsp.token, { context: { type: 'HUB', id: hub.id }, source: 'ftp://x.example' }), 'VALIDATION_ERROR', 'source');
    const unlinked = ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/context/remove`, lsp.token, { context: { type: 'HUB', id: hub.id } }));
    expect(unlinked.contexts.map((c: any) => c.id)).toEqual([warehouse.id]);
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/context/remove`, lsp.token, { context: { type: 'HUB', id: hub.id } }), 'NOT_FOUND');
    expect(ok(await callB('GET', `${faqs(lsp)}/${faq.reference}`, lsp.token)).revision).toBe(5);
  });

  it("a hub shows its FAQs through the graph, in one query, to its LSP's members", async () => {
    const lsp = await newLsp();
    const hub = await createSite(lsp, 'hub');
    const a = await create(lsp, { question: 'Where is the hub entrance?' });
    const b = await create(lsp, { question: 'When does the hub open?' });
    await create(lsp, { question: 'Not about the hub at all?' });
    for (const f of [a, b]) ok(await callB('PUT', `${faqs(lsp)}/${f.reference}/context/add`, lsp.token, { context: { type: 'HUB', id: hub.id } }));
    ok(await callB('PATCH', `${faqs(lsp)}/${b.reference}/archive`, lsp.token));
    const q = await gqlB(`query($id: ID!) { hub(id: $id) { id name faqs { reference question provider { code } } } }`, { id: hub.id }, lsp.token);
    expect(q.body.data?.hub, JSON.stringify(q.body)).toEqual({ id: hub.id, name: hub.name, faqs: [{ reference: a.reference, question: 'Where is the hub entrance?', provider: { code: lsp.code } }] });
  });
});

describe('states', () => {
  it('archive and restore: an archived FAQ leaves lists and search unless asked for; repeated moves are conflicts', async () => {
    const lsp = await newLsp();
    const faq = await create(lsp, { question: 'Can I ship a kayak overseas?', answer: 'Kayaks ship as freight.' });
    expect(ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/ARCHIVE`, lsp.token)).state).toBe('ARCHIVED');
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/archive`, lsp.token), 'CONFLICT');
    okList(await callB('GET', faqs(lsp), lsp.token), 1, 20, 0);
    okList(await callB('GET', `${faqs(lsp)}/search?query=kayak`, lsp.token), 1, 20, 0);
    expect(okList(await callB('GET', `${faqs(lsp)}/search?query=kayak&state=ARCHIVED`, lsp.token), 1, 20, 1)[0].faq.reference).toBe(faq.reference);
    const restored = ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/restore`, lsp.token));
    expect(restored).toMatchObject({ state: 'ACTIVE', revision: 1 });
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/restore`, lsp.token), 'CONFLICT');
    expect(okList(await callB('GET', `${faqs(lsp)}/search?query=kayak`, lsp.token), 1, 20, 1)[0].faq.reference).toBe(faq.reference);
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/shred`, lsp.token), 'VALIDATION_ERROR', 'lockstate');
  });

  it('a locked FAQ refuses every change but unlock with FAQ_LOCKED, and changes nothing', async () => {
    const lsp = await newLsp();
    const hub = await createSite(lsp, 'hub');
    const faq = await create(lsp);
    const locked = ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/lock`, lsp.token));
    expect(locked).toMatchObject({ locked: true, lockedBy: lsp.userId, revision: 1 });
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/lock`, lsp.token), 'CONFLICT');
    lockedOut(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, lsp.token, { answer: 'changed' }));
    lockedOut(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/archive`, lsp.token));
    lockedOut(await callB('PUT', `${faqs(lsp)}/${faq.reference}/context/add`, lsp.token, { context: { type: 'HUB', id: hub.id } }));
    lockedOut(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/context/remove`, lsp.token, { context: { type: 'HUB', id: hub.id } }));
    lockedOut(await callB('DELETE', `${faqs(lsp)}/${faq.reference}`, lsp.token));
    const still = ok(await callB('GET', `${faqs(lsp)}/${faq.reference}`, lsp.token));
    expect(still).toMatchObject({ answer: faq.answer, state: 'ACTIVE', contexts: [], revision: 1, locked: true });
    expect(ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/UNLOCK`, lsp.token))).toMatchObject({ locked: false, lockedAt: null, lockedBy: null });
    expect(ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, lsp.token, { answer: 'changed' })).revision).toBe(2);
  });
});

describe('delete', () => {
  it('removes the context named, and the FAQ with its last link; without a context, only an unlinked FAQ', async () => {
    const lsp = await newLsp();
    const hub = await createSite(lsp, 'hub');
    const warehouse = await createSite(lsp, 'warehouse');
    const faq = await create(lsp);
    for (const context of [
      { type: 'HUB', id: hub.id },
      { type: 'WAREHOUSE', id: warehouse.id },
    ]) {
      ok(await callB('PUT', `${faqs(lsp)}/${faq.reference}/context/add`, lsp.token, { context }));
    }
    fails(await callB('DELETE', `${faqs(lsp)}/${faq.reference}`, lsp.token), 'CONFLICT');
    const first = ok(await callB('DELETE', `${faqs(lsp)}/${faq.reference}`, lsp.token, { context: { type: 'HUB', id: hub.id }, source: 'https://help.example.com/x' }));
    expect(first).toMatchObject({ reference: faq.reference, removed: 'CONTEXT', faq: { revision: 4, contexts: [expect.objectContaining({ type: 'WAREHOUSE' })] } });
    fails(await callB('DELETE', `${faqs(lsp)}/${faq.reference}`, lsp.token, { context: { type: 'HUB', id: hub.id } }), 'NOT_FOUND');
    const last = ok(await callB('DELETE', `${faqs(lsp)}/${faq.reference}`, lsp.token, { context: { type: 'WAREHOUSE', id: warehouse.id } }));
    expect(last).toEqual({ reference: faq.reference, removed: 'FAQ', faq: null });
    fails(await callB('GET', `${faqs(lsp)}/${faq.reference}`, lsp.token), 'NOT_FOUND');
    // an FAQ with no link goes with a plain DELETE
    const plain = await create(lsp);
    expect(ok(await callB('DELETE', `${faqs(lsp)}/${plain.reference}`, lsp.token))).toEqual({ reference: plain.reference, removed: 'FAQ', faq: null });
    okList(await callB('GET', faqs(lsp), lsp.token), 1, 20, 0);
  });
});

describe('roles', () => {
  it('every member reads; DEVELOPERs only read; SUPERVISOR and COORDINATOR write but may not lock; MANAGER locks', async () => {
    const lsp = await newLsp();
    const { cspContext } = await cspOf(lsp);
    const faq = await create(lsp);
    const developer = await memberAs(lsp, 'DEVELOPER', cspContext);
    const supervisor = await memberAs(lsp, 'SUPERVISOR', cspContext);
    const coordinator = await memberAs(lsp, 'COORDINATOR', cspContext);
    const manager = await memberAs(lsp, 'MANAGER', cspContext);
    for (const m of [developer, supervisor, coordinator, manager]) {
      expect(ok(await callB('GET', `${faqs(lsp)}/${faq.reference}`, m.token)).reference).toBe(faq.reference);
      okList(await callB('GET', `${faqs(lsp)}/search?query=track`, m.token));
    }
    fails(await callB('POST', faqs(lsp), developer.token, faqBody()), 'FORBIDDEN');
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, developer.token, { answer: 'no' }), 'FORBIDDEN');
    // permission before the request's form (docs/contract.md "Order of checks"): wrong types are the same 403
    fails(await callB('POST', faqs(lsp), developer.token, { question: 42, answer: ['no'] }), 'FORBIDDEN');
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}`, developer.token, { answer: { not: 'text' } }), 'FORBIDDEN');
    fails(await callB('DELETE', `${faqs(lsp)}/${faq.reference}`, developer.token), 'FORBIDDEN');
    for (const m of [supervisor, coordinator]) {
      ok(await callB('POST', faqs(lsp), m.token, faqBody()), 201);
      fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/lock`, m.token), 'FORBIDDEN');
    }
    expect(ok(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/lock`, manager.token)).lockedBy).toBe(manager.userId);
    fails(await callB('PATCH', `${faqs(lsp)}/${faq.reference}/unlock`, coordinator.token), 'FORBIDDEN');
    expect(ok(await callB('GET', `${faqs(lsp)}/${faq.reference}`, lsp.token)).locked).toBe(true);
  });
});

describe('tenancy', () => {
  it("another LSP's FAQs are not found, in this workspace or another, and never searched", async () => {
    const lsp = await newLsp();
    const faq = await create(lsp, { question: 'Do you deliver zebras to the zoo?', answer: 'Zebras travel as live animals.' });
    const sibling = await newLsp(lsp.owner);
    const stranger = await newLsp(await newOwner());
    for (const other of [sibling, stranger]) {
      fails(await callB('GET', `/v1/lsps/${other.code}/faqs/${faq.reference}`, other.token), 'NOT_FOUND');
      fails(await callB('PATCH', `/v1/lsps/${other.code}/faqs/${faq.reference}`, other.token, { answer: 'mine' }), 'NOT_FOUND');
      fails(await callB('PATCH', `/v1/lsps/${other.code}/faqs/${faq.reference}/archive`, other.token), 'NOT_FOUND');
      fails(await callB('DELETE', `/v1/lsps/${other.code}/faqs/${faq.reference}`, other.token), 'NOT_FOUND');
      okList(await callB('GET', `/v1/lsps/${other.code}/faqs/search?query=zebras`, other.token), 1, 20, 0);
      // our code with their token
      fails(await callB('GET', `${faqs(lsp)}/${faq.reference}`, other.token), 'NOT_FOUND');
      fails(await callB('POST', faqs(lsp), other.token, faqBody()), 'NOT_FOUND');
    }
    // nothing changed
    expect(ok(await callB('GET', `${faqs(lsp)}/${faq.reference}`, lsp.token))).toMatchObject({ answer: 'Zebras travel as live animals.', revision: 1, state: 'ACTIVE' });
  });
});

describe('search answers', () => {
  it('highlights the matched words and escapes the rest as HTML', async () => {
    const lsp = await newLsp();
    const faq = await create(lsp, { question: 'Can I send <b>fragile</b> glassware?', answer: 'Yes: wrap fragile glassware in bubble wrap & mark the box "fragile" <script>alert(1)</script>.' });
    const hits = okList(await callB('GET', `${faqs(lsp)}/search?query=${encodeURIComponent('fragile glasware')}`, lsp.token), 1, 20, 1);
    expect(hits[0].faq.reference).toBe(faq.reference);
    expect(hits[0].questionHighlight).toBe('Can I send &lt;b&gt;<mark>fragile</mark>&lt;/b&gt; <mark>glassware</mark>?');
    expect(hits[0].snippet).toContain('<mark>fragile</mark> <mark>glassware</mark>');
    expect(hits[0].snippet).toContain('&amp;');
    expect(hits[0].snippet).not.toContain('<script>');
    expect(hits[0].score).toBeGreaterThan(0);
    const res = await callB('GET', `${faqs(lsp)}/search?query=${encodeURIComponent('fragile glasware')}`, lsp.token);
    expect(res.body.interpretedAs).toBe('fragile glassware');
  });

  it('a query of stop words finds nothing; a query without a word, or too long, is refused', async () => {
    const lsp = await newLsp();
    await create(lsp);
    okList(await callB('GET', `${faqs(lsp)}/search?query=${encodeURIComponent('the of and')}`, lsp.token), 1, 20, 0);
    fails(await callB('GET', `${faqs(lsp)}/search?query=${encodeURIComponent('?!')}`, lsp.token), 'VALIDATION_ERROR', 'query');
    fails(await callB('GET', `${faqs(lsp)}/search?query=${'a'.repeat(201)}`, lsp.token), 'VALIDATION_ERROR', 'query');
    fails(await callB('GET', `${faqs(lsp)}/search`, lsp.token), 'VALIDATION_ERROR', 'query');
  });
});
