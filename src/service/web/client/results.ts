// Renders a completed demo scan into the results section the server put on the page: headline
// numbers, the two charts, findings by severity, the asset table with links to the exact lines on
// GitHub at the scanned commit, and the BOM downloads.
import type { DemoComponent, DemoFinding, DemoScan } from '../../api/schemas/demo.js';
import { countAlgorithms, destroyCharts, drawLevelChart, drawPrimitiveChart, type LevelCounts } from './charts.js';
import { byId, fill, h } from './dom.js';
import {
  KIND_LABEL,
  LEVEL,
  LEVEL_ORDER,
  PRIMITIVE_LABEL,
  SEVERITY,
  SEVERITY_ORDER,
  levelKey,
  locationText,
  plural,
  sourceLink,
} from './labels.js';

const LOCATIONS_SHOWN = 3;

function repoTitle(scan: DemoScan): string {
  return scan.repository ? `${scan.repository.owner}/${scan.repository.name}` : scan.repo_url.replace(/^https:\/\/github\.com\//, '');
}

function renderHead(scan: DemoScan): void {
  byId('results-title').textContent = repoTitle(scan);
  const meta: (string | Node)[] = [];
  if (scan.repository) {
    const commitUrl = `https://github.com/${encodeURIComponent(scan.repository.owner)}/${encodeURIComponent(scan.repository.name)}/tree/${scan.repository.commit}`;
    meta.push(
      `${scan.repository.ref} at `,
      h('a', { attrs: { href: commitUrl, rel: 'noopener noreferrer' } }, h('code', null, scan.repository.commit.slice(0, 10))),
      ` · committed ${new Date(scan.repository.committed_at).toLocaleDateString('en', { dateStyle: 'medium' })}`,
    );
  }
  meta.push(` · methodology ${scan.methodology_version}`);
  fill(byId('results-meta'), ...meta);
  const links = scan.downloads;
  for (const format of ['cyclonedx', 'spdx'] as const) {
    const a = byId<HTMLAnchorElement>(`download-${format}`);
    if (links) {
      a.href = links[format];
      a.removeAttribute('aria-disabled');
    } else {
      a.removeAttribute('href');
      a.setAttribute('aria-disabled', 'true');
    }
  }
}

function stat(label: string, value: string, note: string | null, tone: string | null = null): HTMLElement {
  return h('div', { class: `stat${tone ? ` stat-${tone}` : ''}` }, h('dt', null, label), h('dd', null, value), note ? h('p', { class: 'stat-note' }, note) : null);
}

function renderStats(scan: DemoScan, counts: LevelCounts): void {
  const vulnerable = counts.byLevel['0'];
  const findings = scan.findings_summary?.total ?? scan.findings.length;
  const urgent = (scan.findings_summary?.critical ?? 0) + (scan.findings_summary?.high ?? 0);
  const score = scan.score ?? 0;
  fill(
    byId('stats'),
    stat('Readiness score', `${score}/100`, score >= 80 ? 'In good shape' : score >= 50 ? 'Needs attention' : 'Needs work', score >= 80 ? 'good' : score >= 50 ? 'warn' : 'bad'),
    stat('Cryptographic assets', scan.components.length.toLocaleString('en'), plural(counts.total, 'algorithm')),
    stat('Quantum-vulnerable', vulnerable.toLocaleString('en'), counts.total ? `${Math.round((vulnerable / counts.total) * 100)}% of algorithms` : 'no algorithms found', vulnerable ? 'bad' : 'good'),
    stat('Findings', findings.toLocaleString('en'), urgent ? `${urgent} critical or high` : 'none critical or high', urgent ? 'bad' : null),
  );
}

function levelTable(counts: LevelCounts): HTMLTableElement {
  return h(
    'table',
    { class: 'data-table compact' },
    h('thead', null, h('tr', null, h('th', { attrs: { scope: 'col' } }, 'NIST level'), h('th', { attrs: { scope: 'col' } }, 'Algorithms'), h('th', { attrs: { scope: 'col' } }, 'Meaning'))),
    h(
      'tbody',
      null,
      LEVEL_ORDER.filter((k) => counts.byLevel[k] > 0).map((k) =>
        h('tr', null, h('th', { attrs: { scope: 'row' } }, LEVEL[k].label), h('td', { class: 'num' }, counts.byLevel[k]), h('td', null, LEVEL[k].meaning)),
      ),
    ),
  );
}

function primitiveTable(counts: LevelCounts): HTMLTableElement {
  const used = LEVEL_ORDER.filter((k) => counts.byLevel[k] > 0);
  return h(
    'table',
    { class: 'data-table compact' },
    h('thead', null, h('tr', null, h('th', { attrs: { scope: 'col' } }, 'Primitive'), used.map((k) => h('th', { attrs: { scope: 'col' }, class: 'num' }, LEVEL[k].label)))),
    h(
      'tbody',
      null,
      counts.byPrimitive.map(([label, row]) => h('tr', null, h('th', { attrs: { scope: 'row' } }, label), used.map((k) => h('td', { class: 'num' }, row[k])))),
    ),
  );
}

function renderCharts(counts: LevelCounts): void {
  destroyCharts();
  const empty = counts.total === 0;
  byId('charts').hidden = empty;
  byId('charts-empty').hidden = !empty;
  if (empty) return;
  drawLevelChart(byId<HTMLCanvasElement>('chart-levels'), counts);
  // Give the bar chart room for every primitive (CSSOM, not a style attribute: allowed by the CSP).
  byId('chart-primitives-box').style.height = `${Math.max(220, 64 + 34 * counts.byPrimitive.length)}px`;
  drawPrimitiveChart(byId<HTMLCanvasElement>('chart-primitives'), counts);
  fill(byId('table-levels'), levelTable(counts));
  fill(byId('table-primitives'), primitiveTable(counts));
}

function sourceLinks(scan: DemoScan, locations: DemoFinding['locations'], total: number): HTMLElement {
  const base = scan.repository?.blob_base_url;
  const item = (loc: DemoFinding['locations'][number]) =>
    h('li', null, base ? h('a', { attrs: { href: sourceLink(base, loc), rel: 'noopener noreferrer' } }, locationText(loc)) : h('code', null, locationText(loc)));
  const first = locations.slice(0, LOCATIONS_SHOWN);
  const rest = locations.slice(LOCATIONS_SHOWN);
  const more = total - first.length;
  return h(
    'div',
    { class: 'locations' },
    h('ul', null, first.map(item)),
    more > 0
      ? h(
          'details',
          null,
          h('summary', null, `${plural(more, 'more place')}`),
          h('ul', null, rest.map(item)),
          total > locations.length ? h('p', { class: 'hint' }, `…and ${total - locations.length} more in the BOM.`) : null,
        )
      : null,
  );
}

function renderFindings(scan: DemoScan): void {
  const names = new Map(scan.components.map((c) => [c.ref, c.name]));
  const summary = scan.findings_summary;
  const total = summary?.total ?? scan.findings.length;
  const bar = byId('severity-bar');
  fill(
    bar,
    SEVERITY_ORDER.map((s) => {
      const n = summary ? summary[s] : scan.findings.filter((f) => f.severity === s).length;
      return h('li', { class: `sev-chip sev-${s}${n === 0 ? ' is-zero' : ''}` }, h('span', { class: 'sev-count' }, n), h('span', { class: 'sev-label' }, SEVERITY[s].label));
    }),
  );
  bar.setAttribute('aria-label', `${plural(total, 'finding')}: ` + SEVERITY_ORDER.map((s) => `${summary?.[s] ?? 0} ${s}`).join(', '));
  const list = byId('findings-list');
  if (scan.findings.length === 0) {
    fill(list, h('li', { class: 'empty' }, 'No findings: nothing broken, weak or quantum-vulnerable was seen.'));
    return;
  }
  fill(
    list,
    scan.findings.map((f) =>
      h(
        'li',
        { class: 'finding' },
        h(
          'details',
          null,
          h('summary', null, h('span', { class: `badge sev-${f.severity}` }, SEVERITY[f.severity].label), h('span', { class: 'finding-title' }, f.title, f.asset_ref && names.has(f.asset_ref) ? h('span', { class: 'finding-asset' }, names.get(f.asset_ref)!) : null), h('span', { class: 'finding-rule' }, f.rule_id)),
          h('div', { class: 'finding-body' }, h('p', null, f.detail), f.remediation ? h('p', { class: 'remedy' }, h('strong', null, 'What to do: '), f.remediation) : null, f.locations.length ? sourceLinks(scan, f.locations, f.locations.length) : null),
        ),
      ),
    ),
  );
}

function levelBadge(level: number | null): HTMLElement {
  const k = levelKey(level);
  return h('span', { class: `level level-${k}`, attrs: { title: LEVEL[k].meaning } }, k === 'unknown' ? 'Unknown' : k === '0' ? '0 · vulnerable' : `Level ${k}`);
}

function assetRow(scan: DemoScan, c: DemoComponent): HTMLTableRowElement {
  const type = c.kind === 'algorithm' && c.primitive ? PRIMITIVE_LABEL[c.primitive] : KIND_LABEL[c.kind];
  return h(
    'tr',
    { attrs: { 'data-kind': c.kind, 'data-level': levelKey(c.nist_quantum_level) } },
    h(
      'th',
      { attrs: { scope: 'row' } },
      h('span', { class: 'asset-name' }, c.name),
      c.broken ? h('span', { class: 'badge sev-critical' }, 'broken') : null,
      c.deprecated && !c.broken ? h('span', { class: 'badge badge-muted', attrs: { title: c.deprecated } }, 'deprecated') : null,
      c.detail ? h('span', { class: 'asset-detail' }, c.detail) : null,
      c.deprecated ? h('details', { class: 'asset-note' }, h('summary', null, c.broken ? 'Why it is broken' : 'Why it is deprecated'), h('p', null, c.deprecated)) : null,
    ),
    h('td', null, type),
    h('td', { class: c.kind === 'algorithm' ? null : 'is-empty' }, c.kind === 'algorithm' ? levelBadge(c.nist_quantum_level) : h('span', { class: 'muted' }, '—')),
    c.classical_security_bits === null
      ? h('td', { class: 'num is-empty' }, h('span', { class: 'muted' }, '—'))
      : h('td', { class: 'num', attrs: { 'data-label': 'Classical strength' } }, `${c.classical_security_bits} bits`),
    h('td', null, c.occurrences.length ? sourceLinks(scan, c.occurrences, c.occurrence_count) : h('span', { class: 'muted' }, 'from a dependency manifest')),
  );
}

/** Vulnerable first, then undetermined, then weakest to strongest; non-algorithms after; by name. */
function assetOrder(a: DemoComponent, b: DemoComponent): number {
  const rank = (c: DemoComponent) => (c.kind !== 'algorithm' ? 10 : c.nist_quantum_level === null ? 0.5 : c.nist_quantum_level);
  return rank(a) - rank(b) || Number(b.broken) - Number(a.broken) || a.name.localeCompare(b.name);
}

function renderAssets(scan: DemoScan): void {
  const rows = [...scan.components].sort(assetOrder).map((c) => ({ c, row: assetRow(scan, c), text: `${c.name} ${c.detail ?? ''} ${c.occurrences.map((o) => o.path).join(' ')}`.toLowerCase() }));
  const tbody = byId('asset-rows');
  fill(tbody, rows.map((r) => r.row));
  const filter = byId<HTMLInputElement>('asset-filter');
  const show = byId<HTMLSelectElement>('asset-show');
  const count = byId('asset-count');
  filter.value = '';
  show.value = 'all';
  const apply = () => {
    const q = filter.value.trim().toLowerCase();
    const mode = show.value;
    let visible = 0;
    for (const r of rows) {
      const ok =
        (!q || r.text.includes(q)) &&
        (mode === 'all' ||
          (mode === 'vulnerable' && r.c.kind === 'algorithm' && r.c.nist_quantum_level === 0) ||
          (mode === 'algorithm' && r.c.kind === 'algorithm') ||
          (mode === 'other' && r.c.kind !== 'algorithm'));
      r.row.hidden = !ok;
      if (ok) visible++;
    }
    count.textContent = visible === rows.length ? `${plural(rows.length, 'asset')}` : `Showing ${visible} of ${plural(rows.length, 'asset')}`;
  };
  filter.oninput = apply;
  show.onchange = apply;
  apply();
}

export function renderResults(scan: DemoScan): void {
  const counts = countAlgorithms(scan.components);
  renderHead(scan);
  renderStats(scan, counts);
  const section = byId('results');
  section.hidden = false; // visible before drawing, so Chart.js measures real sizes
  renderCharts(counts);
  renderFindings(scan);
  renderAssets(scan);
}

export function hideResults(): void {
  destroyCharts();
  byId('results').hidden = true;
}
