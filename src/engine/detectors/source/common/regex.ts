// Literal text inside a regular expression: the source detectors build native ast-grep rules and JS
// tests from lists of names (imported modules, SSH algorithm names, call heads).

/** `s` with every regular-expression metacharacter escaped (Rust's regex and JS's read it alike). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
