// Scans of the calling tenant (DESIGN.md §4): create, list, read, download the BOM. Reads need
// `scans:read`, creating needs `scans:write`. Another tenant's scan is a 404, never a 403, so ids
// reveal nothing.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { decodeCursor, detailJson, encodeCursor, serializeResultView, toListItem, toResultView, type SerializedResultView } from '../../scans/view.js';
import type { BomFormatName } from '../../store/scans.js';
import type { ScanResult } from '../../../engine/inventory/model.js';
import { ApiError } from '../errors.js';
import { principalOf } from '../plugins/auth.js';
import { ref } from '../schemas/index.js';
import { BomQuery, CbomScanCreateReq, CbomScanCreateResp, ScanDetail, ScanDetailQuery, ScanIdParams, ScanList, ScanListQuery } from '../schemas/scans.js';

const NOT_FOUND = 'Scan not found';

/** RFC 9110 If-None-Match: a list of entity tags (weak or strong) or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Engine results converted for the API (parsed and mapped once), most recently used last: a result
 * never changes for its key, and polling clients read the same ones often.
 */
const RESULT_CACHE_SIZE = 32;

export const scansRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const results = new Map<string, SerializedResultView>();
  async function readResult(key: string): Promise<SerializedResultView | null> {
    const hit = results.get(key);
    if (hit) {
      results.delete(key);
      results.set(key, hit);
      return hit;
    }
    const json = await app.store.scans.getResult(key);
    if (json === null) return null;
    const parsed = serializeResultView(toResultView(JSON.parse(json) as ScanResult));
    results.set(key, parsed);
    if (results.size > RESULT_CACHE_SIZE) results.delete(results.keys().next().value!);
    return parsed;
  }

  app.post(
    '/scans',
    {
      config: { scope: 'scans:write' },
      schema: {
        summary: 'Create a scan',
        description:
          'Queues a scan of a public GitHub repository at its default branch or at `/tree/{ref}`. Poll GET /scans/{scan_id} for progress. ' +
          'Each scan that does not fail counts toward the monthly cap; beyond it the answer is 429 with Retry-After until the next billing cycle.',
        tags: ['scans'],
        body: ref(CbomScanCreateReq),
        response: {
          201: ref(CbomScanCreateResp),
          429: { $ref: 'ErrorResponse#', description: 'The monthly scan cap (or the per-minute rate limit) is reached; see Retry-After' },
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { repo_url, project_name, project_version } = request.body;
      const result = await app.scanService.submitScan({
        kind: 'tenant',
        tenantId: principal.tenantId,
        env: principal.env,
        keyLookup: principal.keyLookup,
        repoUrl: repo_url,
        projectName: project_name ?? null,
        projectVersion: project_version ?? null,
      });
      if (!result.ok) {
        switch (result.reason) {
          case 'invalid_repo_url':
            throw ApiError.invalid(['body', 'repo_url'], result.message);
          case 'monthly_cap':
            throw new ApiError(
              429,
              `Monthly scan cap reached: ${result.used} of ${result.cap} scans used in this billing cycle; the cap resets at ${result.cycleEnd}`,
              { 'retry-after': String(result.retryAfterSeconds) },
            );
          case 'unknown_tenant':
            throw new ApiError(401, 'Invalid API key', { 'www-authenticate': 'Bearer realm="cbom", error="invalid_token"' });
        }
      }
      const { scan } = result;
      return reply.code(201).send({
        id: scan.id,
        status: scan.status,
        tenant_id: principal.tenantId,
        tenant_kind: scan.tenant_kind,
        methodology_version: scan.methodology_version,
      });
    },
  );

  app.get(
    '/scans',
    {
      config: { scope: 'scans:read' },
      schema: {
        summary: 'List scans',
        description: "The calling tenant's scans, most recent first. `next_cursor` pages beyond `limit`.",
        tags: ['scans'],
        querystring: ScanListQuery,
        response: { 200: ref(ScanList) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const limit = request.query.limit ?? 50;
      let after;
      if (request.query.cursor !== undefined) {
        after = decodeCursor(request.query.cursor);
        if (!after) throw ApiError.invalid(['query', 'cursor'], 'Invalid cursor: pass the next_cursor of a previous page');
      }
      const page = await app.store.scans.listForTenant(principal.tenantId, limit, after ?? undefined);
      const scans = page.rows.map(toListItem);
      return { scans, count: scans.length, next_cursor: page.next ? encodeCursor(page.next) : null };
    },
  );

  app.get(
    '/scans/:scan_id',
    {
      config: { scope: 'scans:read' },
      schema: {
        summary: 'Get a scan',
        description: 'Status, progress, and once completed the findings, components, score and metadata. `include_bom=true` adds the CycloneDX document.',
        tags: ['scans'],
        params: ScanIdParams,
        querystring: ScanDetailQuery,
        response: { 200: ref(ScanDetail), 404: { $ref: 'ErrorResponse#', description: 'No scan with this id for this tenant' } },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const row = await app.store.scans.get(request.params.scan_id, { tenantId: principal.tenantId });
      if (!row) throw new ApiError(404, NOT_FOUND);
      let result: SerializedResultView | null = null;
      let digests = {};
      if (row.status === 'completed' && row.result_key) {
        const [parsed, d] = await Promise.all([readResult(row.result_key), app.store.scans.bomDigests(row.id)]);
        result = parsed;
        digests = d;
      }
      reply.type('application/json; charset=utf-8');
      const detail = detailJson(row, result, digests);
      const bom = result && request.query.include_bom ? await app.store.scans.openBom(row.id, 'cyclonedx') : null;
      // JSON text: Fastify sends a string with a JSON content type as it is (the response schema
      // still documents it; scans-api tests check the shape). With the BOM, which can be hundreds of
      // MB, the stored chunks are streamed between the detail and its closing brace (`bom` is the last
      // member), so the document is never held whole.
      if (!bom) return reply.send(detail);
      return reply.send(Readable.from(withBom(detail, bom.stream), { objectMode: false }));
    },
  );

  app.get(
    '/scans/:scan_id/bom.json',
    {
      config: { scope: 'scans:read' },
      schema: {
        summary: 'Download the BOM',
        description:
          'The stored document of a completed scan, byte-identical on every download: CycloneDX 1.6 (`application/vnd.cyclonedx+json; version=1.6`) ' +
          'or SPDX 3.0.1 (`application/spdx+json`). `ETag` is the document digest (`svc_bom_sha256`); If-None-Match gives 304.',
        tags: ['scans'],
        params: ScanIdParams,
        querystring: BomQuery,
        response: {
          200: {
            description: 'The stored BOM document, byte-identical on every download',
            content: {
              'application/vnd.cyclonedx+json; version=1.6': { schema: Type.Object({}, { additionalProperties: true, description: 'CycloneDX 1.6 document' }) },
              'application/spdx+json': { schema: Type.Object({}, { additionalProperties: true, description: 'SPDX 3.0.1 JSON-LD document' }) },
            },
          },
          304: { type: 'null', description: 'Not modified: the ETag matched' },
          404: { $ref: 'ErrorResponse#', description: 'No scan with this id for this tenant' },
          409: { $ref: 'ErrorResponse#', description: 'The scan has not completed' },
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const format = (request.query.format ?? 'cyclonedx') as BomFormatName;
      const row = await app.store.scans.get(request.params.scan_id, { tenantId: principal.tenantId });
      if (!row) throw new ApiError(404, NOT_FOUND);
      if (row.status !== 'completed') {
        throw new ApiError(409, `The scan is ${row.status}; the BOM can be downloaded once it has completed`);
      }
      const bom = await app.store.scans.openBom(row.id, format);
      if (!bom) throw new Error(`completed scan ${row.id} has no ${format} BOM`);
      const etag = `"${bom.sha256}"`;
      reply.header('etag', etag).header('cache-control', 'private, max-age=0, must-revalidate');
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        bom.stream.destroy();
        return reply.code(304).send(null);
      }
      // A byte stream read from the stored chunks as the client takes them (bounded memory for any
      // size); Fastify sends it and the content type exactly as they are (no charset appended).
      return reply.type(bom.contentType).send(bom.stream);
    },
  );
};

/** The detail's JSON text with the stored CycloneDX document streamed in as its last member, `bom`. */
async function* withBom(detail: string, bom: Readable): AsyncGenerator<Buffer> {
  yield Buffer.from(`${detail.slice(0, -1)},"bom":`, 'utf8');
  for await (const chunk of bom) yield chunk as Buffer;
  yield Buffer.from('}', 'utf8');
}
