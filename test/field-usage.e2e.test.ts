import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { api, gatewayUrl, gql, newUser } from './helpers.js';
import { supergraphRepo } from './support/schema-repo.js';
import { metricsOf, sample, sampleSum, scrapeTargets } from './support/scrape.js';

/**
 * Field usage (gateway/usage.ts, docs/graphql.md "For schema reviewers"): the gateway counts which output fields each
 * operation selects, by client kind, and `npm run schema:usage` reports them. Real operations: the REST route
 * GET /v1/users/me (the bridge's `me` operation) and a direct GraphQL client's `{ me { id email } }`. With replicas
 * each gateway counts its own: the counters are read from every replica and summed, as Prometheus would, and the
 * reports are pointed at a replica that served the direct client (docs/graphql.md: "point it at each replica").
 */
const run = promisify(execFile);
const gatewayBase = () => new URL(gatewayUrl()).origin;

describe('field usage', () => {
  it('counts the fields of REST and direct GraphQL operations on /metrics, and npm run schema:usage lists them', async () => {
    const user = await newUser();
    expect((await api('GET', '/v1/users/me', { token: user.accessToken })).status).toBe(200);
    const direct = await gql<{ me: { id: string; email: string } }>('query UsageProbe { me { id email } }', {}, user.accessToken);
    expect(direct.body.data?.me.email).toBe(user.email);
    const targets = scrapeTargets(gatewayBase());
    const texts = await Promise.all(targets.map((t) => metricsOf(t)));
    const email = { type: 'User', field: 'email', client: 'graphql' };
    // the route's root field through the bridge, and the direct client's fields, each in at least one request and document
    expect(sampleSum(texts, 'graphql_field_requests_total', { type: 'Query', field: 'me', client: 'rest' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(texts, 'graphql_field_requests_total', { type: 'Query', field: 'me', client: 'graphql' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(texts, 'graphql_field_requests_total', email)).toBeGreaterThanOrEqual(1);
    expect(sampleSum(texts, 'graphql_field_operations', email)).toBeGreaterThanOrEqual(1);
    // labels bounded by the schema: no series names anything but a type, a field and one of three client kinds
    for (const line of texts.flatMap((t) => t.split('\n')).filter((l) => l.startsWith('graphql_field_'))) {
      expect(line).toMatch(/^graphql_field_(requests_total|operations)\{type="[_A-Za-z][_0-9A-Za-z]*",field="[_A-Za-z][_0-9A-Za-z]*",client="(rest|graphql|service)"\} \d+$/);
    }

    // a gateway (replica) that served the direct client
    const served = targets[texts.findIndex((t) => (sample(t, 'graphql_field_requests_total', email) ?? 0) >= 1)];
    const { stdout } = await run(process.execPath, [join(process.cwd(), 'dist/scripts/schema-usage.js'), served], { maxBuffer: 16 << 20 });
    const [head, clients, restOnly, never] = stdout.split('\n\n');
    expect(head).toMatch(/^field usage since the gateway started: \d+ output fields; \d+ used by client operations, \d+ by REST routes only, \d+ never used$/);
    expect(clients).toMatch(/^used by client operations \(\d+\):\n/);
    expect(clients).toMatch(/\n {2}User\.email: \d+ client operation\(s\) \(\d+ requests\)/);
    expect(restOnly).toMatch(/^used by REST routes only \(\d+\):/);
    expect(never).toMatch(/^never used \(\d+\):/);
    // a field sits in one list only
    expect(restOnly).not.toMatch(/\n {2}User\.email:/);
    expect(never).not.toMatch(/\n {2}User\.email\n/);

    // schema:review with --usage: removing User.email (a commit of a repository of its own) says what was seen of it
    const repo = supergraphRepo((sdl) => sdl.replace(/\n {2}"""\n {2}E-mail address \(lower-cased\)[^\n]*\n {2}"""\n {2}email: String! @join__field\(graph: USERS\)\n/, '\n'));
    try {
      const review = await run(process.execPath, [join(process.cwd(), 'dist/scripts/schema-review.js'), 'HEAD~1', 'HEAD', '--usage', served], { cwd: repo.dir, maxBuffer: 16 << 20 });
      expect(review.stdout).toMatch(
        /\n {2}User\.email: Field 'email' was removed from object type 'User' \[users\]\n {4}REST routes \(\d+\): [^\n]*GET \/v1\/users\/me[^\n]*\n {4}seen since the gateway started: \d+ client operation\(s\) \(\d+ requests\)/,
      );
    } finally {
      repo.remove();
    }
  });

  it('the report fails plainly when the platform is not there', async () => {
    const err = await run(process.execPath, [join(process.cwd(), 'dist/scripts/schema-usage.js'), 'http://127.0.0.1:9']).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(/fetch failed/);
  });
});
