import { restClient } from './client.js';

/**
 * Proof that the types catch a misspelt field: each call below is wrong on purpose and marked `// @ts-expect-error`.
 * `npm run examples:check` type-checks this file; were a misspelling to compile (the generated types no longer
 * describing the route), the directive would be unused, and tsc fails on an unused `@ts-expect-error` (TS2578).
 * Never run: only type-checked.
 */
export async function misspelt(baseUrl: string): Promise<void> {
  const client = restClient(baseUrl);

  // a misspelt body field: CreateWorkspaceInput has `name`, not `nmae`
  await client.POST('/v1/workspace', {
    // @ts-expect-error -- `nmae` is no field of the body (and the required `name` is missing)
    body: { nmae: 'Typo Logistics' },
  });

  // a misspelt answer field: the workspace is `data.workspace`
  const { data } = await client.GET('/v1/workspace/{wid}', { params: { path: { wid: '3f0c2a9e-8b1d-4c6e-9a57-2d4b8e1f6a03' } } });
  // @ts-expect-error -- `workspce` is no field of the answer
  console.log(data?.data?.workspce?.name);

  // a misspelt path: the route is /v1/workspace
  // @ts-expect-error -- no route /v1/workspaces
  await client.GET('/v1/workspaces');
}
