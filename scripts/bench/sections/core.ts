// The core routes of `npm run bench` (users, fleets, nearby, operators): their settings, fixtures' words, layers' targets and notes.
/**
 * Routes: GET /v1/users/me; GET /v1/lsp/fleets (the LSP's fleets with their vehicle counts: the subgraph counts the
 * vehicles of the page's fleets in one grouped count); POST /realm/utilities/nearby/search (radius search over BENCH_POSITIONS positions);
 * GET /v1/order/operators (`operators`, the commerce family: a client's intent with two stops in Rotterdam and one
 * package, offered by the 20 LSPs of the workspace whose ACTIVE coverage serves both stops, out of 200 areas; half of
 * them price by a hub's PER_KM rule, the other half by the utilities' delivery fare; every request signs its 20
 * quotes). The operators route is measured at the gateway and bridge layers only: it has no bare handler and no
 * subgraph-alone scenario. The notes report its bridge p95 against GET /v1/users/me's in the same run (target ≤ 3× on
 * PostgreSQL), from dedicated runs of the two bridge routes in each round (routes.ts).
 *
 * Each route's layers: bare (bare.ts, ids in its path), the subgraph alone (a principal signed as the gateway signs
 * it), the gateway (the route's own operation from rest-bridge/routes, the route's credential), the bridge (the REST
 * route). Fixtures: fixtures.ts's `seed` (BENCH_POSITIONS, BENCH_FLEETS, BENCH_VEHICLES_PER_FLEET; the operators
 * route's commerce fixtures when it is measured).
 */
import pg from 'pg';
import type { Principal } from '../../../kernel/principal.js';
import { AREAS_PER_LSP, CENTRE, COMMERCE_LSPS, intentHeaders, pointFrom, radiusPlan, rng, setA, type Fixtures, type SeedOptions } from '../fixtures.js';
import { answers } from '../load.js';
import { setting } from '../platform.js';
import { code } from '../report.js';
import { local, operationOf, principalHeader, type P95Ratio, type RouteDef } from '../routes.js';

const POSITIONS = setting('BENCH_POSITIONS', 100_000);
const FLEETS = Math.max(1, setting('BENCH_FLEETS', 3));
const VEHICLES_PER_FLEET = setting('BENCH_VEHICLES_PER_FLEET', 10);
const RADIUS_M = 2000;

/** What `seed` makes for the core routes (the commerce fixtures: when `operators` is measured). */
export const CORE_FIXTURES: Omit<SeedOptions, 'commerce'> = { positions: POSITIONS, fleets: FLEETS, vehiclesPerFleet: VEHICLES_PER_FLEET };

