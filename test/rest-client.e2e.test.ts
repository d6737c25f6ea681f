import { describe, expect, it } from 'vitest';
import { bridgeUrl, randomIp, uniqueEmail } from './helpers.js';
import { codeRe, gqlH, UUID_RE } from './workspace-helpers.js';
import { DEPOT, journey, searchNearby } from '../examples/rest-client/src/journey.js';
import { succeeded } from '../examples/rest-client/src/client.js';

/**
 * The typed REST client of examples/rest-client (openapi-fetch over the types openapi-typescript generates from the
 * bridge's OpenAPI document; `npm run examples:check` regenerates and type-checks it): its journey against the suite's
 * bridge, checked as its user would check each step. Every answer is also checked against the document
 * (test/support/validate-responses.ts).
 */
describe('the typed REST client of examples/rest-client', () => {
  it('registers, makes a workspace, an LSP, a fleet with a vehicle, and finds the vehicle by a nearby search', async () => {
    const email = uniqueEmail('rest-client');
    const { caller, steps, clients } = await journey({ baseUrl: bridgeUrl(), email, headers: { 'x-forwarded-for': randomIp() } });

    expect(steps.registered.status).toBe(201);
    expect(steps.registered.body).toMatchObject({ success: true, user: { email, name: 'Rest Client' } });
    expect(steps.registered.body.user?.id).toMatch(UUID_RE);

    expect(steps.workspace.status).toBe(201);
    expect(steps.workspace.body.status).toBe('SUCCESS');
    expect(steps.workspace.body.data?.role).toBe('OWNER');
    expect(steps.workspace.body.data?.workspace?.name).toMatch(/^Rest Client Logistics /);
    expect(steps.workspace.body.data?.workspace?.ownerId).toBe(steps.registered.body.user?.id);
    const wid = steps.workspace.body.data?.workspace?.id;

    expect(steps.lsp.status).toBe(201);
    expect(steps.lsp.body.data).toMatchObject({ kind: 'lsp', type: 'CARRIER' });
    const lspCode = steps.lsp.body.data?.code;
    expect(lspCode).toMatch(codeRe('lsp'));

    expect(steps.context.status).toBe(200);
    expect(steps.context.body.data).toMatchObject({ workspaceId: wid, role: 'OWNER', deviceId: caller.device, provider: { code: lspCode, kind: 'lsp' } });

    expect(steps.fleet.status).toBe(201);
    const fleet = steps.fleet.body.data;
    expect(fleet?.name).toMatch(/^Nairobi vans /);
    expect(fleet).toMatchObject({ type: 'URBAN_TRANSIT', timezone: 'Africa/Nairobi', vehicleCount: 0, workspace: { type: 'LSP', icode: lspCode } });

    expect(steps.vehicle.status).toBe(201);
    const vehicle = steps.vehicle.body.data;
    expect(vehicle).toMatchObject({ fleetId: fleet?.id, type: 'VAN', status: 'ACTIVE', specs: { brand: 'Toyota', model: 'HiAce' } });

    expect(steps.key.status).toBe(201);
    expect(steps.key.body.data?.key).toMatch(/^lpk_/);
    expect(steps.key.body.data?.apiKey?.scopes).toEqual(['utilities']);

    // no position reported yet: the new workspace's search finds nothing around the depot
    expect(steps.nearby.status).toBe(200);
    expect(steps.nearby.body).toMatchObject({ error: false, status: 'UTILITY::SEARCH_COMPLETE', result: { count: 0, vehicles: [], searchRadius: 1000 } });

    // the fleet's tracking reports the vehicle 100 m or so from the depot, through the graph (docs/utilities.md)
    const at: [number, number] = [DEPOT[0] + 0.0009, DEPOT[1]];
    const reported = await gqlH(
      'mutation($i: VehiclePositionInput!) { reportVehiclePosition(input: $i) { id status } }',
      { i: { vehicleId: vehicle?.id, type: 'VAN', status: 'AVAILABLE', location: { latitude: at[0], longitude: at[1] } } },
      { authorization: `Bearer ${steps.key.body.data?.key}` },
    );
    expect(reported.body.errors).toBeUndefined();
    expect(reported.body.data.reportVehiclePosition).toEqual({ id: vehicle?.id, status: 'AVAILABLE' });

    // and the typed search finds it there
    const found = await searchNearby(clients.withKey, DEPOT);
    expect(found.status).toBe(200);
    expect(found.body.result?.count).toBe(1);
    const [near] = found.body.result?.vehicles ?? [];
    expect(near).toMatchObject({ id: vehicle?.id, type: 'VAN', status: 'AVAILABLE', location: { lat: at[0], lng: at[1] } });
    expect(near.distance).toBeGreaterThan(90);
    expect(near.distance).toBeLessThan(110);

    // the fleet now counts its vehicle
    const fleets = await succeeded(clients.asLsp.GET('/v1/lsp/fleets'));
    expect(fleets.status).toBe(200);
    expect(fleets.body.data?.map((f) => [f.id, f.vehicleCount])).toEqual([[fleet?.id, 1]]);
  });
});
