import { authRoutes } from './auth.js';
import { userRoutes } from './users.js';
import type { RouteSpec } from './types.js';

/** Every REST path the bridge serves. A new family adds its file and one spread here. */
export const routes: RouteSpec[] = [...authRoutes, ...userRoutes];
export type { RouteSpec };
