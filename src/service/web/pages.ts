// The server-rendered landing pages: a tenant's white-label page (/p/{subdomain}), the service's own
// page (/) and a not-found page. Everything a tenant typed goes through `html` (escaped) and URLs
// through `safeUrl`; the brand colour comes from a separate stylesheet, and behaviour from the bundled
// module script, so the pages carry no inline script or style and work under a strict CSP.
import { METHODOLOGY_VERSION } from '../../engine/methodology.js';
import { html, safeUrl, trusted, type SafeHtml } from './html.js';

/** Hashed file names of the bundle (dist/web/manifest.json). */
export interface AssetManifest {
  'app.js': string;
  'app.css': string;
  'favicon.svg': string;
}

/** What a landing page shows of a tenant's branding (the public fields). */
export interface PageBrand {
  companyName: string | null;
  subdomain: string;
  logoUrl: string | null;
  websiteUrl: string | null;
  supportEmail: string | null;
  headline: string | null;
}

/** The demo's limits as the visitor is told them (CBOM_DEMO_PER_IP_PER_DAY, CBOM_DEMO_CACHE_SECONDS). */
export interface DemoLimitsText {
  perIpPerDay: number;
  cacheSeconds: number;
}

function limitsText(l: DemoLimitsText): string {
  const scans = l.perIpPerDay === 1 ? 'one new scan' : `${l.perIpPerDay} new scans`;
  const minutes = Math.round(l.cacheSeconds / 60);
  const cache =
    l.cacheSeconds === 0 ? '' : ` A repository someone scanned in the last ${minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${l.cacheSeconds} seconds`} opens straight away.`;
  return `Free, no account needed: ${scans} per visitor per day.${cache}`;
}

export const STATIC_PREFIX = '/static/';
export const DEMO_API_PATH = '/api/v1/cbom/demo/scans';
const SERVICE_NAME = 'CBOM Partner API';
const DEFAULT_HEADLINE = 'Find the cryptography in your code before quantum computers do';

interface Layout {
  title: string;
  description: string;
  themeHref: string;
  header: SafeHtml;
  main: SafeHtml;
  footer: SafeHtml;
  assets: AssetManifest;
  /** False on pages without the scanner (the script expects its elements). */
  script?: boolean;
}

function layout(p: Layout): string {
  const s = (name: keyof AssetManifest) => `${STATIC_PREFIX}${p.assets[name]}`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.title}</title>
<meta name="description" content="${p.description}">
<meta name="referrer" content="strict-origin-when-cross-origin">
<link rel="icon" href="${s('favicon.svg')}" type="image/svg+xml">
<link rel="stylesheet" href="${s('app.css')}">
<link rel="stylesheet" href="${p.themeHref}">
${p.script === false ? '' : html`<script type="module" src="${s('app.js')}"></script>`}
</head>
<body data-demo-api="${DEMO_API_PATH}">
<a class="skip-link" href="#main">Skip to content</a>
${p.header}
<main id="main">
${p.main}
</main>
${p.footer}
</body>
</html>
`.toString();
}

/**
 * A sketch of a report beside the form (decorative, hidden from assistive technology). Plain SVG
 * shapes; colours come from classes in the stylesheet, so it follows the tenant's accent.
 */
