// API keys of the calling tenant (DESIGN.md section 4: keys). All three need `keys:manage`.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { keyPrefix } from '../../auth/api-key.js';
import { issueKey } from '../../auth/issue.js';
import { normalizeScopes } from '../../auth/scopes.js';
import { KeyCapReachedError, type ApiKey } from '../../store/keys.js';
import { ApiError } from '../errors.js';
import { principalOf } from '../plugins/auth.js';
import { ref } from '../schemas/index.js';
import { ApiKeyCreateReq, ApiKeyCreateResp, ApiKeyList, ApiKeyRevokeResp, KeyIdParams, type ApiKeyRecordT } from '../schemas/keys.js';

export function toKeyRecord(k: ApiKey): ApiKeyRecordT {
  return {
    key_lookup: k.keyLookup,
    key_prefix: keyPrefix(k.env, k.keyLookup),
    name: k.name,
    env: k.env,
    status: k.status,
    scopes: [...k.scopes],
    created_at: k.createdAt,
    last_used_at: k.lastUsedAt,
    revoked_at: k.revokedAt,
  };
}

export const ADMIN_LIVE_KEY_HINT = 'Only test keys can be created through the API; live keys are issued by an administrator (`cbom admin key create --env live`)';

export const keysRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/keys',
    {
      config: { scope: 'keys:manage' },
      schema: {
        summary: 'List API keys',
        description: "The calling tenant's keys, newest first, without secrets.",
        tags: ['keys'],
        response: { 200: ref(ApiKeyList, "The tenant's keys") },
      },
    },
    async (request) => {
      const keys = await app.store.keys.listForTenant(principalOf(request).tenantId);
      return { keys: keys.map(toKeyRecord), count: keys.length };
    },
  );

  app.post(
    '/keys',
    {
      config: { scope: 'keys:manage' },
      schema: {
        summary: 'Create a sandbox key',
        description:
          'Creates a test key for the calling tenant and returns the plaintext key once. ' +
          `At most CBOM_MAX_TEST_KEYS_PER_TENANT active test keys per tenant (409 beyond). ${ADMIN_LIVE_KEY_HINT}.`,
        tags: ['keys'],
        body: ref(ApiKeyCreateReq),
        response: {
          201: ref(ApiKeyCreateResp, 'The new key, with its plaintext shown this once'),
          403: { $ref: 'ErrorResponse#', description: 'The API key lacks `keys:manage`, or asked for a scope it does not hold' },
          409: { $ref: 'ErrorResponse#', description: 'The tenant already has the maximum number of active test keys' },
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { name, env, scopes } = request.body;
      if (env !== 'test') throw ApiError.invalid(['body', 'env'], ADMIN_LIVE_KEY_HINT);
      const wanted = scopes === undefined ? principal.scopes : normalizeScopes(scopes);
      const beyond = wanted.filter((s) => !principal.scopes.includes(s));
      if (beyond.length) {
        throw new ApiError(403, `A key cannot grant scopes it does not hold: ${beyond.join(', ')}`);
      }
      try {
        const { key, plaintext } = await issueKey(app.store, app.config.keyPepper, {
          tenantId: principal.tenantId,
          env: 'test',
          name,
          scopes: wanted,
          createdBy: principal.keyLookup,
          cap: app.config.maxTestKeysPerTenant,
        });
        return reply.code(201).send({
          key: plaintext,
          key_lookup: key.keyLookup,
          key_prefix: keyPrefix('test', key.keyLookup),
          name: key.name,
          env: 'test' as const,
          status: 'active' as const,
          scopes: [...key.scopes],
          created_at: key.createdAt,
        });
      } catch (err) {
        if (err instanceof KeyCapReachedError) {
          throw new ApiError(409, `This tenant already has ${err.cap} active test keys, the maximum; revoke one first`);
        }
        throw err;
      }
    },
  );

  app.post(
    '/keys/:key_id/revoke',
    {
      config: { scope: 'keys:manage' },
      schema: {
        summary: 'Revoke an API key',
        description:
          'Revokes a key of the calling tenant (also the calling key itself); it fails with 401 from its next request on. Revoking a revoked key returns it unchanged. ' +
          'A test key may revoke only test keys (403 for a live key).',
        tags: ['keys'],
        params: KeyIdParams,
        response: {
          200: ref(ApiKeyRevokeResp, 'The key is revoked'),
          403: { $ref: 'ErrorResponse#', description: 'The API key lacks `keys:manage`, or is a test key and the target a live key' },
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      // A sandbox key lives in less trusted places (CI, a developer's laptop): if it leaks, it must
      // not be able to cut the tenant's production off by revoking its live keys.
      if (principal.env === 'test') {
        const target = await app.store.keys.get(request.params.key_id);
        if (target && target.tenantId === principal.tenantId && target.env === 'live') {
          throw new ApiError(403, 'A test key cannot revoke a live key; use a live key with keys:manage, or ask the administrator (`cbom admin key revoke`)');
        }
      }
      const key = await app.store.keys.revoke(request.params.key_id, principal.tenantId);
      if (!key || key.revokedAt === null) throw new ApiError(404, 'API key not found');
      return { key_lookup: key.keyLookup, status: 'revoked' as const, revoked_at: key.revokedAt };
    },
  );
};
