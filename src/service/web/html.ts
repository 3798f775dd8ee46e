// Server-side HTML with escaping by default. `html` is a tagged template: every interpolated value is
// escaped with escape-html (the escaper Express and `send` use) unless it is itself the output of
// `html`, so a tenant's company name like `<script>` reaches the browser as text. Attribute values
// must be double-quoted in the templates (escape-html escapes both quote characters anyway).
import escapeHtml from 'escape-html';

/** Markup that has already been escaped or is written by us. Only `html` and `trusted` create it. */
export class SafeHtml {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  toString(): string {
    return this.#value;
  }
}

type Interpolation = SafeHtml | string | number | null | undefined | false | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/** A constant string of our own markup (never user input). */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * A URL fit for an href/src attribute: only the listed schemes, otherwise null. The branding API
 * already refuses other schemes; this keeps a bad row (or a future code path) from becoming a
 * `javascript:` link.
 */
export function safeUrl(raw: string | null | undefined, schemes: readonly string[] = ['https:', 'http:']): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    return schemes.includes(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}