const REPORT_ART = trusted(`<svg class="hero-art" viewBox="0 0 360 300" aria-hidden="true" focusable="false">
<rect class="art-card" x="8" y="8" width="344" height="284" rx="18"/>
<rect class="art-line strong" x="32" y="34" width="150" height="12" rx="6"/>
<rect class="art-line" x="32" y="56" width="96" height="8" rx="4"/>
<rect class="art-accent" x="254" y="30" width="74" height="26" rx="9"/>
<circle class="art-ring" cx="92" cy="150" r="46"/>
<circle class="art-ring lvl0" cx="92" cy="150" r="46" pathLength="100" stroke-dasharray="58 42" transform="rotate(-90 92 150)"/>
<circle class="art-ring lvl1" cx="92" cy="150" r="46" pathLength="100" stroke-dasharray="14 86" stroke-dashoffset="-58" transform="rotate(-90 92 150)"/>
<circle class="art-ring lvl5" cx="92" cy="150" r="46" pathLength="100" stroke-dasharray="28 72" stroke-dashoffset="-72" transform="rotate(-90 92 150)"/>
<rect class="art-bar lvl0" x="172" y="106" width="150" height="14" rx="4"/>
<rect class="art-bar lvl0" x="172" y="130" width="108" height="14" rx="4"/>
<rect class="art-bar lvl1" x="172" y="154" width="76" height="14" rx="4"/>
<rect class="art-bar lvl5" x="172" y="178" width="124" height="14" rx="4"/>
<rect class="art-line" x="32" y="226" width="296" height="8" rx="4"/>
<rect class="art-line" x="32" y="246" width="240" height="8" rx="4"/>
<rect class="art-badge lvl0" x="284" y="222" width="44" height="16" rx="8"/>
<rect class="art-badge lvl5" x="284" y="242" width="44" height="16" rx="8"/>
</svg>`);

const LEDE =
  'Paste the address of a public GitHub repository. We find every cryptographic algorithm, key, certificate and protocol in it, show how each one holds up against a quantum computer, and hand you a Cryptographic Bill of Materials in CycloneDX and SPDX.';

