// The quantum-readiness charts: algorithms by NIST level (doughnut) and by primitive, stacked by
// level (horizontal bars). Chart.js is registered piece by piece so the bundle carries only what
// these two charts use. Each canvas gets a one-sentence aria-label; the same numbers are in the
// "as a table" disclosure next to it.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
  type Plugin,
} from 'chart.js';
import type { DemoComponent } from '../../api/schemas/demo.js';
import { LEVEL, LEVEL_ORDER, PRIMITIVE_LABEL, levelKey, plural, type LevelKey } from './labels.js';

Chart.register(ArcElement, BarController, BarElement, CategoryScale, DoughnutController, Legend, LinearScale, Tooltip);

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
Chart.defaults.color = '#334155';
if (reducedMotion) Chart.defaults.animation = false;

export interface LevelCounts {
  byLevel: Record<LevelKey, number>;
  /** Primitive label -> counts per level, most common primitive first. */
  byPrimitive: [string, Record<LevelKey, number>][];
  total: number;
}

function zero(): Record<LevelKey, number> {
  return { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, unknown: 0 };
}

export function countAlgorithms(components: readonly DemoComponent[]): LevelCounts {
  const byLevel = zero();
  const prim = new Map<string, Record<LevelKey, number>>();
  let total = 0;
  for (const c of components) {
    if (c.kind !== 'algorithm') continue;
    const key = levelKey(c.nist_quantum_level);
    byLevel[key]++;
    const label = PRIMITIVE_LABEL[c.primitive ?? 'unknown'];
    const row = prim.get(label) ?? zero();
    row[key]++;
    prim.set(label, row);
    total++;
  }
  const sum = (r: Record<LevelKey, number>) => LEVEL_ORDER.reduce((s, k) => s + r[k], 0);
  const byPrimitive = [...prim.entries()].sort((a, b) => sum(b[1]) - sum(a[1]) || a[0].localeCompare(b[0]));
  return { byLevel, byPrimitive, total };
}

const charts: Chart<'doughnut' | 'bar'>[] = [];

/** Writes the total in the hole of the doughnut. */
const centreTotal: Plugin<'doughnut'> = {
  id: 'centreTotal',
  afterDraw(chart) {
    const area = chart.chartArea;
    const meta = chart.getDatasetMeta(0);
    const arc = meta.data[0] as unknown as { x: number; y: number } | undefined;
    if (!arc) return;
    const total = (chart.data.datasets[0]?.data as number[]).reduce((s, n) => s + n, 0);
    const { ctx } = chart;
    ctx.save();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#0F172A';
    const size = Math.max(18, Math.min(34, (area.bottom - area.top) / 7));
    ctx.font = `800 ${size}px ${Chart.defaults.font.family}`;
    ctx.fillText(String(total), arc.x, arc.y - size * 0.35);
    ctx.fillStyle = '#5B6B80';
    ctx.font = `600 ${Math.round(size * 0.42)}px ${Chart.defaults.font.family}`;
    ctx.fillText(total === 1 ? 'algorithm' : 'algorithms', arc.x, arc.y + size * 0.45);
    ctx.restore();
  },
};

export function destroyCharts(): void {
  while (charts.length) charts.pop()!.destroy();
}

export function drawLevelChart(canvas: HTMLCanvasElement, counts: LevelCounts): void {
  const keys = LEVEL_ORDER.filter((k) => counts.byLevel[k] > 0);
  canvas.setAttribute(
    'aria-label',
    `${plural(counts.total, 'algorithm')} by NIST quantum security level: ` +
      keys.map((k) => `${LEVEL[k].label} ${counts.byLevel[k]}`).join(', '),
  );
  charts.push(
    new Chart(canvas, {
      type: 'doughnut',
      data: {
        labels: keys.map((k) => LEVEL[k].label),
        datasets: [
          {
            data: keys.map((k) => counts.byLevel[k]),
            backgroundColor: keys.map((k) => LEVEL[k].color),
            borderColor: '#FFFFFF',
            borderWidth: 2,
          },
        ],
      },
      plugins: [centreTotal],
      options: {
        responsive: true,
        maintainAspectRatio: false,
        cutout: '62%',
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 12, padding: 14 } },
          tooltip: { callbacks: { label: (item) => ` ${plural(Number(item.raw), 'algorithm')}` } },
        },
      },
    }),
  );
}

export function drawPrimitiveChart(canvas: HTMLCanvasElement, counts: LevelCounts): void {
  const labels = counts.byPrimitive.map(([label]) => label);
  canvas.setAttribute(
    'aria-label',
    'Algorithms by primitive: ' +
      counts.byPrimitive
        .map(([label, row]) => `${label} ${LEVEL_ORDER.reduce((s, k) => s + row[k], 0)} (${row['0']} quantum-vulnerable)`)
        .join(', '),
  );
  const used = LEVEL_ORDER.filter((k) => counts.byLevel[k] > 0);
  charts.push(
    new Chart(canvas, {
      type: 'bar',
      data: {
        labels,
        datasets: used.map((k) => ({
          label: LEVEL[k].label,
          data: counts.byPrimitive.map(([, row]) => row[k]),
          backgroundColor: LEVEL[k].color,
          borderRadius: 3,
          maxBarThickness: 26,
        })),
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, beginAtZero: true, ticks: { precision: 0 }, grid: { color: '#E2E8F0' } },
          y: {
            stacked: true,
            grid: { display: false },
            ticks: {
              // Long names would run off a phone-width canvas: shorten them there (the table has them whole).
              callback(value) {
                const label = this.getLabelForValue(Number(value));
                return this.chart.width < 520 && label.length > 16 ? `${label.slice(0, 15)}…` : label;
              },
            },
          },
        },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 12, padding: 14 } } },
      },
    }),
  );
}
