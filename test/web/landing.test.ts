// Browser tests of the landing pages with playwright-core driving Debian Chromium against a real
// server (SQLite, in-process workers) and the local fake GitHub. They check what a visitor sees: the
// tenant's brand (name, logo, computed accent colour with readable text), markup in a company name
// shown as text, a demo scan with live progress then the charts and the asset table linking to the
// exact lines at the scanned commit, a BOM download, the 429 message, and no console errors or CSP
// violations anywhere. Screenshots go to test-results/web/ for a person to look at.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { API, createScanTestApp, type ScanTestApp } from '../helpers/scan-app.js';
import { createTenantWithKey } from '../helpers/service.js';
import { ensureBuilt } from '../../src/service/web/build.mjs';
import { contrastRatio } from '../../src/service/web/theme.js';

const CHROMIUM = process.env.CBOM_CHROMIUM_PATH || '/usr/bin/chromium';
const SKIP = existsSync(CHROMIUM) ? false : `Browser suite skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CBOM_CHROMIUM_PATH)`;
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const SHOTS = path.resolve('test-results/web');

const LOGO_URL = 'https://cdn.acme-audit.example/logo.svg';
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="36" viewBox="0 0 120 36"><rect width="36" height="36" rx="8" fill="#0B6E4F"/><text x="44" y="25" font-family="sans-serif" font-size="18" font-weight="700" fill="#0B6E4F">ACME</text></svg>';
const NASTY_NAME = 'Acme <img src=x onerror="window.__pwned=1"> & "Partners"';