/** The scan form, the progress panel and the (empty) results view the client script fills. */
function scanner(headline: string, eyebrow: string, limits: DemoLimitsText): SafeHtml {
  return html`<section class="hero" aria-labelledby="page-title">
<div class="wrap hero-grid">
<div class="hero-copy">
<p class="eyebrow">${eyebrow}</p>
<h1 id="page-title">${headline}</h1>
<p class="lede">${LEDE}</p>
<form id="scan-form" class="scan-form" novalidate>
<label for="repo-url">Public GitHub repository</label>
<div class="field-row">
<input id="repo-url" name="repo_url" type="url" inputmode="url" autocomplete="url" spellcheck="false" required maxlength="400" placeholder="https://github.com/owner/repository" aria-describedby="repo-help form-error">
<button id="scan-submit" class="btn btn-primary" type="submit">Scan repository</button>
</div>
<p id="repo-help" class="hint">${limitsText(limits)}</p>
<p id="form-error" class="form-error" role="alert" hidden></p>
<noscript><p class="form-error">The scanner on this page needs JavaScript. The same scan is available through the API.</p></noscript>
</form>
</div>
${REPORT_ART}
</div>
</section>
<section id="progress" class="progress-panel" aria-labelledby="progress-title" hidden>
<div class="wrap">
<div class="progress-card">
<h2 id="progress-title">Scanning <span id="progress-repo"></span></h2>
<ol id="progress-steps" class="steps">
<li data-phase="queued">Queued</li>
<li data-phase="downloading">Downloading</li>
<li data-phase="scanning">Scanning</li>
<li data-phase="completed">Done</li>
</ol>
<progress id="progress-bar" max="100" value="0" aria-labelledby="progress-title">0%</progress>
<p id="progress-status" class="status" role="status" aria-live="polite"></p>
<p id="progress-detail" class="status-detail"></p>
<p id="progress-error" class="progress-error" role="alert" hidden></p>
</div>
</div>
</section>
<section id="results" class="results" aria-labelledby="results-title" tabindex="-1" hidden>
<div class="wrap">
<div class="results-head">
<div>
<p class="eyebrow">Quantum-readiness report</p>
<h2 id="results-title"></h2>
<p id="results-meta" class="meta"></p>
</div>
<div class="downloads" role="group" aria-label="Download the bill of materials">
<a id="download-cyclonedx" class="btn btn-primary" download>Download CycloneDX 1.6</a>
<a id="download-spdx" class="btn btn-secondary" download>Download SPDX 3.0.1</a>
</div>
</div>
<dl id="stats" class="stats"></dl>
<div id="charts" class="grid-2">
<figure class="card chart-card">
<h3 id="chart-levels-title">Algorithms by NIST quantum security level</h3>
<p class="card-sub">Level 0 falls to a quantum computer; levels 1 to 5 follow NIST's post-quantum categories.</p>
<div class="chart-box"><canvas id="chart-levels" role="img" aria-labelledby="chart-levels-title"></canvas></div>
<details><summary>Show as a table</summary><div id="table-levels"></div></details>
</figure>
<figure class="card chart-card">
<h3 id="chart-primitives-title">Algorithms by primitive</h3>
<p class="card-sub">What each algorithm is used for, coloured by its quantum security level.</p>
<div id="chart-primitives-box" class="chart-box"><canvas id="chart-primitives" role="img" aria-labelledby="chart-primitives-title"></canvas></div>
<details><summary>Show as a table</summary><div id="table-primitives"></div></details>
</figure>
</div>
<p id="charts-empty" class="card empty-note" hidden>No cryptographic algorithms were found in this repository.</p>
<section class="card" aria-labelledby="findings-title">
<h3 id="findings-title">Findings by severity</h3>
<ul id="severity-bar" class="severity-bar"></ul>
<ol id="findings-list" class="findings"></ol>
</section>
<section class="card" aria-labelledby="assets-title">
<h3 id="assets-title">Cryptographic assets</h3>
<p class="card-sub">Every algorithm, key, certificate, protocol and crypto library found, with links to the exact lines at the scanned commit.</p>
<div class="table-tools">
<div><label for="asset-filter">Filter</label><input id="asset-filter" type="search" placeholder="Name or file path" autocomplete="off"></div>
<div><label for="asset-show">Show</label><select id="asset-show">
<option value="all">All assets</option>
<option value="vulnerable">Quantum-vulnerable algorithms</option>
<option value="algorithm">Algorithms</option>
<option value="other">Keys, certificates, protocols, libraries</option>
</select></div>
</div>
<div class="table-wrap">
<table id="asset-table" class="data-table">
<caption class="sr-only">Cryptographic assets found in the repository</caption>
<thead><tr><th scope="col">Asset</th><th scope="col">Type</th><th scope="col">Quantum level</th><th scope="col" class="num">Classical strength</th><th scope="col">Where</th></tr></thead>
<tbody id="asset-rows"></tbody>
</table>
</div>
<p id="asset-count" class="hint" aria-live="polite"></p>
</section>
<div class="results-foot">
<button id="scan-again" class="btn btn-link" type="button">Scan another repository</button>
<p class="hint">Method: ${METHODOLOGY_VERSION}. Results are reproducible for the same commit.</p>
</div>
</div>
</section>`;
}

/**
 * A mailto: link for a validated address. Each side is percent-encoded, because characters that are
 * legal in an address (`?`, `&`, `=`) would otherwise add headers such as `cc=` to the link.
 */
function mailto(email: string): string {
  const at = email.lastIndexOf('@');
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}

function brandHeader(brand: PageBrand, name: string): SafeHtml {
  const logo = safeUrl(brand.logoUrl, ['https:']);
  const site = safeUrl(brand.websiteUrl);
  const mark = logo
    ? html`<img class="brand-logo" src="${logo}" alt="" height="36">`
    : html`<span class="brand-mark" aria-hidden="true">${[...name][0]?.toUpperCase() ?? '?'}</span>`;
  return html`<header class="site-header">
<div class="wrap">
<a class="brand" href="/p/${brand.subdomain}">${mark}<span class="brand-name">${name}</span></a>
<nav class="site-nav" aria-label="${name}">
${site ? html`<a href="${site}" rel="noopener">Visit ${name}</a>` : ''}
${brand.supportEmail ? html`<a href="${mailto(brand.supportEmail)}">Contact</a>` : ''}
</nav>
</div>
</header>`;
}

