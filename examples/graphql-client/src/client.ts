import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { Login, Me, MyWorkspaces } from './operations.js';

/**
 * A typed GraphQL client in a few lines: `request(document, variables)` knows each operation's variables and result
 * from the generated types. Errors carry the platform's codes in `extensions.code` (docs/graphql.md).
 */
export class GraphQLRequestError extends Error {
  constructor(readonly errors: { message: string; extensions?: { code?: string; field?: string } }[]) {
    super(errors.map((e) => `${e.extensions?.code ?? 'ERROR'}: ${e.message}`).join('; '));
  }
}

export function client(endpoint: string, headers: Record<string, string> = {}) {
  return async function request<R, V>(document: TypedDocumentNode<R, V>, variables?: V): Promise<R> {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
      body: JSON.stringify({ query: print(document), variables }),
    });
    const body = (await res.json()) as { data?: R; errors?: GraphQLRequestError['errors'] };
    if (body.errors?.length) throw new GraphQLRequestError(body.errors);
    return body.data as R;
  };
}

/** Sign in, read your own record and your workspaces (what a front-end does first). */
export async function main(endpoint: string, email: string, password: string): Promise<void> {
  const anonymous = client(endpoint);
  const { login } = await anonymous(Login, { input: { email, password } });
  const signedIn = client(endpoint, { authorization: `Bearer ${login.accessToken}` });
  const { me } = await signedIn(Me);
  const { myWorkspaces } = await signedIn(MyWorkspaces, { page: 1, limit: 10 });
  console.log(`${me.name} <${me.email}>, verified: ${me.verified}; ${myWorkspaces.pagination.total} workspace(s):`);
  for (const m of myWorkspaces.items) console.log(`- ${m.workspace.name} (${m.role})`);
}