/** `#RRGGBB` -> `rgb(r, g, b)` as getComputedStyle reports it. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

interface Watched {
  page: Page;
  problems: string[];
}

describe('landing pages in Chromium', { skip: SKIP }, () => {
  let gh: FakeGitHub;
  let t: ScanTestApp;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  const opened: Watched[] = [];

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await ensureBuilt();
    gh = await startFakeGitHub({
      repos: [
        // Slow enough that the progress panel is on screen for a while.
        { owner: 'octo-org', name: 'payments-service', fixture: 'payments-service', committedAt: '2026-10-01T12:00:00Z', tarballDelayMs: 1200 },
        { owner: 'octo-org', name: 'legacy-gateway', fixture: 'legacy-gateway' },
      ],
    });
    t = await createScanTestApp('sqlite', { github: gh, env: { CBOM_DEMO_PER_IP_PER_DAY: '2' } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });

    const acme = await createTenantWithKey(t.store);
    const put = (who: typeof acme, payload: object) => t.app.inject({ method: 'PUT', url: `${API}/branding`, headers: who.headers, payload });
    const saved = await put(acme, {
      company_name: 'Acme Audit',
      subdomain: 'acme-audit',
      logo_url: LOGO_URL,
      website_url: 'https://acme-audit.example',
      support_email: 'help@acme-audit.example',
      accent_color: '#FFD200',
      headline: 'Is your code ready for quantum computers?',
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const nasty = await createTenantWithKey(t.store);
    assert.equal((await put(nasty, { company_name: NASTY_NAME, subdomain: 'nasty', accent_color: '#1B1464', headline: '<script>window.__pwned=2</script>' })).statusCode, 200);

    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, reducedMotion: 'reduce' });
    // The logo lives on the tenant's own https host; serve it here (tests never touch the network).
    await context.route(LOGO_URL, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO_SVG }));
    // CSP violations reach the page as events; an init script (not subject to the page's CSP) records them.
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
  });

  after(async () => {
    await browser?.close();
    await t?.cleanup();
    await gh?.close();
  });

  async function open(url: string, width = 1280): Promise<Watched> {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    const res = await page.goto(base + url);
    assert.ok(res, url);
    const w = { page, problems };
    opened.push(w);
    return w;
  }

  async function assertClean(w: Watched): Promise<void> {
    const csp = await w.page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    assert.deepEqual([...w.problems, ...csp.map((c) => `CSP violation: ${c}`)], [], 'no console errors, page errors or CSP violations');
  }

  it('shows the brand: name, logo, accent colour with readable text, links', async () => {
    const w = await open('/p/acme-audit');
    const { page } = w;
    assert.equal(await page.title(), 'Acme Audit · Quantum-readiness scan');
    assert.equal((await page.locator('.brand-name').textContent())?.trim(), 'Acme Audit');
    assert.equal(await page.locator('h1').textContent(), 'Is your code ready for quantum computers?');
    const logo = page.locator('img.brand-logo');
    assert.equal(await logo.getAttribute('src'), LOGO_URL);
    assert.ok(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the logo loaded');
    const button = page.locator('#scan-submit');
    const colours = await button.evaluate((b) => ({ bg: getComputedStyle(b).backgroundColor, fg: getComputedStyle(b).color }));
    assert.equal(colours.bg, rgb('#FFD200'), 'the accent colour is applied');
    assert.equal(colours.fg, rgb('#000000'), 'black text on a light accent');
    assert.ok(contrastRatio('#FFD200', '#000000') >= 4.5);
    // Links use the accent darkened until readable on white.
    const linkColour = await page.locator('.site-nav a').first().evaluate((a) => getComputedStyle(a).color);
    const [r, g, b] = linkColour.match(/\d+/g)!.map(Number);
    const hex = `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
    assert.ok(contrastRatio(hex, '#FFFFFF') >= 4.5, `link colour ${hex} readable on white`);
    assert.equal(await page.locator('a[href="https://acme-audit.example/"]').count() > 0, true);
    assert.equal(await page.locator('a[href="mailto:help@acme-audit.example"]').count() > 0, true);
    // Keyboard: the first Tab shows the skip link, which leads straight to the form, with a visible focus ring.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'skip-link');
    assert.ok((await page.locator('.skip-link').boundingBox())!.y >= 0, 'the skip link is on screen when focused');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'repo-url');
    const ring = await page.locator('#repo-url').evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.notEqual(ring, 'none', 'focus is visible');
    const csp = (await page.request.get(base + '/p/acme-audit')).headers()['content-security-policy'];
    assert.match(csp!, /script-src 'self'/);
    assert.doesNotMatch(csp!, /unsafe-inline/);
    await page.screenshot({ path: path.join(SHOTS, 'brand-acme-desktop.png'), fullPage: true });
    await assertClean(w);
  });

  it('renders markup typed into the branding as text, and dark accents get white text', async () => {
    const w = await open('/p/nasty');
    const { page } = w;
    assert.equal(await page.locator('.brand-name').textContent(), NASTY_NAME);
    assert.equal(await page.locator('h1').textContent(), '<script>window.__pwned=2</script>');
    assert.equal(await page.locator('img[src="x"]').count(), 0, 'no element was created from the name');
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    const fg = await page.locator('#scan-submit').evaluate((b) => getComputedStyle(b).color);
    assert.equal(fg, rgb('#FFFFFF'));
    await page.screenshot({ path: path.join(SHOTS, 'brand-markup-name.png') });
    await assertClean(w);
  });

  it('answers an unknown landing page with a 404 page', async () => {
    const page = await context.newPage();
    const res = await page.goto(`${base}/p/nobody-here`);
    assert.equal(res?.status(), 404);
    assert.match((await page.locator('h1').textContent()) ?? '', /does not exist/);
    await page.close();
  });

  it('runs a demo scan: progress, then the charts, findings and asset table, and downloads the BOMs', async () => {
    const w = await open('/p/acme-audit');
    const { page } = w;
    // Keyboard only: focus the field, type, press Enter.
    await page.focus('#repo-url');
    await page.keyboard.type('https://github.com/octo-org/payments-service');
    await page.keyboard.press('Enter');

    await page.locator('#progress').waitFor({ state: 'visible' });
    await page.locator('#progress-status').filter({ hasText: /Downloading|Waiting|Looking/ }).waitFor();
    assert.equal(await page.locator('#progress-status').getAttribute('aria-live'), 'polite');
    await page.screenshot({ path: path.join(SHOTS, 'demo-progress.png') });

    await page.locator('#results').waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(page.url(), /\?scan=cbom_[A-Za-z0-9]{16}$/, 'the address can be shared');
    const id = new URL(page.url()).searchParams.get('scan')!;
    const api = (await (await page.request.get(`${base}${API}/demo/scans/${id}`)).json()) as Record<string, any>;
    assert.equal(api.status, 'completed');

    // Charts drew something.
    for (const canvas of ['#chart-levels', '#chart-primitives']) {
      const painted = await page.locator(canvas).evaluate((c: HTMLCanvasElement) => {
        const ctx = c.getContext('2d')!;
        const data = ctx.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
        return { n, w: c.width, h: c.height, label: c.getAttribute('aria-label') ?? '' };
      });
      assert.ok(painted.w > 100 && painted.h > 100, `${canvas} has a size`);
      assert.ok(painted.n > 1000, `${canvas} is painted`);
      assert.match(painted.label, /algorithm|primitive/i);
    }

    // Severity chips match the summary.
    for (const s of ['critical', 'high', 'medium', 'low', 'info']) {
      assert.equal(Number(await page.locator(`.sev-chip.sev-${s} .sev-count`).textContent()), api.findings_summary[s], s);
    }
    assert.equal(await page.locator('#findings-list > li.finding').count(), api.findings.length);

    // One row per component; links go to the exact line at the scanned commit.
    assert.equal(await page.locator('#asset-rows > tr').count(), api.components.length);
    const sha = gh.shaOf('octo-org', 'payments-service');
    const hrefs = await page.locator('#asset-rows a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    assert.ok(hrefs.length > 0);
    for (const h of hrefs) assert.match(h, new RegExp(`^https://github\\.com/octo-org/payments-service/blob/${sha}/[^#]+#L\\d+(-L\\d+)?$`));
    const first = api.components.find((c: any) => c.occurrences.length > 0);
    const loc = first.occurrences[0];
    assert.ok(hrefs.some((h) => h.endsWith(`/blob/${sha}/${loc.path}#L${loc.line}`) || h.includes(`/blob/${sha}/${loc.path}#L${loc.line}-`)));

    // Filtering the table.
    await page.selectOption('#asset-show', 'vulnerable');
    const vulnerable = api.components.filter((c: any) => c.kind === 'algorithm' && c.nist_quantum_level === 0).length;
    assert.equal(await page.locator('#asset-rows > tr:visible').count(), vulnerable);
    await page.selectOption('#asset-show', 'all');

    await page.screenshot({ path: path.join(SHOTS, 'demo-results-desktop.png'), fullPage: true });

    // Downloads: the same bytes the API serves.
    for (const [button, format, marker] of [['#download-cyclonedx', 'cyclonedx', '"bomFormat"'], ['#download-spdx', 'spdx', '"@context"']] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      assert.match(download.suggestedFilename(), /^octo-org-payments-service-[0-9a-f]{12}\.(cdx|spdx)\.json$/);
      const file = await download.path();
      const bytes = readFileSync(file);
      const stored = await t.store.scans.getBom(id, format);
      assert.equal(bytes.toString('utf8'), stored!.document);
      assert.ok(bytes.toString('utf8').includes(marker));
    }
    await assertClean(w);

    // The shared address re-opens the results.
    const again = await open(`/p/acme-audit?scan=${id}`, 390);
    await again.page.locator('#results').waitFor({ state: 'visible', timeout: 10_000 });
    assert.equal(await again.page.locator('#asset-rows > tr').count(), api.components.length);
    await again.page.screenshot({ path: path.join(SHOTS, 'demo-results-mobile.png'), fullPage: true });
    await assertClean(again);
  });

  it("the service's own page scans too, and says clearly when the daily demo allowance is used up", async () => {
    const w = await open('/');
    const { page } = w;
    assert.match((await page.locator('h1').textContent()) ?? '', /cryptography/i);
    await page.fill('#repo-url', 'https://github.com/octo-org/legacy-gateway');
    await page.click('#scan-submit');
    await page.locator('#results').waitFor({ state: 'visible', timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, 'service-page-results.png'), fullPage: true });

    await page.click('#scan-again');
    assert.equal(await page.locator('#results').isVisible(), false);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'repo-url', 'focus returns to the field');
    await page.fill('#repo-url', 'https://github.com/octo-org/another-one');
    await page.click('#scan-submit');
    const error = page.locator('#form-error');
    await error.waitFor({ state: 'visible' });
    assert.equal(await error.getAttribute('role'), 'alert');
    assert.match((await error.textContent()) ?? '', /2 new scans per visitor every 24 hours; the next one is possible in \d+ (hours|minutes)$/);
    // A client-side check stops obvious mistakes before they reach the server.
    await page.fill('#repo-url', 'https://gitlab.com/x/y');
    await page.click('#scan-submit');
    assert.match((await error.textContent()) ?? '', /GitHub repository address/);
    assert.equal(await page.locator('#repo-url').getAttribute('aria-invalid'), 'true');
    await page.screenshot({ path: path.join(SHOTS, 'service-page-limit.png') });
    // The 429 is a console "Failed to load resource" error by design; nothing else may be.
    w.problems.splice(0, w.problems.length, ...w.problems.filter((p) => !/status of 429/.test(p)));
    await assertClean(w);
  });
});
