// The arguments a Go file's own calls pass to one of its functions or methods: how a helper's
// parameter (`func newKey(curve elliptic.Curve) { ecdsa.GenerateKey(curve, rand.Reader) }`) gets the
// values its callers name (LanguageAdapter.callSiteArguments), and what a call of one returns
// (`rsa.SignPKCS1v15(rand.Reader, k, hashFor(alg), d)`: LanguageAdapter.returned; docs/detectors.md, "Go").
import { declaredName } from '../common/languages.js';
import type { SgNode } from '@ast-grep/napi';
import type { CallSites, Guard, Returned } from '../common/evaluate.js';
import { conditionGuards, fieldIf, switchGuard } from '../common/paths.js';
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
  /** Each call, in document order. */
  calls: SgNode[];
  /** Each call's argument nodes. */
  args: SgNode[][];
  open: boolean;
}

/**
 * callSiteArguments and returned for a Go file. A function's calls are the calls of its bare name anywhere in the
 * file; a method's are calls on the receiver of another method of the same type (`s.sign(…)` inside
 * `func (s *Signer) Seal`), the only receivers whose type the file shows without type checking; a func
 * literal bound to a local name is called by that name after it, in the function around it. Go has
 * no named or default arguments; a variadic parameter is not read, nor a position at or after a
 * `xs...` spread, nor any argument of a call passing a multi-value call (`f(g())`). Every declared
 * function or method is open: other files of its package may call it, lowercase or not. A local func
 * literal is closed unless its name is used other than called (passed, returned, reassigned).
 */
export function goFunctions(root: SgNode): { callSiteArguments: (param: SgNode) => CallSites | undefined; returned: (call: SgNode) => Returned | undefined } {
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
    const calls: SgNode[] = [];
    const take = (call: SgNode): void => {
      if (inside(call, span)) return; // recursion: passes what it received
      calls.push(call);
      out.push(call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? []);
    };
    if (k === 'function_declaration') {
      const name = fn.field('name')?.text();
      if (!name) return undefined;
      for (const call of callsNamed.get(name)) take(call);
      return { calls, args: out, open: true };
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
      return { calls, args: out, open: true };
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
    return { calls, args: out, open };
  };

  const cachedCalls = (fn: SgNode): Calls | undefined => {
    if (!byFunction.has(fn.id())) byFunction.set(fn.id(), callsOf(fn));
    return byFunction.get(fn.id());
  };

  const callSiteArguments = (param: SgNode): CallSites | undefined => {
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
    const calls = cachedCalls(fn);
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

  // Declarations by name: `hashFor(alg)` reaches the one function of that name (Go has no overloads);
  // `s.hash()` a method of that name on the receiver's type, called from another of its methods.
  const functionsNamed = new ByName(
    root,
    (regex) => ({ any: [...DECLARATIONS].map((kind) => ({ kind, has: { field: 'name', regex } })) }),
    { any: [...DECLARATIONS].map((kind) => ({ kind })) },
    (fn) => fn.field('name')?.text(),
  );
  const returned = (call: SgNode): Returned | undefined => {
    if (call.kind() !== 'call_expression') return undefined;
    const callee = call.field('function');
    const name = callee?.kind() === 'identifier' ? callee.text() : callee?.kind() === 'selector_expression' ? callee.field('field')?.text() : undefined;
    if (!name) return undefined;
    const declared = functionsNamed.get(name).filter((fn) => (fn.kind() === 'function_declaration') === (callee!.kind() === 'identifier'));
    if (declared.length === 0) return undefined;
    // A method: only a call whose receiver is the calling method's own of the same type (as for call sites).
    const fn = declared.length === 1 ? declared[0]! : undefined;
    const site = fn ? cachedCalls(fn)?.calls.findIndex((c) => c.id() === call.id()) ?? -1 : -1;
    if (!fn || (fn.kind() === 'method_declaration' && site < 0)) return undefined;
    // Go has no overriding: what the body returns is all a call can get.
    const returns = returnedExpressions(fn);
    return { function: fn.id(), open: false, ...(site >= 0 ? { site } : {}), returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
  };

  return { callSiteArguments, returned };
}

/**
 * The first value of each `return` of a function (`return h, nil`), not those of func literals inside
 * it, with the innermost `switch` case around it (`switch alg { case "RS384": return crypto.SHA384 }`).
 */
function returnedExpressions(fn: SgNode): { value: SgNode; guards: Guard[] }[] {
  const out: { value: SgNode; guards: Guard[] }[] = [];
  for (const r of fn.findAll({ rule: { kind: 'return_statement' } })) {
    const ancestors = r.ancestors();
    const owner = ancestors.find((a) => FUNCTION_KINDS.has(a.kind() as string));
    const first = r.namedChildren().find((c) => c.kind() === 'expression_list')?.namedChildren()[0];
    if (owner?.id() !== fn.id() || !first) continue;
    const clause = ancestors.find((a) => a.kind() === 'expression_case' || a.kind() === 'default_case' || FUNCTION_KINDS.has(a.kind() as string));
    const guard = clause && !FUNCTION_KINDS.has(clause.kind() as string) ? caseGuard(clause) : undefined;
    out.push({ value: first, guards: [...(guard ? [guard] : []), ...conditionGuards(r, fn, GO_IF)] });
  }
  return out;
}

/**
 * Go's `if` (its `alternative` is a block or the next `if`); an arm ends in `return` to leave. A
 * `switch` before a `return` whose matching case returned rules that `return` out (`switchExits`).
 */
const GO_IF = { ...fieldIf(new Set(['block', 'statement_list']), new Set(['return_statement'])), switchExits: goSwitchExits };

/**
 * The cases of an expression `switch` and whether each always leaves the function: its last statement
 * returns or panics, with no `break` (out of the `switch`) or `fallthrough` inside.
 */
function goSwitchExits(statement: SgNode): Guard | undefined {
  if (statement.kind() !== 'expression_switch_statement') return undefined;
  const subject = statement.field('value');
  if (!subject) return undefined;
  const cases = statement.namedChildren().filter((c) => c.kind() === 'expression_case' || c.kind() === 'default_case').map((c) => {
    const body = c.namedChildren().find((x) => x.kind() === 'statement_list');
    const last = body?.namedChildren().filter((x) => x.kind() !== 'comment').at(-1);
    const panics = last?.kind() === 'expression_statement' && last.namedChildren()[0]?.kind() === 'call_expression' && last.namedChildren()[0]?.field('function')?.text() === 'panic';
    const jumps = c.find({ rule: { any: [{ kind: 'break_statement' }, { kind: 'fallthrough_statement' }, { kind: 'continue_statement' }] } });
    return { labels: c.field('value')?.namedChildren() ?? [], isDefault: c.kind() === 'default_case', leaves: !!last && (last.kind() === 'return_statement' || panics) && !jumps };
  });
  return switchGuard(subject, cases);
}

/** The Guard of an `expression_case` or `default_case` of a `switch` with a subject (`switch alg {`). */
function caseGuard(clause: SgNode): Guard | undefined {
  const sw = clause.parent();
  const subject = sw?.kind() === 'expression_switch_statement' ? sw.field('value') : null;
  if (!sw || !subject) return undefined;
  const labelsOf = (c: SgNode): SgNode[] => c.field('value')?.namedChildren() ?? [];
  const others = sw.namedChildren().filter((c) => c.kind() === 'expression_case').flatMap(labelsOf);
  return { subject, labels: clause.kind() === 'expression_case' ? labelsOf(clause) : [], others };
}