function brandFooter(brand: PageBrand, name: string): SafeHtml {
  const site = safeUrl(brand.websiteUrl);
  return html`<footer class="site-footer">
<div class="wrap">
<p>© ${name}${site ? html` · <a href="${site}" rel="noopener">${new URL(site).host}</a>` : ''}</p>
${brand.supportEmail ? html`<p>Questions about your results? <a href="${mailto(brand.supportEmail)}">${brand.supportEmail}</a></p>` : ''}
<p>Scans by ${SERVICE_NAME}</p>
</div>
</footer>`;
}

export function landingPage(brand: PageBrand, assets: AssetManifest, limits: DemoLimitsText): string {
  const name = brand.companyName ?? brand.subdomain;
  const headline = brand.headline ?? DEFAULT_HEADLINE;
  return layout({
    title: `${name} · Quantum-readiness scan`,
    description: `${name}: scan a GitHub repository for cryptography and get a Cryptographic Bill of Materials.`,
    themeHref: `/p/${brand.subdomain}/theme.css`,
    header: brandHeader(brand, name),
    main: scanner(headline, `${name} · quantum-readiness check`, limits),
    footer: brandFooter(brand, name),
    assets,
  });
}

export function servicePage(assets: AssetManifest, limits: DemoLimitsText): string {
  const header = html`<header class="site-header">
<div class="wrap">
<a class="brand" href="/"><span class="brand-mark" aria-hidden="true">C</span><span class="brand-name">${SERVICE_NAME}</span></a>
<nav class="site-nav" aria-label="Service">
<a href="/api/v1/cbom/docs">API docs</a>
<a href="#partners">For partners</a>
</nav>
</div>
</header>`;
  const main = html`${scanner(DEFAULT_HEADLINE, 'Cryptographic Bill of Materials', limits)}
<section id="partners" class="wrap features" aria-label="For partners">
<div class="card"><h3>One scan, two standards</h3><p>CycloneDX 1.6 and SPDX 3.0.1 from the same scan, reproducible byte for byte and signed with a SHA-256 digest.</p></div>
<div class="card"><h3>Quantum readiness</h3><p>Every algorithm rated by NIST post-quantum security level, with findings for broken, weak and quantum-vulnerable cryptography.</p></div>
<div class="card"><h3>Under your brand</h3><p>Partners get an API key, usage reports and a white-label page like this one with their own name, logo and colours.</p></div>
</section>`;
  const footer = html`<footer class="site-footer">
<div class="wrap">
<p>${SERVICE_NAME} · methodology ${METHODOLOGY_VERSION}</p>
<p><a href="/api/v1/cbom/openapi.json">API description (OpenAPI 3.1)</a></p>
</div>
</footer>`;
  return layout({
    title: `${SERVICE_NAME} · Cryptographic Bill of Materials for GitHub repositories`,
    description: 'Scan a public GitHub repository for cryptography and get a CycloneDX 1.6 or SPDX 3.0.1 CBOM.',
    themeHref: '/theme.css',
    header,
    main,
    footer,
    assets,
  });
}

export function notFoundPage(assets: AssetManifest): string {
  return layout({
    title: `Page not found · ${SERVICE_NAME}`,
    description: 'This page does not exist.',
    themeHref: '/theme.css',
    header: html`<header class="site-header"><div class="wrap"><a class="brand" href="/"><span class="brand-mark" aria-hidden="true">C</span><span class="brand-name">${SERVICE_NAME}</span></a></div></header>`,
    main: html`<section class="wrap notice"><h1>This page does not exist</h1><p>No partner page has this address. <a href="/">Go to the ${SERVICE_NAME} home page</a>.</p></section>`,
    footer: html`<footer class="site-footer"><div class="wrap"><p>${SERVICE_NAME}</p></div></footer>`,
    assets,
    script: false,
  });
}
