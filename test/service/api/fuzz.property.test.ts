// Property: whatever arrives (method, path, query, headers, body), the API never answers 5xx, and
// every error under the API prefix has the documented shape. The routes come from the OpenAPI
// document, so routes added later are covered without editing this file.
import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTenantWithKey, describeEachDialect } from '../../helpers/service.js';
import type { InjectOptions, Response } from 'light-my-request';

const PREFIX = '/api/v1/cbom';
const RUNS = Number(process.env.CBOM_FUZZ_RUNS ?? 300);

type Headers = Record<string, string>;

function checkResponse(method: string, url: string, res: Response): void {
  const where = `${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  assert.ok(res.statusCode < 500, `no 5xx: ${where}`);
  assert.ok(res.headers['x-trace-id'], `x-trace-id: ${where}`);
  const path = url.split('?')[0]!;
  if (res.statusCode < 400 || method === 'HEAD') return;
  // Landing pages outside the API may answer errors as HTML pages; the API answers JSON.
  if (!path.startsWith(PREFIX) && path.startsWith('/p/')) return;
  assert.match(String(res.headers['content-type']), /^application\/json/, `JSON error: ${where}`);
  const body = JSON.parse(res.body) as { detail?: unknown };
  assert.ok(body && typeof body === 'object' && 'detail' in body, `{detail}: ${where}`);
  if (res.statusCode === 422) {
    assert.ok(Array.isArray(body.detail) && body.detail.length > 0, `422 array: ${where}`);
    for (const d of body.detail as { loc: unknown[]; msg: unknown; type: unknown }[]) {
      assert.ok(Array.isArray(d.loc) && d.loc.length >= 1, where);
      assert.ok(['body', 'query', 'path', 'header'].includes(d.loc[0] as string), `loc starts with a request part: ${where}`);
      assert.ok(d.loc.every((l) => typeof l === 'string' || Number.isInteger(l)), where);
      assert.equal(typeof d.msg, 'string', where);
      assert.equal(typeof d.type, 'string', where);
    }
  } else {
    assert.equal(typeof body.detail, 'string', `detail text: ${where}`);
  }
  if (res.statusCode === 401) assert.match(String(res.headers['www-authenticate']), /^Bearer/, where);
  if (res.statusCode === 405) assert.ok(res.headers.allow, where);
  if (res.statusCode === 429) assert.ok(Number(res.headers['retry-after']) >= 0, where);
}

describeEachDialect(
  'property: random requests',
  (t) => {
    let templates: { method: string; path: string; params: string[]; query: string[] }[] = [];
    let keys: string[] = [];

    before(async () => {
      const doc = (await t.app.inject({ method: 'GET', url: `${PREFIX}/openapi.json` })).json() as {
        paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
      };
      templates = Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          params: (path.match(/\{([^}]+)\}/g) ?? []).map((p) => p.slice(1, -1)),
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        })),
      );
      const full = await createTenantWithKey(t.store);
      const readOnly = await createTenantWithKey(t.store, { scopes: ['scans:read'] });
      const revoked = await createTenantWithKey(t.store);
      await t.store.keys.revoke(revoked.key.keyLookup, null);
      keys = [full.plaintext, readOnly.plaintext, revoked.plaintext];
    });

    it('never answers 5xx and always uses the documented error shapes', async () => {
      const statuses = new Map<number, number>();
      const text = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constantFrom('', ' ', '0', '-1', '1e309', 'null', 'true', '%', '%zz', '../..', 'cbom_AAAAAAAAAAAAAAAA', 'A'.repeat(16), 'x'.repeat(500), '__proto__'),
      );
      const segment = fc.oneof(text.map(encodeURIComponent), fc.constantFrom('%E0%A4%A', '%00', '..', '.', '%2F', ';', 'a;b=c'));
      // >= 0: a documented route (index into the templates); -1: a random path.
      const pathArb = fc.oneof({ weight: 5, arbitrary: fc.nat(1_000) }, { weight: 1, arbitrary: fc.constant(-1) });
      const request = fc.record({
        which: pathArb,
        pathParams: fc.array(segment, { minLength: 3, maxLength: 3 }),
        randomPath: fc.array(segment, { maxLength: 5 }),
        extraTail: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: segment }),
        method: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'), { nil: undefined }),
        query: fc.array(fc.tuple(fc.oneof(fc.constantFrom('limit', 'include_bom', 'format', 'recent_limit', 'x'), fc.string({ maxLength: 8 })), text), { maxLength: 4 }),
        auth: fc.oneof(
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 4, arbitrary: fc.constant('key:0') },
          { weight: 2, arbitrary: fc.integer({ min: 1, max: 2 }).map((i) => `key:${i}`) },
          { weight: 1, arbitrary: text.map((s) => `Bearer ${s}`) },
          { weight: 1, arbitrary: text },
        ),
        contentType: fc.option(fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/vnd.api+json'), { nil: undefined }),
        body: fc.oneof(
          fc.constant(undefined),
          fc.json({ maxDepth: 3 }),
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
          fc
            .record(
              {
                name: fc.oneof(text, fc.integer(), fc.constant(null)),
                env: fc.oneof(fc.constantFrom('test', 'live'), text),
                scopes: fc.oneof(fc.array(fc.constantFrom('scans:read', 'scans:write', 'keys:manage', 'branding:write', 'root')), text),
                repo_url: fc.oneof(fc.constantFrom('https://github.com/octo/repo', 'https://github.com/octo/repo.git', 'http://example.com/x'), text),
                project_name: fc.oneof(text, fc.constant(null), fc.integer()),
                project_version: fc.oneof(text, fc.constant(null)),
                company_name: text,
                subdomain: text,
                accent_color: fc.oneof(fc.constant('#12ab9F'), text),
                logo_url: fc.oneof(fc.constant('https://example.com/logo.png'), text),
              },
              { requiredKeys: [] },
            )
            .map((o) => JSON.stringify(o)),
          text,
        ),
        extraHeaders: fc.dictionary(fc.stringMatching(/^x-[a-z]{1,10}$/), fc.stringMatching(/^[ -~]{0,30}$/), { maxKeys: 2 }),
      });

      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let method: string;
          let path: string;
          if (r.which >= 0 && templates.length) {
            const tpl = templates[r.which % templates.length]!;
            method = r.method && r.which % 4 === 0 ? r.method : tpl.method;
            let i = 0;
            path = tpl.path.replace(/\{[^}]+\}/g, () => r.pathParams[i++ % 3]!);
            if (r.extraTail) path += `/${r.extraTail}`;
          } else {
            method = r.method ?? 'GET';
            path = `${r.which % 2 ? PREFIX : ''}/${r.randomPath.join('/')}`;
          }
          const qs = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const url = qs ? `${path}?${qs}` : path;
          const headers: Headers = { ...r.extraHeaders };
          if (r.auth !== undefined) {
            const m = /^key:(\d)$/.exec(r.auth);
            const value = m ? `Bearer ${keys[Number(m[1])]}` : r.auth;
            if (/^[\t\x20-\x7e\x80-\xff]*$/.test(value)) headers.authorization = value;
          }
          if (r.contentType) headers['content-type'] = r.contentType;
          const opts: InjectOptions = { method: method as InjectOptions['method'], url, headers };
          if (r.body !== undefined && method !== 'GET' && method !== 'HEAD') opts.payload = r.body;
          const res = await t.app.inject(opts);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          checkResponse(method, url, res);
        }),
        { numRuns: RUNS },
      );
      // The run reached past authentication and validation, not only the first gate.
      for (const code of [200, 401, 404, 422]) assert.ok(statuses.has(code), `some request got ${code}: ${JSON.stringify([...statuses])}`);
      if (process.env.CBOM_FUZZ_VERBOSE) console.log(JSON.stringify([...statuses].sort()));
    });
  },
  // Nothing here may reach the network: GitHub calls go to a closed local port.
  { env: { CBOM_RATE_LIMIT_PER_MIN: '1000000', CBOM_AUTH_FAILURES_PER_MIN: '1000000', CBOM_GITHUB_API_URL: 'http://127.0.0.1:9' } },
);
