// The server side of the landing pages: escaping by default, URL schemes allowed in links, the strict
// Content-Security-Policy, no inline script or style in the markup, the assets and theme routes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt } from '../../../src/service/web/build.mjs';
import { html, safeUrl, trusted } from '../../../src/service/web/html.js';
import { landingPage, servicePage, type AssetManifest } from '../../../src/service/web/pages.js';
import { createTenantWithKey, createTestApp, type TestApp } from '../../helpers/service.js';

const ASSETS: AssetManifest = { 'app.js': 'app-TEST.js', 'app.css': 'styles-TEST.css', 'favicon.svg': 'favicon.svg' };
const LIMITS = { perIpPerDay: 1, cacheSeconds: 300 };

/** Markup must not carry inline behaviour or style: what a strict CSP would block anyway. */
function assertNoInline(page: string): void {
  assert.doesNotMatch(page, /<script(?![^>]*\bsrc=)[^>]*>/i, 'inline script');
  assert.doesNotMatch(page, /<style/i, 'style element');
  assert.doesNotMatch(page, /<[^>]*\sstyle=/i, 'style attribute');
  assert.doesNotMatch(page, /<[^>]*\son[a-z]+=/i, 'event-handler attribute');
  assert.doesNotMatch(page, /<[^>]*javascript:/i);
}

describe('html escaping', () => {
  it('escapes every interpolated value unless it is our own markup', () => {
    const name = `<img src=x onerror="alert('x')"> & co`;
    assert.equal(html`<p title="${name}">${name}</p>`.toString(), '<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co</p>');
    assert.equal(html`<div>${html`<b>${'<i>'}</b>`}${trusted('<hr>')}${null}${false}${['<a>', 1]}</div>`.toString(), '<div><b>&lt;i&gt;</b><hr>&lt;a&gt;1</div>');
  });

  it('lets only http(s) URLs into links, and https only where asked', () => {
    assert.equal(safeUrl('https://acme.example/x?y=1'), 'https://acme.example/x?y=1');
    assert.equal(safeUrl('http://acme.example'), 'http://acme.example/');
    assert.equal(safeUrl('http://acme.example', ['https:']), null);
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', 'not a url', '', null]) {
      assert.equal(safeUrl(bad), null, String(bad));
    }
  });
});

describe('page templates', () => {
  it('renders a tenant page with every value escaped and unsafe URLs left out', () => {
    const page = landingPage(
      {
        subdomain: 'acme',
        companyName: '</title><script>alert(1)</script>',
        headline: '"><svg onload=alert(1)>',
        logoUrl: 'http://insecure.example/logo.png',
        websiteUrl: 'javascript:alert(1)',
        supportEmail: 'help@acme.example',
      },
      ASSETS,
      LIMITS,
    );
    assertNoInline(page);
    assert.ok(page.includes('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(page.includes('&quot;&gt;&lt;svg onload=alert(1)&gt;'));
    assert.ok(!page.includes('insecure.example'), 'a non-https logo is not shown');
    assert.ok(page.includes('<link rel="stylesheet" href="/p/acme/theme.css">'));
    assert.ok(page.includes('<script type="module" src="/static/app-TEST.js"></script>'));
    assert.ok(page.includes('href="mailto:help@acme.example"'));
  });

  it('percent-encodes the support address so it cannot add headers to the mail link', () => {
    const page = landingPage({ subdomain: 'acme', companyName: 'Acme', headline: null, logoUrl: null, websiteUrl: null, supportEmail: 'help?cc=boss&x=1@acme.example' }, ASSETS, LIMITS);
    assert.ok(page.includes('href="mailto:help%3Fcc%3Dboss%26x%3D1@acme.example"'), page.match(/mailto:[^"]*/)?.[0]);
    assert.ok(!page.includes('mailto:help?'));
  });

  it('falls back to the subdomain and a default headline when the tenant set neither', () => {
    const page = landingPage({ subdomain: 'beta-sec', companyName: null, headline: null, logoUrl: null, websiteUrl: null, supportEmail: null }, ASSETS, LIMITS);
    assert.match(page, /<span class="brand-name">beta-sec<\/span>/);
    assert.match(page, /<h1 id="page-title">Find the cryptography/);
    assert.ok(!page.includes('mailto:'));
  });

  it("renders the service's own page without inline code", () => {
    assertNoInline(servicePage(ASSETS, LIMITS));
  });

  it('tells visitors the configured demo limits', () => {
    assert.match(servicePage(ASSETS, LIMITS), /one new scan per visitor per day\. A repository someone scanned in the last 5 minutes opens straight away\./);
    assert.match(servicePage(ASSETS, { perIpPerDay: 3, cacheSeconds: 0 }), /3 new scans per visitor per day\.<\/p>/);
  });
});

describe('web routes', () => {
  let t: TestApp;
  before(async () => {
    await ensureBuilt();
    t = await createTestApp('sqlite');
    const { headers } = await createTenantWithKey(t.store);
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/cbom/branding', headers, payload: { subdomain: 'acme', accent_color: '#0b6e4f' } });
    assert.equal(res.statusCode, 200);
  });
  after(async () => {
    await t?.cleanup();
  });

  it('serves pages with a strict CSP of their own and no inline code', async () => {
    for (const url of ['/', '/p/acme', '/p/ACME']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /style-src 'self'(;|$)/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.doesNotMatch(csp, /unsafe/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assertNoInline(res.body);
    }
  });

  it('serves the bundle from /static with long-lived caching, and the theme per tenant', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/p/acme' })).body;
    for (const [, file] of page.matchAll(/(?:src|href)="\/static\/([^"]+)"/g)) {
      const res = await t.app.inject({ method: 'GET', url: `/static/${file}` });
      assert.equal(res.statusCode, 200, file);
      if (file !== 'favicon.svg') assert.match(String(res.headers['cache-control']), /immutable/);
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/static/nope.js' })).statusCode, 404);
    assert.equal((await t.app.inject({ method: 'GET', url: '/static/../package.json' })).statusCode, 404);
    const theme = await t.app.inject({ method: 'GET', url: '/p/acme/theme.css' });
    assert.equal(theme.body, ':root{--accent:#0B6E4F;--on-accent:#FFFFFF;--accent-ink:#0B6E4F;}\n');
    assert.equal((await t.app.inject({ method: 'GET', url: '/p/nobody/theme.css' })).statusCode, 404);
    assert.match((await t.app.inject({ method: 'GET', url: '/theme.css' })).body, /^:root\{--accent:#/);
  });

  it('answers unknown or malformed landing pages with the 404 page', async () => {
    for (const url of ['/p/nobody', '/p/a', '/p/%3Cscript%3E', '/p/-bad-']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.match(res.body, /This page does not exist/);
      assertNoInline(res.body);
    }
  });
});
