// The interactive API reference renders in a real browser under its Content-Security-Policy, lists
// the operations of the OpenAPI document, and makes no request to another host.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createTestApp } from '../../helpers/service.js';

const CHROMIUM = process.env.CBOM_CHROMIUM_PATH || '/usr/bin/chromium';
const SKIP = existsSync(CHROMIUM) ? false : `Browser suite skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CBOM_CHROMIUM_PATH)`;

it('/api/v1/cbom/docs renders every operation without CSP errors or third-party requests', { skip: SKIP, timeout: 60_000 }, async () => {
  const t = await createTestApp('sqlite');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) problems.push(`third-party request ${r.url()}`);
    });
    page.on('requestfailed', (r) => problems.push(`failed ${r.url()}`));
    await page.goto(`${base}/api/v1/cbom/docs`);
    await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
    const shown = await page.$$eval('.opblock', (els) => els.map((e) => `${e.querySelector('.opblock-summary-method')?.textContent} ${e.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`));
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/cbom/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const expected = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    assert.deepEqual([...shown].sort(), [...expected].sort());
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await t.cleanup();
  }
});
