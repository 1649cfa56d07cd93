import fp from 'fastify-plugin';
import type { preHandlerHookHandler } from 'fastify';
import type { SignedInUser } from '../db/schema';
import { hashPassword } from '../lib/crypto';
import { requireUser } from '../lib/auth';

/** Where a route's login token arrives, and whether the user is read from the database rather than the session cache. */
export interface AuthRequirement {
  token: 'header' | 'body';
  /** The account's own pages and changes: what the user just saved is what they see, whichever process answers. */
  fresh?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a signed-in user: 401 (before the handler's work) without a live login token. */
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    /** The signed-in user: set before the handler on routes with `config.auth`, and only there. */
    user: SignedInUser;
  }
}

/**
 * Signed-in routes say so in their options (`config: { auth: { token: 'header' } }`); this plugin
 * puts a preHandler first on each of them, after the schema checks and before the handler, which
 * reads `request.user`. Also makes `app.ctx.dummyPasswordHash`.
 */
export const authentication = fp(
  async (app) => {
    const ctx = app.ctx;
    Object.assign(ctx, { dummyPasswordHash: await hashPassword('not-a-real-password', ctx.config.scrypt) });
    // Only routes with config.auth ever read it; Fastify wants a starting value for the request shape.
    app.decorateRequest('user', null as unknown as SignedInUser);
    app.addHook('onRoute', (route) => {
      const auth = (route.config as { auth?: AuthRequirement } | undefined)?.auth;
      if (!auth) return;
      const authenticate: preHandlerHookHandler = async (req) => {
        const token =
          auth.token === 'header'
            ? req.headers.authtoken
            : (req.body as { authtoken?: unknown } | undefined)?.authtoken;
        req.user = await requireUser(ctx, typeof token === 'string' ? token : '', { fresh: auth.fresh });
      };
      const existing = route.preHandler ?? [];
      route.preHandler = [authenticate, ...(Array.isArray(existing) ? existing : [existing])];
    });
  },
  { name: 'authentication', dependencies: ['caches'] },
);
