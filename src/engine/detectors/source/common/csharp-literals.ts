// Where a C# string literal stands, for readers of names written as strings (SSH algorithm names,
// XML-DSig URIs) that run on C# syntax trees outside the C# detector's own context.
import type { SgNode } from '@ast-grep/napi';

/**
 * A literal a value is compared with (`name == "3des-cbc"`, `case "aes128-cbc":`, a switch expression
 * arm, `"x".Equals(n)`, `StartsWith`/`EndsWith`/`Contains`): code that reads a peer's or a file's
 * choice, not a setting.
 */
export function comparedInCSharp(literal: SgNode): boolean {
  const p = literal.parent();
  if (!p) return false;
  const k = p.kind() as string;
  if (k === 'case_switch_label' || k === 'constant_pattern' || k === 'switch_expression_arm') return true;
  if (k === 'binary_expression') return /^(==|!=)$/.test(p.field('operator')?.text() ?? '');
  if (k === 'member_access_expression') return /^(Equals|StartsWith|EndsWith|Contains)$/.test(p.field('name')?.text() ?? '');
  return false;
}
