import { describe, expect, it } from 'vitest';
import { gqlH, callA } from './workspace-helpers.js';
import { addVehicle, createFleet, newLsp } from './lsp-helpers.js';
import { api, until } from './helpers.js';

/**
 * Cross-family data through the platform event log: the LSP family publishes vehicle changes (topic lsp.vehicle),
 * the utilities family consumes them and keeps its nearby store in step, without reading LSP tables.
 */
describe('LSP vehicle changes reach the utilities nearby search', () => {
  it('a vehicle taken out of service goes OFFLINE, back in service AVAILABLE, deleted gone', async () => {
    const lsp = await newLsp();
    const key = await callA('POST', `/v1/workspace/${lsp.wid}/api-keys`, lsp.owner.token, { name: 'sync', scopes: ['utilities'] });
    expect(key.status).toBe(201);
    const bearer = { authorization: `Bearer ${key.body.data.key}` };
    const fleet = await createFleet(lsp);
    const vehicle = await addVehicle(lsp, fleet.id, { status: 'ACTIVE' });

    // the fleet reports the vehicle's position under its LSP id
    const lat = -1.2 - Math.random() / 10;
    const lng = 36.8 + Math.random() / 10;
    const reported = await gqlH(
      'mutation($i: VehiclePositionInput!) { reportVehiclePosition(input: $i) { id status } }',
      { i: { vehicleId: vehicle.id, type: 'VAN', status: 'AVAILABLE', location: { latitude: lat, longitude: lng } } },
      bearer,
    );
    expect(reported.status).toBe(200);
    expect(reported.body.errors).toBeUndefined();
    expect(reported.body.data.reportVehiclePosition).toEqual({ id: vehicle.id, status: 'AVAILABLE' });
    /** The vehicle as the nearby search finds it (undefined when it is not found); any answer but 200 fails. */
    const search = () =>
      api('POST', '/realm/utilities/nearby/search', { headers: bearer, body: { location: { lat, lng }, radius: 500, limit: 10 } }).then((r) => {
        if (r.status !== 200 || r.body.status !== 'UTILITY::SEARCH_COMPLETE') throw new Error(`nearby search: ${r.status} ${JSON.stringify(r.body)}`);
        return r.body.result.vehicles.find((v: { id: string }) => v.id === vehicle.id) as { status: string } | undefined;
      });
    expect((await search())?.status).toBe('AVAILABLE');

    // out of service at the LSP → OFFLINE in the nearby store
    expect((await lsp.call('PATCH', `/v1/lsp/fleets/${fleet.id}/vehicles/${vehicle.id}`, { status: 'MAINTENANCE' })).status).toBe(200);
    expect((await until(search, (v) => v?.status === 'OFFLINE'))?.status).toBe('OFFLINE');

    // back in service → AVAILABLE again
    expect((await lsp.call('PATCH', `/v1/lsp/fleets/${fleet.id}/vehicles/${vehicle.id}`, { status: 'ACTIVE' })).status).toBe(200);
    expect((await until(search, (v) => v?.status === 'AVAILABLE'))?.status).toBe('AVAILABLE');

    // deleted at the LSP → gone from the nearby search
    expect((await lsp.call('DELETE', `/v1/lsp/fleets/${fleet.id}/vehicles/${vehicle.id}`)).status).toBe(200);
    expect(await until(search, (v) => v === undefined)).toBeUndefined();
  });
});
