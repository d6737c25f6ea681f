/// <reference types="node" />
import { journey } from './journey.js';

/**
 * Runs the journey against a running platform's bridge and prints what each step answered (README.md):
 * `node dist/main.js [bridge URL]`, by default http://127.0.0.1:8080 (what `npm start` serves).
 */
const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
const { caller, steps } = await journey({ baseUrl });
const { registered, workspace, lsp, context, fleet, vehicle, key, nearby } = steps;

console.log(`${registered.status} POST /v1/auth/register: ${registered.body.user?.email} (device ${caller.device})`);
console.log(`${workspace.status} POST /v1/workspace: ${workspace.body.data?.workspace?.name} (${workspace.body.data?.role})`);
console.log(`${lsp.status} POST /v1/{wid}/lsp/setup: ${lsp.body.data?.code} ${lsp.body.data?.name}`);
console.log(`${context.status} GET /v1/{wid}/lsp/{xcode}/context: a context token for ${context.body.data?.provider?.code}, ${context.body.data?.expiresIn} s`);
console.log(`${fleet.status} POST /v1/lsp/fleets/create: ${fleet.body.data?.name} (${fleet.body.data?.id})`);
console.log(`${vehicle.status} POST /v1/lsp/fleets/{id}/vehicles/add: a ${vehicle.body.data?.type} (${vehicle.body.data?.id})`);
console.log(`${key.status} POST /v1/workspace/{wid}/api-keys: ${key.body.data?.apiKey?.prefix}… scopes ${key.body.data?.apiKey?.scopes?.join(', ')}`);
console.log(`${nearby.status} POST /realm/utilities/nearby/search: ${nearby.body.status}, ${nearby.body.result?.count} vehicle(s) within ${nearby.body.result?.searchRadius} m`);
