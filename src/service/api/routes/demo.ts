// The public demo (DESIGN.md section 4, Public demo): anyone may start a scan of a public GitHub
// repository without a key, follow it, and download its BOMs. Limits: CBOM_DEMO_PER_IP_PER_DAY new
// scans per client IP per 24 hours (429 + Retry-After), and a repository scanned by anybody in the
// last CBOM_DEMO_CACHE_SECONDS is answered with that scan without counting. The client IP is the
// socket address unless CBOM_TRUST_PROXY lets Fastify take it from X-Forwarded-For. Demo scans have
// no tenant, so they appear in no tenant's lists or usage.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Redis } from 'ioredis';
import type { ScanResult } from '../../../engine/inventory/model.js';
import { parseRepoUrl, RepoUrlError, type RepoRef } from '../../../engine/source/repo-url.js';
import { clientHash, databaseDemoGate, redisDemoGate, type DemoGate } from '../../demo/gate.js';
import { toDemoScan } from '../../demo/present.js';
import { BOM_FORMATS } from '../constants.js';
import { ApiError } from '../errors.js';
import { ref } from '../schemas/index.js';
import { DemoScan, DemoScanCreated, DemoScanCreateReq, DemoScanIdParams } from '../schemas/demo.js';

/** The cache key of a repository: GitHub owner and repository names are case-insensitive, refs are not. */
export function demoRepoKey(r: RepoRef): string {
  return `${r.owner.toLowerCase()}/${r.repo.toLowerCase()}@${r.ref ?? ''}`;
}

