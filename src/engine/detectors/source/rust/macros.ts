// Reading inside Rust macro calls. tree-sitter keeps a macro's arguments as an unparsed token tree, so
// calls written there (`assert_eq!(digest(&SHA256, b), …)`, `format!("{:?}", hmac::sign(…))`) are read
// from a copy of the file that keeps only those token trees, at their own offsets, parsed as Rust.
import type { SgNode } from '@ast-grep/napi';
import { kindOf, parseSource } from '../common/languages.js';

/** Macros whose arguments are templates of code made elsewhere (a proc macro's output), not expressions run here. */
export const TEMPLATE_MACROS = /^(quote|quote_spanned|parse_quote|parse_quote_spanned)$/;

/** A macro call's name without its path: `tokio::select` -> `select`. */
export function macroName(m: SgNode): string {
  return (m.field('macro')?.text() ?? '').split('::').pop() ?? '';
}

/**
 * The file (`text`) with everything blanked but the token trees of `macros` (templates aside), each
 * macro's `!` turned into `;` so that its arguments parse as an expression statement, line breaks
 * kept so that offsets and lines match the file; parsed as Rust. Undefined when no macro was copied.
 */
export function macroArgumentsCopy(text: string, macros: Iterable<SgNode>): SgNode | undefined {
  const chars = text.replace(/[^\r\n]/g, ' ').split('');
  let copied = 0;
  for (const m of macros) {
    if (TEMPLATE_MACROS.test(macroName(m))) continue;
    const tree = m.children().find((c) => kindOf(c) === 'token_tree');
    const bang = m.children().find((c) => c.text() === '!');
    if (!tree || !bang) continue;
    const { start, end } = tree.range();
    for (let i = start.index; i < end.index; i++) chars[i] = text[i]!;
    chars[bang.range().start.index] = ';';
    copied++;
  }
  return copied === 0 ? undefined : parseSource('rust', `${chars.join('')}\n;`).root();
}
