// API-key scopes (DESIGN.md section 4). Usage and reading one's own branding need only an active key.
export const SCOPES = ['scans:read', 'scans:write', 'keys:manage', 'branding:write'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Sorted in SCOPES order, without duplicates: the one order scopes are stored and shown in. */
export function normalizeScopes(scopes: Iterable<Scope>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((s) => set.has(s));
}

/** Parses a list like `scans:read,keys:manage` (commas and/or spaces); throws naming an unknown scope. */
export function parseScopeList(text: string): Scope[] {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const unknown = parts.filter((p) => !isScope(p));
  if (unknown.length) throw new Error(`unknown scope ${unknown.map((u) => JSON.stringify(u)).join(', ')}; valid scopes: ${SCOPES.join(', ')}`);
  return normalizeScopes(parts as Scope[]);
}

/** Storage form: space-separated, normalized. */
export function serializeScopes(scopes: Iterable<Scope>): string {
  return normalizeScopes(scopes).join(' ');
}

/** Reads the storage form; unknown words (from a future version) are dropped, never granted. */
export function deserializeScopes(text: string): Scope[] {
  return normalizeScopes(text.split(' ').filter(isScope));
}