function humanWait(seconds: number): string {
  const [n, unit] = seconds >= 3600 ? [Math.ceil(seconds / 3600), 'hour'] : seconds >= 60 ? [Math.ceil(seconds / 60), 'minute'] : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const BomQuery = Type.Object({
  format: Type.Optional(Type.String({ pattern: '^(cyclonedx|spdx)$', default: 'cyclonedx', description: '`cyclonedx` (CycloneDX 1.6, default) or `spdx` (SPDX 3.0.1).' })),
});

export const demoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, store } = app;
  const limits = { perIpPerDay: config.demoPerIpPerDay, cacheSeconds: config.demoCacheSeconds };
  let gate: DemoGate;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', (err) => app.log.warn({ err: { message: err.message } }, 'demo redis error'));
    gate = redisDemoGate(redis, limits);
  } else {
    gate = databaseDemoGate(store.demo, limits);
  }
  app.addHook('onClose', async () => gate.close());

  /** The gate's store being down must not turn into unlimited free scans: refuse instead. */
  async function guarded<T>(what: string, f: () => Promise<T>): Promise<T> {
    try {
      return await f();
    } catch (err) {
      app.log.error({ err }, `demo ${what} failed`);
      throw new ApiError(503, 'The public demo is unavailable right now; please try again shortly', { 'retry-after': '30' });
    }
  }

  async function demoScan(id: string) {
    const row = await store.scans.get(id, { tenantId: null });
    if (!row || row.tenant_kind !== 'demo') throw new ApiError(404, 'Demo scan not found');
    return row;
  }

  app.post(
    '/demo/scans',
    {
      config: { public: true },
      schema: {
        summary: 'Start a public demo scan',
        description:
          'No key needed. One new scan per client IP address per 24 hours (CBOM_DEMO_PER_IP_PER_DAY); a repository scanned ' +
          'in the last 5 minutes (CBOM_DEMO_CACHE_SECONDS) returns that scan with `cached: true` and does not count.',
        tags: ['demo'],
        body: ref(DemoScanCreateReq),
        response: {
          202: ref(DemoScanCreated),
          429: { $ref: 'ErrorResponse#', description: "The client's daily demo scans are used up; `Retry-After` says when the next one is possible" },
          503: { $ref: 'ErrorResponse#', description: 'The demo cannot check its limits right now' },
        },
      },
    },
    async (request, reply) => {
      let repo: RepoRef;
      try {
        repo = parseRepoUrl(request.body.repo_url);
      } catch (err) {
        if (err instanceof RepoUrlError) throw ApiError.invalid(['body', 'repo_url'], err.message);
        throw err;
      }
      const key = demoRepoKey(repo);
      const now = new Date();

      for (const id of await guarded('cache lookup', () => gate.cached(key, now))) {
        const row = await store.scans.get(id, { tenantId: null });
        if (row && row.tenant_kind === 'demo' && row.status !== 'failed') {
          return reply.code(202).send({ id: row.id, status: row.status, cached: true });
        }
      }

      const client = clientHash(request.ip, config.keyPepper);
      const reservation = await guarded('limit check', () => gate.reserve(client, now));
      if (!reservation.ok) {
        const n = config.demoPerIpPerDay;
        throw new ApiError(
          429,
          `The public demo allows ${n} new scan${n === 1 ? '' : 's'} per visitor every 24 hours; the next one is possible in ${humanWait(reservation.retryAfterSeconds)}`,
          { 'retry-after': String(reservation.retryAfterSeconds) },
        );
      }
      let scanId: string;
      try {
        const submitted = await app.scanService.submitScan({ kind: 'demo', repoUrl: request.body.repo_url });
        if (!submitted.ok) {
          // Only URL problems can refuse a demo scan, and the URL was parsed above.
          throw submitted.reason === 'invalid_repo_url' ? ApiError.invalid(['body', 'repo_url'], submitted.message) : new Error(`demo scan refused: ${submitted.reason}`);
        }
        scanId = submitted.scan.id;
      } catch (err) {
        await gate.release(reservation.token, client).catch((e: unknown) => app.log.warn({ err: e }, 'could not release a demo reservation'));
        throw err;
      }
      await gate.commit(reservation.token, client, key, scanId, now).catch((err: unknown) => app.log.warn({ err }, 'could not cache a demo scan'));
      return reply.code(202).send({ id: scanId, status: 'queued', cached: false });
    },
  );

  app.get(
    '/demo/scans/:scan_id',
    {
      config: { public: true },
      schema: {
        summary: 'Follow a public demo scan',
        description: 'Status and progress; once completed, the score, findings, components (assets with where they were found) and the BOM download links.',
        tags: ['demo'],
        params: DemoScanIdParams,
        response: { 200: ref(DemoScan), 404: { $ref: 'ErrorResponse#', description: 'No demo scan has this id' } },
      },
    },
    async (request, reply) => {
      const row = await demoScan(request.params.scan_id);
      let result: ScanResult | null = null;
      if (row.status === 'completed' && row.result_key) {
        const json = await store.scans.getResult(row.result_key);
        result = json ? (JSON.parse(json) as ScanResult) : null;
      }
      void reply.header('cache-control', 'no-store');
      return toDemoScan(row, result);
    },
  );

  app.get(
    '/demo/scans/:scan_id/bom.json',
    {
      config: { public: true },
      schema: {
        summary: 'Download a public demo scan BOM',
        description: 'The stored CycloneDX 1.6 or SPDX 3.0.1 document, byte-identical on every download, as an attachment. 409 until the scan completed.',
        tags: ['demo'],
        params: DemoScanIdParams,
        querystring: BomQuery,
        response: {
          200: { description: 'The BOM document', content: Object.fromEntries(BOM_FORMATS.map((f) => [f.media_type, { schema: { type: 'object' } }])) },
          404: { $ref: 'ErrorResponse#', description: 'No demo scan has this id' },
          304: { description: 'Not modified: the document has the ETag sent in If-None-Match', type: 'null' },
          409: { $ref: 'ErrorResponse#', description: 'The scan has not completed' },
        },
      },
    },
    async (request, reply) => {
      const row = await demoScan(request.params.scan_id);
      if (row.status !== 'completed') throw new ApiError(409, `The scan is ${row.status}; its BOM is available once it has completed`);
      const format = request.query.format === 'spdx' ? 'spdx' : 'cyclonedx';
      const bom = await store.scans.openBom(row.id, format);
      if (!bom) throw new Error(`completed demo scan ${row.id} has no ${format} BOM`);
      const etag = `"${bom.sha256}"`;
      const name = `${row.repo_owner}-${row.repo_name}-${(row.commit_sha ?? row.id).slice(0, 12)}.${format === 'spdx' ? 'spdx' : 'cdx'}.json`.replace(/[^A-Za-z0-9._-]/g, '_');
      void reply.header('etag', etag).header('cache-control', 'public, max-age=3600').header('content-disposition', `attachment; filename="${name}"`);
      if (request.headers['if-none-match'] === etag) {
        bom.stream.destroy();
        return reply.code(304).send(null);
      }
      return reply.type(bom.contentType).send(bom.stream);
    },
  );
};
