// Literal text inside a regular expression: the source detectors build native ast-grep rules and JS
// tests from lists of names (imported modules, SSH algorithm names, call heads).

/** `s` with every regular-expression metacharacter escaped (Rust's regex and JS's read it alike). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The distinct matches of a global scanning regex in a file's text: the names a native rule needs to
 * look for in that file. ast-grep compiles a rule's regex on every query, so a rule built from the few
 * names a file holds costs far less than one naming every candidate (docs/engine.md, "Benchmark").
 */
export function namesIn(text: string, scan: RegExp): string[] {
  return [...new Set(text.match(scan) ?? [])];
}