export const CORE_ROUTES: RouteDef[] = [
  {
    id: 'users',
    title: 'GET /v1/users/me',
    subgraph: 'users',
    targets({ ports, fx, secret, bareUrl }) {
      const body = JSON.stringify({ query: operationOf('GET', '/v1/users/me') });
      const bearer = { authorization: `Bearer ${fx.user.accessToken}` };
      const principal: Principal = { kind: 'user', userId: fx.user.userId, sessionId: fx.user.sessionId, client: {} };
      return {
        bare: { url: `${bareUrl}/users/${fx.user.userId}`, method: 'GET', headers: () => ({}), ok: answers.user },
        subgraph: { url: local(ports.USERS_PORT, '/graphql'), method: 'POST', headers: () => principalHeader(principal, secret), bodies: [body], ok: answers.graphql },
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => bearer, bodies: [body], ok: answers.graphql },
        bridge: { url: local(ports.BRIDGE_PORT, '/v1/users/me'), method: 'GET', headers: () => bearer, ok: answers.user },
      };
    },
  },
  {
    id: 'fleets',
    title: 'GET /v1/lsp/fleets',
    subgraph: 'lsp',
    targets({ ports, fx, secret, bareUrl }) {
      const body = JSON.stringify({ query: operationOf('GET', '/v1/lsp/fleets'), variables: {} });
      const l = fx.lsp;
      const principal: Principal = {
        kind: 'provider',
        userId: l.userId,
        sessionId: l.sessionId,
        workspaceId: fx.workspaceId,
        providerKind: 'lsp',
        providerId: l.providerId,
        providerCode: l.code,
        role: l.role as never,
        client: {},
      };
      return {
        bare: { url: `${bareUrl}/lsp/${fx.workspaceId}/${encodeURIComponent(l.code)}/fleets`, method: 'GET', headers: () => ({}), ok: answers.envelope },
        subgraph: { url: local(ports.LSP_PORT, '/graphql'), method: 'POST', headers: () => principalHeader(principal, secret), bodies: [body], ok: answers.graphql },
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => setA(l.contextToken), bodies: [body], ok: answers.graphql },
        bridge: { url: local(ports.BRIDGE_PORT, '/v1/lsp/fleets'), method: 'GET', headers: () => setA(l.contextToken), ok: answers.envelope },
      };
    },
  },
  {
    id: 'nearby',
    title: 'POST /realm/utilities/nearby/search',
    subgraph: 'utilities',
    targets({ ports, fx, secret, bareUrl }) {
      // the same 1,000 searches, in the same order, for every layer
      const random = rng(1234);
      // centres to 6 decimals (0.1 m), so that no layer's rounding of the input shows in the answers being compared
      const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
      const inputs = Array.from({ length: 1000 }, () => {
        const c = pointFrom(random);
        return { location: { lat: round6(c.lat), lng: round6(c.lng) }, radius: RADIUS_M, status: 'AVAILABLE', limit: 20 };
      });
      const rest = inputs.map((i) => JSON.stringify(i));
      const query = operationOf('POST', '/realm/utilities/nearby/search');
      // the graph takes the centre as a GeoPointInput (REST's `{lat, lng}` is mapped by the bridge)
      const gql = inputs.map(({ location, ...input }) => JSON.stringify({ query, variables: { input: { ...input, location: { latitude: location.lat, longitude: location.lng } } } }));
      const bearer = { authorization: `Bearer ${fx.apiKey.key}` };
      const principal: Principal = { kind: 'apiKey', workspaceId: fx.workspaceId, keyId: fx.apiKey.keyId, scopes: fx.apiKey.scopes, client: {} };
      return {
        bare: { url: `${bareUrl}/utilities/${fx.workspaceId}/nearby/search`, method: 'POST', headers: () => ({}), bodies: rest, ok: answers.envelope },
        subgraph: { url: local(ports.UTILITIES_PORT, '/graphql'), method: 'POST', headers: () => principalHeader(principal, secret), bodies: gql, ok: answers.graphql },
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => bearer, bodies: gql, ok: answers.graphql },
        bridge: { url: local(ports.BRIDGE_PORT, '/realm/utilities/nearby/search'), method: 'POST', headers: () => bearer, bodies: rest, ok: answers.envelope },
      };
    },
    checkNote(checked) {
      const r = checked.bridge ?? checked.bare;
      const count = (r as { result?: { count?: number } } | undefined)?.result?.count;
      return count === 0 ? `POST /realm/utilities/nearby/search: the check search found no vehicle (BENCH_POSITIONS=${POSITIONS})` : undefined;
    },
  },
  {
    id: 'operators',
    title: 'GET /v1/order/operators',
    subgraph: 'commerce',
    // no bare handler (matching and pricing happen in Node, in the commerce family) and no subgraph-alone scenario
    layers: ['gateway', 'bridge'],
    targets({ ports, fx }) {
      if (!fx.commerce) throw new Error('the operators route has no fixtures (seed without commerce)');
      const headers = intentHeaders(fx.commerce);
      const body = JSON.stringify({ query: operationOf('GET', '/v1/order/operators'), variables: {} });
      return {
        gateway: { url: local(ports.GATEWAY_PORT, '/graphql'), method: 'POST', headers: () => headers, bodies: [body], ok: answers.graphql },
        bridge: { url: local(ports.BRIDGE_PORT, '/v1/order/operators'), method: 'GET', headers: () => headers, ok: answers.envelope },
      };
    },
    checkNote(checked) {
      if (checked.bridge === undefined) return undefined;
      const quotes = (checked.bridge as { data?: { source?: string }[] }).data ?? [];
      const by = (source: string) => quotes.filter((q) => q.source === source).length;
      const note = `GET /v1/order/operators: the check request offered ${quotes.length} operators (${by('LSP')} priced by their own rules, ${by('FALLBACK')} by the utilities' delivery fare)`;
      return quotes.length === COMMERCE_LSPS ? note : `**${note}, not the ${COMMERCE_LSPS} of the fixtures**`;
    },
  },
];

/** Issue 14: what a shop's client waits for, against the cheapest authenticated read. */
export const CORE_P95: P95Ratio[] = [{ of: 'operators', base: 'users', label: 'GET /v1/order/operators ÷ GET /v1/users/me', target: 3 }];

/** The settings table's words on the core fixtures, and on the operators route's. */
export const CORE_DATA = `${POSITIONS.toLocaleString('en-US')} vehicle positions (radius ${RADIUS_M} m, status AVAILABLE, limit 20, 1,000 different centres); ${FLEETS} fleets × ${VEHICLES_PER_FLEET} vehicles`;
export const OPERATORS_DATA = `operators: ${COMMERCE_LSPS} LSPs × ${AREAS_PER_LSP} ACTIVE areas (${COMMERCE_LSPS / 2} with a hub's PER_KM rule), an intent with 2 stops and 1 package, ${COMMERCE_LSPS} quotes signed per request`;

/** The note on the radius search's plan at the centre: analyzed as autovacuum would after a bulk load, it uses the GiST index. */
export async function radiusPlanNote(client: pg.Client, fx: Fixtures): Promise<string> {
  const text = await radiusPlan(client, fx.workspaceId, CENTRE, RADIUS_M, 'costs off');
  return /live_vehicle_position_earth_gist/.test(text)
    ? "the radius search's plan uses the GiST index live_vehicle_position_earth_gist"
    : `the radius search's plan does not use the GiST index:\n\n${code(text)}`;
}

/** The notes on how the core fixtures were made. */
export function coreFixtureNotes(fx: Fixtures): string[] {
  const notes = [`fixtures: ${fx.positions.count.toLocaleString('en-US')} positions loaded in ${fx.positions.seconds.toFixed(1)} s through reportVehiclePositions (batches of 500), then ANALYZE`];
  const c = fx.commerce;
  if (c) {
    notes.push(
      `fixtures: the operators route's CSP, ${c.lsps.length} LSPs with ${AREAS_PER_LSP} areas each and the intent (${c.reference}) made in ${c.seconds.toFixed(1)} s; ` +
        `the commerce family offered every LSP ${c.syncSeconds.toFixed(1)} s later (its quotes are signed, not stored)`,
    );
  }
  return notes;
}
