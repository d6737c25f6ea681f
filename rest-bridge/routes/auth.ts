import type { RouteSpec } from './types.js';

const USER_FIELDS = 'id email phone name avatar userType verified createdAt updatedAt metadata { language timezone notifications }';
const TOKENS = `user { ${USER_FIELDS} } accessToken refreshToken expiresIn`;
const base = { tag: 'Authentication', envelope: 'user' } as const;

/** The authentication service (`{auth_url}/v1/auth`); the spec leaves it open, this is the platform's contract. */
export const authRoutes: RouteSpec[] = [
  {
    ...base,
    auth: 'none',
    method: 'POST',
    path: '/v1/auth/register',
    summary: 'Create an account and sign in',
    operation: `mutation Register($input: RegisterInput!) { register(input: $input) { ${TOKENS} } }`,
    bodyVariable: 'input',
    result: { '...': 'register' },
    status: 201,
  },
  {
    ...base,
    auth: 'none',
    method: 'POST',
    path: '/v1/auth/login',
    summary: 'Sign in with e-mail and password',
    operation: `mutation Login($input: LoginInput!) { login(input: $input) { ${TOKENS} } }`,
    bodyVariable: 'input',
    result: { '...': 'login' },
  },
  {
    ...base,
    auth: 'none',
    method: 'POST',
    path: '/v1/auth/refresh',
    summary: 'Rotate the refresh token for a new pair',
    operation: `mutation Refresh($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { ${TOKENS} } }`,
    bodyFields: ['refreshToken'],
    result: { '...': 'refreshToken' },
  },
  {
    ...base,
    auth: 'user-bearer',
    method: 'POST',
    path: '/v1/auth/logout',
    summary: 'End the calling session',
    operation: `mutation Logout { logout }`,
    result: {},
    constants: { message: 'Signed out' },
  },
  {
    ...base,
    auth: 'user-bearer',
    method: 'GET',
    path: '/v1/auth/sessions',
    summary: "The caller's active sessions",
    operation: `query Sessions { mySessions { id deviceId userAgent createdAt lastUsedAt expiresAt current } }`,
    result: { sessions: 'mySessions' },
  },
  {
    ...base,
    auth: 'user-bearer',
    method: 'DELETE',
    path: '/v1/auth/sessions/:id',
    summary: "End one of the caller's sessions",
    operation: `mutation RevokeSession($id: ID!) { revokeSession(sessionId: $id) }`,
    result: {},
    constants: { message: 'Session revoked' },
  },
];
