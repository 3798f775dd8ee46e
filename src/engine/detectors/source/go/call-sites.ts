// The arguments a Go file's own calls pass to one of its functions or methods: how a helper's
// parameter (`func newKey(curve elliptic.Curve) { ecdsa.GenerateKey(curve, rand.Reader) }`) gets the
// values its callers name (LanguageAdapter.callSiteArguments; docs/detectors.md, "Go").
import { declaredName } from '../common/languages.js';
import type { SgNode } from '@ast-grep/napi';
import type { CallSites } from '../common/evaluate.js';
import { ByName } from '../common/by-name.js';
import { escapeRegex } from '../common/regex.js';
import { FUNCTION_KINDS } from './resolve.js';

const DECLARATIONS = new Set(['function_declaration', 'method_declaration']);

function inside(n: SgNode, span: { start: number; end: number }): boolean {
  const at = n.range().start.index;
  return at >= span.start && at < span.end;
}

function spanOf(n: SgNode): { start: number; end: number } {
  const r = n.range();
  return { start: r.start.index, end: r.end.index };
}

/** `s` and `Signer` of `func (s *Signer[T]) …`; undefined for a function or an unnamed receiver. */
function receiverOf(method: SgNode): { name?: string; type?: string } {
  const decl = method.field('receiver')?.namedChildren().find((c) => c.kind() === 'parameter_declaration');
  if (!decl) return {};
  let type = decl.field('type');
  while (type && (type.kind() === 'pointer_type' || type.kind() === 'parenthesized_type')) type = type.namedChildren()[0] ?? null;
  if (type?.kind() === 'generic_type') type = type.field('type');
  return { name: decl.field('name')?.text(), type: type?.text() };
}

/** A func literal bound to a local name (`mk := func(c elliptic.Curve) {…}`, `var mk = func…`): that name. */
function localName(lit: SgNode): string | undefined {
  const list = lit.parent();
  const stmt = list?.parent();
  if (list?.kind() !== 'expression_list' || !stmt) return undefined;
  const values = list.namedChildren();
  const i = values.findIndex((v) => v.id() === lit.id());
  if (stmt.kind() === 'short_var_declaration') {
    if (stmt.field('right')?.id() !== list.id()) return undefined;
    const names = stmt.field('left')?.namedChildren() ?? [];
    return names.length === values.length && names[i]?.kind() === 'identifier' ? names[i]!.text() : undefined;
  }
  if (stmt.kind() === 'var_spec') {
    const names = stmt.fieldChildren('name');
    return names.length === values.length ? names[i]?.text() : undefined;
  }
  return undefined;
}

interface Calls {
  /** Each call's argument nodes, in document order. */
  args: SgNode[][];
  open: boolean;
}

/**
 * callSiteArguments for a Go file. A function's calls are the calls of its bare name anywhere in the
 * file; a method's are calls on the receiver of another method of the same type (`s.sign(…)` inside
 * `func (s *Signer) Seal`), the only receivers whose type the file shows without type checking; a func
 * literal bound to a local name is called by that name after it, in the function around it. Go has
 * no named or default arguments; a variadic parameter is not read, nor a position at or after a
 * `xs...` spread, nor any argument of a call passing a multi-value call (`f(g())`). Every declared
 * function or method is open: other files of its package may call it, lowercase or not. A local func
 * literal is closed unless its name is used other than called (passed, returned, reassigned).
 */
export function goCallSiteArguments(root: SgNode): (param: SgNode) => CallSites | undefined {
  const byFunction = new Map<number, Calls | undefined>();
  // Calls by the name they call: `name(…)` for functions, `x.name(…)` for methods.
  const callsNamed = new ByName(
    root,
    (regex) => ({ kind: 'call_expression', has: { field: 'function', kind: 'identifier', regex } }),
    { kind: 'call_expression', has: { field: 'function', kind: 'identifier' } },
    (call) => call.field('function')?.text(),
  );
  const methodCalls = new ByName(
    root,
    (regex) => ({ kind: 'call_expression', has: { field: 'function', kind: 'selector_expression', has: { field: 'field', regex } } }),
    { kind: 'call_expression', has: { field: 'function', kind: 'selector_expression' } },
    (call) => call.field('function')?.field('field')?.text(),
  );

  const callsOf = (fn: SgNode): Calls | undefined => {
    const span = spanOf(fn);
    const k = fn.kind() as string;
    const out: SgNode[][] = [];
    const take = (call: SgNode): void => {
      if (inside(call, span)) return; // recursion: passes what it received
      out.push(call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? []);
    };
    if (k === 'function_declaration') {
      const name = fn.field('name')?.text();
      if (!name) return undefined;
      for (const call of callsNamed.get(name)) take(call);
      return { args: out, open: true };
    }
    if (k === 'method_declaration') {
      const name = fn.field('name')?.text();
      const { type } = receiverOf(fn);
      if (!name || !type) return undefined;
      for (const call of methodCalls.get(name)) {
        const operand = call.field('function')?.field('operand');
        if (operand?.kind() !== 'identifier') continue;
        const caller = call.ancestors().find((a) => DECLARATIONS.has(a.kind() as string));
        if (caller?.kind() !== 'method_declaration') continue;
        const r = receiverOf(caller);
        if (r.type === type && r.name === operand.text()) take(call);
      }
      return { args: out, open: true };
    }
    // A func literal: only one bound to a local name, called within the function around it.
    const name = localName(fn);
    const outer = fn.ancestors().find((a) => FUNCTION_KINDS.has(a.kind() as string));
    const stmt = fn.parent()?.parent();
    if (!name || !outer || !stmt) return undefined;
    const from = stmt.range().end.index;
    let open = false;
    for (const id of outer.findAll({ rule: { kind: 'identifier', regex: `^${escapeRegex(name)}$` } })) {
      const at = id.range().start.index;
      if (at < from) continue;
      const parent = id.parent();
      if (parent?.kind() === 'call_expression' && parent.field('function')?.id() === id.id()) take(parent);
      // Passed on, returned, reassigned or shadowed: calls elsewhere may pass anything.
      else open = true;
    }
    return { args: out, open };
  };

  return (param) => {
    const decl = param.parent();
    const list = decl?.parent();
    const fn = list?.parent();
    if (decl?.kind() !== 'parameter_declaration' || list?.kind() !== 'parameter_list' || !fn) return undefined;
    const k = fn.kind() as string;
    if (!FUNCTION_KINDS.has(k) || fn.field('parameters')?.id() !== list.id()) return undefined; // a receiver, a func type
    // Positions: names in order (`a, b string` is two), an unnamed parameter one; the variadic one is not read.
    let index = -1;
    let fixed = 0;
    for (const p of list.namedChildren()) {
      if (p.kind() !== 'parameter_declaration') continue;
      const names = p.fieldChildren('name');
      if (names.length === 0) fixed++;
      for (const n of names) {
        if (n.id() === param.id()) index = fixed;
        fixed++;
      }
    }
    if (index < 0) return undefined;
    let calls = byFunction.get(fn.id());
    if (!byFunction.has(fn.id())) {
      calls = callsOf(fn);
      byFunction.set(fn.id(), calls);
    }
    if (!calls) return undefined;
    const args = calls.args.map((a) => {
      const spread = a.findIndex((x) => x.kind() === 'variadic_argument');
      if (spread >= 0 && spread <= index) return null;
      // Fewer arguments than parameters: `f(g())` with a multi-value g, whose values cannot be placed.
      if (spread < 0 && a.length < fixed) return null;
      return a[index] ?? null;
    });
    return { function: fn.id(), name: declaredName(fn), args, open: calls.open };
  };
}
