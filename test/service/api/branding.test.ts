// Branding API (DESIGN.md section 4, Branding) on every available dialect: partial updates and
// clearing, every validation rule with its 422 location, subdomain uniqueness (409, also under a
// race), scopes, tenant isolation, the public lookup, and the live_url page really showing the brand.
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEachDialect, createTenantWithKey, type TenantWithKey } from '../../helpers/service.js';
import { ensureBuilt } from '../../../src/service/web/build.mjs';

const URL_BRANDING = '/api/v1/cbom/branding';

describeEachDialect('branding API', (t) => {
  let a: TenantWithKey;
  let b: TenantWithKey;

  before(async () => {
    await ensureBuilt();
    a = await createTenantWithKey(t.store, { name: 'Acme Audit' });
    b = await createTenantWithKey(t.store, { name: 'Beta Security' });
  });

  const put = (who: TenantWithKey, body: unknown) => t.app.inject({ method: 'PUT', url: URL_BRANDING, headers: who.headers, payload: body as object });
  const get = (who: TenantWithKey) => t.app.inject({ method: 'GET', url: URL_BRANDING, headers: who.headers });

  it('starts empty: every field null and no live_url', async () => {
    const res = await get(a);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      branding: { company_name: null, subdomain: null, logo_url: null, website_url: null, support_email: null, accent_color: null, headline: null, updated_at: null },
      live_url: null,
    });
  });

  it('saves the fields sent, keeps the others, and null clears one', async () => {
    const first = await put(a, {
      company_name: 'Acme Audit',
      subdomain: 'acme-audit',
      logo_url: 'https://cdn.acme.example/logo.svg',
      website_url: 'http://acme.example',
      support_email: 'help@acme.example',
      accent_color: '#1a7f37',
      headline: 'Quantum-ready in 30 days',
    });
    assert.equal(first.statusCode, 200, first.body);
    const body = first.json();
    assert.equal(body.live_url, `${t.config.publicBaseUrl}/p/acme-audit`);
    assert.equal(body.branding.accent_color, '#1A7F37', 'colours are stored in one spelling');
    assert.match(body.branding.updated_at, /^\d{4}-\d\d-\d\dT/);

    const second = await put(a, { headline: 'New headline', website_url: null });
    assert.equal(second.statusCode, 200);
    const after = (await get(a)).json();
    assert.equal(after.branding.headline, 'New headline');
    assert.equal(after.branding.website_url, null);
    assert.equal(after.branding.company_name, 'Acme Audit');
    assert.equal(after.branding.subdomain, 'acme-audit');
    assert.equal(after.branding.logo_url, 'https://cdn.acme.example/logo.svg');
    assert.equal(after.live_url, `${t.config.publicBaseUrl}/p/acme-audit`);

    const empty = await put(a, {});
    assert.equal(empty.statusCode, 200, 'an empty update is valid and changes nothing');
    assert.equal(empty.json().branding.headline, 'New headline');
  });

  const invalid: [string, unknown, string][] = [
    ['company_name', 'x'.repeat(121), 'string_too_long'],
    ['company_name', '   ', 'value_error'],
    ['company_name', 'two\nlines', 'string_pattern_mismatch'],
    ['company_name', 42, 'type_error'],
    ['subdomain', 'ab', 'string_too_short'],
    ['subdomain', 'a'.repeat(64), 'string_too_long'],
    ['subdomain', 'Acme', 'string_pattern_mismatch'],
    ['subdomain', '-acme', 'string_pattern_mismatch'],
    ['subdomain', 'acme-', 'string_pattern_mismatch'],
    ['subdomain', 'ac_me', 'string_pattern_mismatch'],
    ['subdomain', 'acme.example', 'string_pattern_mismatch'],
    ['subdomain', 'www', 'value_error'],
    ['subdomain', 'admin', 'value_error'],
    ['subdomain', 'api', 'value_error'],
    ['subdomain', 'static', 'value_error'],
    ['logo_url', 'http://cdn.acme.example/logo.png', 'string_pattern_mismatch'],
    ['logo_url', 'javascript:alert(1)', 'string_pattern_mismatch'],
    ['logo_url', 'https://', 'value_error'],
    ['logo_url', `https://acme.example/${'a'.repeat(2030)}`, 'string_too_long'],
    ['logo_url', 'https://user:secret@acme.example/logo.png', 'value_error'],
    ['website_url', 'ftp://acme.example', 'string_pattern_mismatch'],
    ['website_url', 'data:text/html,hi', 'string_pattern_mismatch'],
    ['support_email', 'not-an-email', 'value_error'],
    ['accent_color', 'red', 'string_pattern_mismatch'],
    ['accent_color', '#FFF', 'string_pattern_mismatch'],
    ['accent_color', '#GG0000', 'string_pattern_mismatch'],
    ['headline', 'h'.repeat(201), 'string_too_long'],
    ['favourite_colour', 'blue', 'extra_forbidden'],
  ];
  for (const [field, value, type] of invalid) {
    it(`refuses ${field}=${JSON.stringify(value).slice(0, 40)} with a 422 on ["body","${field}"] and changes nothing`, async () => {
      const before = (await get(a)).json();
      const res = await put(a, { headline: 'must not be saved', [field]: value });
      assert.equal(res.statusCode, 422, res.body);
      const detail = res.json().detail as { loc: unknown[]; msg: string; type: string }[];
      assert.ok(Array.isArray(detail));
      const hit = detail.find((d) => d.loc[0] === 'body' && d.loc[1] === field);
      assert.ok(hit, `no error located at body.${field}: ${res.body}`);
      assert.equal(hit.type, type);
      assert.equal(typeof hit.msg, 'string');
      assert.deepEqual((await get(a)).json(), before);
    });
  }

  it('refuses a body that is not an object with 400', async () => {
    const res = await t.app.inject({ method: 'PUT', url: URL_BRANDING, headers: { ...a.headers, 'content-type': 'application/json' }, payload: '["x"]' });
    assert.equal(res.statusCode, 400);
    assert.equal(typeof res.json().detail, 'string');
  });

  it('gives 409 when another tenant holds the subdomain, and lets the owner save it again', async () => {
    const res = await put(b, { subdomain: 'acme-audit', company_name: 'Beta' });
    assert.equal(res.statusCode, 409);
    assert.match(res.json().detail, /acme-audit/);
    assert.equal((await get(b)).json().branding.company_name, null, 'the refused update saved nothing');
    assert.equal((await put(a, { subdomain: 'acme-audit' })).statusCode, 200);
  });

  it('frees a subdomain when its owner clears or changes it', async () => {
    assert.equal((await put(a, { subdomain: 'acme-two' })).statusCode, 200);
    assert.equal((await put(b, { subdomain: 'acme-audit' })).statusCode, 200);
    assert.equal((await put(b, { subdomain: null })).statusCode, 200);
    assert.equal((await get(b)).json().live_url, null);
    assert.equal((await put(a, { subdomain: 'acme-audit' })).statusCode, 200);
  });

  it('lets exactly one of two tenants racing for a subdomain win (unique index)', async () => {
    const c = await createTenantWithKey(t.store);
    const d = await createTenantWithKey(t.store);
    const results = await Promise.all([put(c, { subdomain: 'contested' }), put(d, { subdomain: 'contested' })]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409]);
  });

  it('keeps tenants apart: each sees only its own branding', async () => {
    const other = await createTenantWithKey(t.store);
    assert.equal((await get(other)).json().branding.company_name, null);
    assert.equal((await get(a)).json().branding.company_name, 'Acme Audit');
  });

  it('needs a key (401) and the branding:write scope to change (403), any key to read', async () => {
    const none = await t.app.inject({ method: 'GET', url: URL_BRANDING });
    assert.equal(none.statusCode, 401);
    assert.match(String(none.headers['www-authenticate']), /^Bearer/);
    const reader = await createTenantWithKey(t.store, { tenantId: a.tenant.id, scopes: ['scans:read'] });
    assert.equal((await get(reader)).statusCode, 200);
    const denied = await put(reader, { headline: 'nope' });
    assert.equal(denied.statusCode, 403);
    assert.match(denied.json().detail, /branding:write/);
  });

  it('serves the public fields by subdomain without a key, case-insensitively; unknown is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cbom/branding/by-subdomain/ACME-AUDIT' });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(Object.keys(body.branding).sort(), ['accent_color', 'company_name', 'headline', 'logo_url', 'subdomain', 'support_email', 'website_url']);
    assert.equal(body.branding.company_name, 'Acme Audit');
    assert.equal(body.live_url, `${t.config.publicBaseUrl}/p/acme-audit`);
    assert.ok(!JSON.stringify(body).includes(a.tenant.id), 'the tenant id is not public');
    for (const slug of ['nobody-here', 'x', '..', '%3Cscript%3E']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/v1/cbom/branding/by-subdomain/${slug}` });
      assert.equal(missing.statusCode, 404, slug);
      assert.equal(typeof missing.json().detail, 'string');
    }
  });

  it('live_url is a page that shows the brand, with its colours in the theme stylesheet', async () => {
    await put(a, { company_name: 'Acme <b>Audit</b> & Co', accent_color: '#FFD200', headline: 'Ready for "Q-day"?', subdomain: 'acme-audit' });
    const live = new URL((await get(a)).json().live_url as string);
    const page = await t.app.inject({ method: 'GET', url: live.pathname });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.ok(page.body.includes('Acme &lt;b&gt;Audit&lt;/b&gt; &amp; Co'), 'company name escaped');
    assert.ok(!page.body.includes('<b>Audit</b>'));
    assert.ok(page.body.includes('Ready for &quot;Q-day&quot;?'));
    assert.ok(page.body.includes('href="mailto:help@acme.example"'));
    assert.ok(page.body.includes('src="https://cdn.acme.example/logo.svg"'));
    const theme = await t.app.inject({ method: 'GET', url: `${live.pathname}/theme.css` });
    assert.equal(theme.statusCode, 200);
    assert.match(String(theme.headers['content-type']), /^text\/css/);
    assert.match(theme.body, /--accent:#FFD200;/);
    assert.match(theme.body, /--on-accent:#000000;/, 'black text on a yellow accent');
  });
});
