// Colour arithmetic for white-label pages. A tenant picks any accent colour; the page must stay
// readable whatever it is, so text drawn on the accent (buttons, badges) is black or white, whichever
// contrasts more (WCAG 2.x relative luminance), and the accent used as text on the white page is
// darkened until it reaches 4.5:1. The result is a tiny stylesheet served per tenant, so the page
// needs no inline style and the Content-Security-Policy can forbid it.

/** `#RRGGBB`: the only accent form the branding API accepts. */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** The service's own accent (used on `/` and by tenants without one). */
export const DEFAULT_ACCENT = '#3056D3';

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  if (!HEX_COLOR.test(hex)) throw new TypeError(`not a #RRGGBB colour: ${hex}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** WCAG 2.x relative luminance of an sRGB colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Black or white, whichever contrasts more with `background`. The better of the two is always at
 * least 4.58:1 (the worst case is a mid-grey of luminance ~0.18), so this always meets WCAG AA.
 */
export function readableTextOn(background: string): '#000000' | '#FFFFFF' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#FFFFFF') ? '#000000' : '#FFFFFF';
}

/**
 * The accent itself when it reads on `surface` at `minRatio`, else the accent mixed towards black in
 * small steps until it does: links and headings keep the brand's hue without becoming unreadable.
 */
export function inkOn(accent: string, surface = '#FFFFFF', minRatio = 4.5): string {
  const base = parseHex(accent);
  for (let step = 0; step <= 20; step++) {
    const k = 1 - step / 20;
    const c = toHex([base[0] * k, base[1] * k, base[2] * k]);
    if (contrastRatio(c, surface) >= minRatio) return c;
  }
  return '#000000';
}

export interface Theme {
  accent: string;
  onAccent: string;
  accentInk: string;
}

export function themeFor(accent: string | null | undefined): Theme {
  const a = accent && HEX_COLOR.test(accent) ? accent.toUpperCase() : DEFAULT_ACCENT;
  return { accent: a, onAccent: readableTextOn(a), accentInk: inkOn(a) };
}

/** The per-tenant stylesheet: custom properties only; every value is a validated `#RRGGBB`. */
export function themeCss(theme: Theme): string {
  return `:root{--accent:${theme.accent};--on-accent:${theme.onAccent};--accent-ink:${theme.accentInk};}\n`;
}
