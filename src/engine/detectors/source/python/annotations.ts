// What a function's parameter is declared to be: `def dummy_cert(privkey: rsa.RSAPrivateKey, …)`.
// A key passed in has no generation call in sight, but its annotation names its algorithm (mitmproxy's
// `certs.py` signs every leaf certificate and CRL with such a parameter, which was `unknown-signature`).
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { normalise, qualify, type ImportMap } from './imports.js';

const PARAMETER_KINDS = new Set(['typed_parameter', 'typed_default_parameter']);

/**
 * The import-qualified class a parameter named by `id` is annotated with, when `id` reads the parameter
 * of its enclosing function (no assignment to that name in the function) and the annotation is one
 * class, or one class `| None` / `Optional[…]`. A union of classes says nothing about which one it is.
 */
export function parameterClass(imports: ImportMap, id: SgNode): string | undefined {
  if (kindOf(id) !== 'identifier') return undefined;
  const name = id.text();
  const fn = id.ancestors().find((a) => kindOf(a) === 'function_definition' || kindOf(a) === 'lambda' || kindOf(a) === 'class_definition');
  if (!fn || kindOf(fn) !== 'function_definition') return undefined;
  const param = fn.field('parameters')?.namedChildren().find((p) => PARAMETER_KINDS.has(kindOf(p)) && parameterName(p) === name);
  const type = param?.field('type');
  if (!type) return undefined;
  // A parameter rebound in the body may hold anything by the time it is read.
  const body = fn.field('body');
  if (body?.find({ rule: { kind: 'assignment', has: { field: 'left', kind: 'identifier', regex: `^${name}$` } } })) return undefined;
  const cls = singleClass(type.namedChildren()[0] ?? type);
  const q = cls ? qualify(imports, cls) : undefined;
  return q ? normalise(q) : undefined;
}

function parameterName(p: SgNode): string | undefined {
  return (p.field('name') ?? p.namedChildren().find((c) => kindOf(c) === 'identifier'))?.text();
}

/** `X`, `X | None`, `None | X`, `Optional[X]` -> X; anything else (a union of classes, a string) -> undefined. */
function singleClass(node: SgNode): SgNode | undefined {
  const k = kindOf(node);
  if (k === 'identifier' || k === 'attribute') return node;
  if (k === 'binary_operator' && node.field('operator')?.text() === '|') {
    const [l, r] = [node.field('left'), node.field('right')];
    if (l && r && r.text() === 'None') return singleClass(l);
    if (l && r && l.text() === 'None') return singleClass(r);
    return undefined;
  }
  if (k === 'generic_type' || k === 'subscript') {
    const head = node.namedChildren()[0];
    const inner = node.namedChildren().slice(1);
    const items = inner.length === 1 && kindOf(inner[0]!) === 'type_parameter' ? inner[0]!.namedChildren() : inner;
    if (head && /^(typing\.)?Optional$/.test(head.text()) && items.length === 1) return singleClass(items[0]!.namedChildren()[0] ?? items[0]!);
  }
  return undefined;
}
