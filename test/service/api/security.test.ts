// Attacker's-eye checks of the API surface that no feature test owns: a database failure must not
// reach the client (no SQL, driver message or stack in any body), nor a key reach the error logs;
// and the patterns applied to request data must run in linear time on adversarial input.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parseKey } from '../../../src/service/auth/api-key.js';
import { authenticate } from '../../../src/service/auth/authenticate.js';
import { maskKeys } from '../../../src/service/api/plugins/trace.js';
import { decodeCursor } from '../../../src/service/scans/view.js';
import { parseRepoUrl } from '../../../src/engine/source/repo-url.js';
import { createTenantWithKey, describeEachDialect } from '../../helpers/service.js';

const API = '/api/v1/cbom';
const LEAKS = /select|insert|update |sqlite|postgres|relation|syntax|kysely|pool|connection|\bat \S+:\d+|node_modules|\.ts:|Error:/i;

describeEachDialect(
  'a failing database',
  (t) => {
    it('answers 5xx {detail, trace_id} with nothing from the driver, and logs no key', async () => {
      const { headers, plaintext } = await createTenantWithKey(t.store);
      // A scan id that exists nowhere, and the routes of every family, public and authenticated.
      const calls: Array<{ method: 'GET' | 'POST' | 'PUT'; url: string; headers?: Record<string, string>; payload?: object }> = [
        { method: 'GET', url: `${API}/keys`, headers },
        { method: 'POST', url: `${API}/keys`, headers, payload: { name: 'x', env: 'test' } },
        { method: 'POST', url: `${API}/keys/AAAAAAAAAAAAAAAA/revoke`, headers },
        { method: 'GET', url: `${API}/scans`, headers },
        { method: 'POST', url: `${API}/scans`, headers, payload: { repo_url: 'https://github.com/acme/payments' } },
        { method: 'GET', url: `${API}/scans/cbom_0123456789abcdef0123`, headers },
        { method: 'GET', url: `${API}/usage`, headers },
        { method: 'GET', url: `${API}/branding`, headers },
        { method: 'PUT', url: `${API}/branding`, headers, payload: { company_name: 'Acme' } },
        { method: 'GET', url: `${API}/branding/by-subdomain/acme-labs` },
        { method: 'GET', url: `${API}/demo/scans/cbom_0123456789abcdef0123` },
        { method: 'POST', url: `${API}/demo/scans`, payload: { repo_url: 'https://github.com/acme/payments' } },
        { method: 'GET', url: '/p/acme-labs' },
      ];
      await t.store.db.destroy();
      for (const call of calls) {
        const res = await t.app.inject(call);
        const where = `${call.method} ${call.url}`;
        assert.ok(res.statusCode >= 500, `${where}: ${res.statusCode} ${res.body}`);
        assert.doesNotMatch(res.body, LEAKS, where);
        if ((res.headers['content-type'] ?? '').toString().startsWith('application/json')) {
          const body = res.json();
          assert.equal(typeof body.detail, 'string', where);
          assert.ok(Object.keys(body).every((k) => k === 'detail' || k === 'trace_id'), `${where}: ${res.body}`);
        }
      }
      const { secret } = parseKey(plaintext)!;
      assert.ok(!t.logText().includes(secret), 'no key secret in the error logs');
      assert.ok(t.logText().includes('unhandled error') || t.logText().includes('failed'), 'the failure is logged for operators');
    });
  },
  { captureLogs: true },
);

it('patterns applied to request data run in linear time on adversarial input', async () => {
  const long = (unit: string, n = 50_000) => unit.repeat(n);
  const cases: Array<[string, () => unknown]> = [
    ['repo url owner', () => { try { parseRepoUrl(`https://github.com/${long('a-')}`); } catch { /* refused */ } }],
    ['repo url ref', () => { try { parseRepoUrl(`https://github.com/a/b/tree/${long('a/')}!`); } catch { /* refused */ } }],
    ['api key', () => parseKey(`svc_live_${long('A')}`)],
    ['bearer', () => authenticate({ keys: { findForAuth: async () => null } } as never, `Bearer ${long(' \t')}x`, null)],
    ['bearer spaces', () => authenticate({ keys: { findForAuth: async () => null } } as never, `Bearer${long(' ')}`, null)],
    ['mask keys', () => maskKeys(long('svc_live_AAAAAAAAAAAAAAAA_'))],
    ['cursor', () => decodeCursor(long('W'))],
  ];
  for (const [name, run] of cases) {
    const t0 = performance.now();
    await run();
    const ms = performance.now() - t0;
    assert.ok(ms < 250, `${name} took ${ms.toFixed(0)} ms on 100 kB of adversarial input`);
  }
});
