// What the service adds to Fastify's types: `app.config`, `app.store`, `request.principal`, and the
// per-route auth declaration in `config` (see plugins/auth.ts).
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { Store } from '../store/index.js';
import type { Principal } from '../auth/authenticate.js';
import type { Scope } from '../auth/scopes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
  }
  interface FastifyRequest {
    /** The authenticated caller; null on public routes. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** The route needs no API key. Routes under the API prefix need a key unless they say this. */
    public?: boolean;
    /** The scope the key must hold (403 otherwise). Without it any active key will do. */
    scope?: Scope;
  }
}

/** The app with the TypeBox type provider: route handlers get typed params, query and body. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
