import { apiKey, headerSetA, need, restClient, succeeded, type Caller, type Credential, type RestClient } from './client.js';

/**
 * A first journey through the REST API, every call typed by the generated `paths` (the route table):
 *
 * 1. `POST /v1/auth/register` (no credential): an account, signed in on this device;
 * 2. `POST /v1/workspace` (header set A, the user's access token): a workspace, whose OWNER the user becomes;
 * 3. `POST /v1/{wid}/lsp/setup` (set A, user): an LSP provider in it;
 * 4. `GET /v1/{wid}/lsp/{xcode}/context` (set A, user): a provider-context token, to act as that LSP on this device;
 * 5. `POST /v1/lsp/fleets/create` (set A, the context token): a fleet, with its depot;
 * 6. `POST /v1/lsp/fleets/{id}/vehicles/add` (set A, context token): a vehicle in the fleet;
 * 7. `POST /v1/workspace/{wid}/api-keys` (set A, user): an API key of the workspace with the `utilities` scope;
 * 8. `POST /realm/utilities/nearby/search` (the API key): the workspace's vehicles around the depot.
 *
 * The search finds the positions the workspace's fleets report, which they do through the GraphQL mutation
 * `reportVehiclePosition` (docs/utilities.md "Live vehicle positions"; there is no REST route for it): in a new
 * workspace it finds no vehicle until the fleet's tracking reports one, and `searchNearby` searches again.
 */

/** Where the journey's fleet has its depot (Nairobi), `[lat, lng]` as REST writes points. */
export const DEPOT: [number, number] = [-1.2921, 36.8219];

export interface JourneyOptions {
  /** The bridge, e.g. http://localhost:3000. */
  baseUrl: string;
  /** The calling application and this device's id: the provider-context token is bound to the device. */
  caller?: Caller;
  /** Headers sent with every call besides the credentials. */
  headers?: Credential;
  /** The account to register (a fresh e-mail address by default). */
  email?: string;
  password?: string;
}

/** A search for the workspace's vehicles within `radius` metres of `[lat, lng]`. */
export function searchNearby(client: RestClient, [lat, lng]: [number, number], radius = 1000) {
  return succeeded(client.POST('/realm/utilities/nearby/search', { body: { location: { lat, lng }, radius, limit: 10 } }));
}

/** Runs the journey; answers each step's status and typed body, and the clients it made (to go on from there). */
export async function journey(options: JourneyOptions) {
  const { baseUrl, headers = {} } = options;
  const caller = options.caller ?? { agent: 'rest-client-example/1.0', device: `device-${crypto.randomUUID()}` };
  const suffix = crypto.randomUUID().slice(0, 8);

  // 1. register (the tokens are bound to this device)
  const anonymous = restClient(baseUrl, headers);
  const registered = await succeeded(
    anonymous.POST('/v1/auth/register', {
      body: { email: options.email ?? `rest-client-${suffix}@example.test`, password: options.password ?? 'correct horse battery', name: 'Rest Client', deviceId: caller.device },
    }),
  );
  const accessToken = need(registered.body.accessToken, 'accessToken');
  const asUser = restClient(baseUrl, headers, headerSetA(accessToken, caller));

  // 2. a workspace
  const workspace = await succeeded(asUser.POST('/v1/workspace', { body: { name: `Rest Client Logistics ${suffix}`, description: 'Made by examples/rest-client' } }));
  const wid = need(workspace.body.data?.workspace?.id, 'workspace id');

  // 3. an LSP provider in it
  const lsp = await succeeded(
    asUser.POST('/v1/{wid}/lsp/setup', {
      params: { path: { wid } },
      body: {
        type: 'CARRIER',
        name: `Rest Client Carriers ${suffix}`,
        contacts: { emails: ['ops@rest-client.example'], phones: ['+254700000001'] },
        address: { name: 'HQ', street1: '1 Main St', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: DEPOT },
      },
    }),
  );
  const xcode = need(lsp.body.data?.code, 'provider code');

  // 4. a provider-context token: the LSP's routes act as the provider it names
  const context = await succeeded(asUser.GET('/v1/{wid}/lsp/{xcode}/context', { params: { path: { wid, xcode } } }));
  const asLsp = restClient(baseUrl, headers, headerSetA(need(context.body.data?.token, 'context token'), caller));

  // 5. a fleet
  const fleet = await succeeded(
    asLsp.POST('/v1/lsp/fleets/create', {
      body: {
        type: 'URBAN_TRANSIT',
        code: `FLEET-${suffix.toUpperCase()}`,
        name: `Nairobi vans ${suffix}`,
        timezone: 'Africa/Nairobi',
        address: { name: 'Depot', street1: '2 Depot Rd', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: DEPOT },
      },
    }),
  );
  const fleetId = need(fleet.body.data?.id, 'fleet id');

  // 6. a vehicle in it
  const vehicle = await succeeded(
    asLsp.POST('/v1/lsp/fleets/{id}/vehicles/add', {
      params: { path: { id: fleetId } },
      body: { type: 'VAN', status: 'ACTIVE', specs: { brand: 'Toyota', model: 'HiAce', registrationNumber: 'KDA 001R', seats: 3 } },
    }),
  );

  // 7. an API key for the utilities (shown once)
  const key = await succeeded(asUser.POST('/v1/workspace/{wid}/api-keys', { params: { path: { wid } }, body: { name: `Nearby ${suffix}`, scopes: ['utilities'] } }));
  const withKey = restClient(baseUrl, headers, apiKey(need(key.body.data?.key, 'API key')));

  // 8. the vehicles around the depot
  const nearby = await searchNearby(withKey, DEPOT);

  return {
    caller,
    steps: { registered, workspace, lsp, context, fleet, vehicle, key, nearby },
    clients: { asUser, asLsp, withKey },
  };
}
