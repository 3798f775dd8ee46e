// The arguments a Java file's own calls pass to one of its methods or constructors: how a helper's
// parameter (`static Cipher cipher(String transformation)`) gets the values its callers name
// (LanguageAdapter.callSiteArguments; docs/detectors.md, "Values passed by the file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { Guard, LanguageAdapter } from '../common/evaluate.js';
import { conditionGuards, fieldIf, switchGuard } from '../common/paths.js';
import { kindOf } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan, startsWithin } from '../common/scopes.js';
import { UNKNOWN, type Value } from '../common/value.js';
import { callArguments } from './adapter.js';
import { junit4Rows, junitRows } from './test-data.js';

const CLASS_KINDS = new Set(['class_declaration', 'enum_declaration', 'record_declaration']);

/** The name of the class declaring a member, or undefined (an interface, an anonymous class). */
function declaringClass(fn: SgNode): string | undefined {
  const body = fn.parent();
  const cls = body?.parent();
  return cls && CLASS_KINDS.has(kindOf(cls)) ? cls.field('name')?.text() : undefined;
}

/** Whether only its own file can call a method or constructor: it, or a class around it, is private. */
function isPrivate(fn: SgNode): boolean {
  for (let n: SgNode | null = fn; n; n = n.parent()) {
    const k = kindOf(n);
    if (k !== 'method_declaration' && k !== 'constructor_declaration' && !CLASS_KINDS.has(k) && k !== 'interface_declaration') continue;
    const mods = n.children().find((c) => kindOf(c) === 'modifiers');
    if (mods?.children().some((c) => c.text() === 'private')) return true;
  }
  return false;
}

/** `Box<T>` -> `Box`, `a.b.Box` -> `Box`. */
function simpleType(text: string): string {
  return text.replace(/<[\s\S]*$/, '').replace(/^[\s\S]*\./, '').trim();
}

interface Call {
  node: SgNode;
  args: SgNode[];
  /** A JUnit `@CsvSource` row's fields (test-data.ts). */
  values?: Value[];
  /** The occurrence's symbol of a call the test framework makes (`ValueSource`, `CsvSource`). */
  symbol?: string;
}

/** A function's calls, and whether files other than this one may call it too. */
interface Calls {
  calls: Call[];
  open: boolean;
}

/** A method's parameter list as a call fills it, or undefined for varargs (the count varies). */
function formalParameters(fn: SgNode): SgNode[] | undefined {
  const params = fn.field('parameters')?.namedChildren().filter((p) => {
    const k = kindOf(p);
    return k === 'formal_parameter' || k === 'spread_parameter';
  });
  return params && !params.some((p) => kindOf(p) === 'spread_parameter') ? params : undefined;
}

/** Whether no subclass can replace a method (private, static or final, or its class final). */
function cannotBeOverridden(fn: SgNode): boolean {
  const mods = (n: SgNode | null | undefined): string[] => n?.children().find((c) => kindOf(c) === 'modifiers')?.children().map((c) => c.text()) ?? [];
  const own = mods(fn);
  if (own.includes('private') || own.includes('static') || own.includes('final')) return true;
  const cls = fn.parent()?.parent();
  return !!cls && (kindOf(cls) === 'enum_declaration' || kindOf(cls) === 'record_declaration' || mods(cls).includes('final'));
}

const OWNERS = ['method_declaration', 'constructor_declaration', 'lambda_expression', 'class_body'];
const CASES = ['switch_block_statement_group', 'switch_rule'];

/**
 * The expressions a method returns (not those of lambdas or classes declared inside it), with the
 * innermost `switch` case around each (`case "RS384": return "SHA-384";`).
 */
function returnedExpressions(fn: SgNode): { value: SgNode; guards: Guard[] }[] {
  const out: { value: SgNode; guards: Guard[] }[] = [];
  for (const r of fn.findAll({ rule: { kind: 'return_statement' } })) {
    const ancestors = r.ancestors();
    const owner = ancestors.find((a) => OWNERS.includes(kindOf(a)));
    const e = r.namedChildren().find((c) => !kindOf(c).endsWith('comment'));
    if (owner?.id() !== fn.id() || !e) continue;
    const clause = ancestors.find((a) => CASES.includes(kindOf(a)) || OWNERS.includes(kindOf(a)));
    const guard = clause && CASES.includes(kindOf(clause)) ? caseGuard(clause) : undefined;
    out.push({ value: e, guards: [...(guard ? [guard] : []), ...conditionGuards(r, fn, JAVA_IF)] });
  }
  return out;
}

const LEAVING = new Set(['return_statement', 'throw_statement']);

/**
 * Java's `if`; an arm ends in `return` or `throw` to leave. A `switch` statement before a `return`
 * whose matching case returned rules that `return` out (`switchExits`).
 */
const JAVA_IF = { ...fieldIf(new Set(['block']), LEAVING), switchExits: javaSwitchExits };

/**
 * The cases of a `switch` statement and whether each always leaves the method: a group (with the
 * label-only groups that fall into it) or a rule whose last statement returns or throws, with no
 * `break` or `continue` inside that could leave the `switch` instead.
 */
function javaSwitchExits(statement: SgNode): Guard | undefined {
  if (kindOf(statement) !== 'switch_expression') return undefined;
  const subject = statement.field('condition');
  const body = statement.field('body');
  if (!subject || !body) return undefined;
  const cases: { labels: SgNode[]; isDefault: boolean; leaves: boolean }[] = [];
  let pending: SgNode[] = [];
  let pendingDefault = false;
  for (const c of body.namedChildren()) {
    if (!CASES.includes(kindOf(c))) continue;
    const labels = [...pending, ...c.children().filter((l) => kindOf(l) === 'switch_label').flatMap((l) => l.namedChildren())];
    const isDef: boolean = pendingDefault || isDefault(c);
    const statements = c.namedChildren().filter((x) => kindOf(x) !== 'switch_label' && !kindOf(x).endsWith('comment'));
    if (kindOf(c) === 'switch_block_statement_group' && statements.length === 0) {
      pending = labels; // falls into the next group
      pendingDefault = isDef;
      continue;
    }
    pending = [];
    pendingDefault = false;
    const last = statements.at(-1);
    const end = last && kindOf(last) === 'block' ? last.namedChildren().filter((x) => !kindOf(x).endsWith('comment')).at(-1) : last;
    const jumps = c.find({ rule: { any: [{ kind: 'break_statement' }, { kind: 'continue_statement' }, { kind: 'yield_statement' }] } });
    cases.push({ labels, isDefault: isDef, leaves: !!end && LEAVING.has(kindOf(end)) && !jumps });
  }
  return switchGuard(subject, cases);
}

/** Whether a `case` group or rule has a `default` label. */
const isDefault = (c: SgNode): boolean => c.children().some((l) => kindOf(l) === 'switch_label' && l.namedChildren().length === 0);

/** The Guard of a `case` group or rule of a `switch (subject)`; `default` has no labels. */
function caseGuard(clause: SgNode): Guard | undefined {
  const sw = clause.parent()?.parent();
  const subject = sw && ['switch_expression', 'switch_statement'].includes(kindOf(sw)) ? sw.field('condition') : null;
  if (!sw || !subject) return undefined;
  const labelsOf = (c: SgNode): SgNode[] => c.children().filter((l) => kindOf(l) === 'switch_label').flatMap((l) => l.namedChildren());
  const others = (sw.field('body')?.namedChildren() ?? []).filter((c) => CASES.includes(kindOf(c))).flatMap(labelsOf);
  // `case "RS384": case "PS384": return …`: groups with labels only fall into this one.
  const labels = labelsOf(clause);
  let defaulted = isDefault(clause);
  for (let prev = clause.prev(); prev && kindOf(prev) === 'switch_block_statement_group' && prev.namedChildren().every((c) => kindOf(c) === 'switch_label'); prev = prev.prev()) {
    labels.push(...labelsOf(prev));
    defaulted ||= isDefault(prev);
  }
  // `default` alone runs when no label matches; next to `case` labels, whatever the subject (no guard).
  if (defaulted) return labels.length === 0 ? { subject, labels, others } : undefined;
  return { subject, labels, others };
}

/**
 * The same-file functions of a Java file, for the Evaluator (LanguageAdapter.callSiteArguments and
 * returned). A method's calls are the invocations of its name with as many arguments, unqualified
 * (from inside its class, nested classes included) or on `this` or its class (`Crypto.digest(..)`); a
 * constructor's are `new Type(..)` and `this(..)` with as many. Varargs methods (the count varies)
 * and lambdas are not read. Each function's call sites are found once (one query per name).
 */
export function javaFunctions(root: SgNode): Pick<LanguageAdapter, 'callSiteArguments' | 'returned'> {
  const byFunction = new Map<number, Calls | undefined>();
  /** The file's method declarations per name (one query per name the evaluator asks about). */
  const methodsNamed = new Map<string, SgNode[]>();

  const callsOf = (fn: SgNode, arity: number): Calls | undefined => {
    const k = kindOf(fn);
    const cls = declaringClass(fn);
    if (!cls) return undefined;
    const span = nodeSpan(fn);
    const outside = (n: SgNode): boolean => !startsWithin(n, span);
    const out: Call[] = [];
    if (k === 'method_declaration') {
      const name = fn.field('name')?.text();
      if (!name) return undefined;
      // An unqualified call reaches the method only from inside its class (nested classes included).
      const body = nodeSpan(fn.parent() ?? fn);
      for (const call of root.findAll({ rule: { kind: 'method_invocation', has: { field: 'name', regex: `^${escapeRegex(name)}$` } } })) {
        const object = call.field('object')?.text();
        if (object !== undefined && object !== 'this' && object !== cls) continue;
        if (object === undefined && !startsWithin(call, body)) continue;
        const args = callArguments(call);
        if (args.length === arity && outside(call)) out.push({ node: call, args });
      }
      // A parameterised test is called by JUnit with the values of its sources, and by no other file:
      // it is open only when it takes arguments from a source not read here as well.
      const data = junitRows(fn);
      if (data.rows.length > 0) {
        out.push(...data.rows);
        return { calls: out, open: data.others };
      }
    } else if (k === 'constructor_declaration') {
      const calls = root.findAll({
        rule: { any: [{ kind: 'object_creation_expression', has: { field: 'type', regex: `(^|\\.)${escapeRegex(cls)}(<|$)` } }, { kind: 'explicit_constructor_invocation' }] },
      });
      for (const call of calls) {
        if (kindOf(call) === 'object_creation_expression') {
          if (simpleType(call.field('type')?.text() ?? '') !== cls) continue;
        } else if (call.field('constructor')?.text() !== 'this' || declaringClass(call.ancestors().find((a) => kindOf(a) === 'constructor_declaration') ?? call) !== cls) continue;
        const args = callArguments(call);
        if (args.length === arity && outside(call)) out.push({ node: call, args });
      }
      // JUnit 4's Parameterized runner constructs the test class once per row of its @Parameters method.
      const data = junit4Rows(fn);
      if (data && data.rows.length > 0) {
        out.push(...data.rows);
        return { calls: out, open: data.others };
      }
    } else {
      return undefined;
    }
    return { calls: out, open: !isPrivate(fn) };
  };

  const calls = (fn: SgNode, arity: number): Calls | undefined => {
    if (!byFunction.has(fn.id())) byFunction.set(fn.id(), callsOf(fn, arity));
    return byFunction.get(fn.id());
  };

  /** The method an unqualified, `this.` or `Class.` call of this file reaches, when exactly one is declared. */
  const target = (call: SgNode): SgNode | undefined => {
    if (kindOf(call) !== 'method_invocation') return undefined;
    const name = call.field('name')?.text();
    const object = call.field('object')?.text();
    if (!name) return undefined;
    // `obj.m()` on anything but `this` or a class name (capitalised, by convention) is another object's.
    if (object !== undefined && object !== 'this' && !/^[A-Z]\w*$/.test(object)) return undefined;
    const arity = callArguments(call).length;
    let declared = methodsNamed.get(name);
    if (!declared) {
      declared = root.findAll({ rule: { kind: 'method_declaration', has: { field: 'name', regex: `^${escapeRegex(name)}$` } } });
      methodsNamed.set(name, declared);
    }
    const found = declared.filter((fn) => {
        if (formalParameters(fn)?.length !== arity) return false;
        const cls = declaringClass(fn);
        if (object === undefined || object === 'this') return startsWithin(call, nodeSpan(fn.parent() ?? fn));
        return object === cls;
      });
    return found.length === 1 ? found[0] : undefined;
  };

  return {
    callSiteArguments: (param) => {
      if (kindOf(param) !== 'formal_parameter') return undefined;
      const fn = param.parent()?.parent();
      const params = fn && formalParameters(fn);
      const index = params?.findIndex((p) => p.id() === param.id()) ?? -1;
      if (!fn || !params || index < 0) return undefined;
      const found = calls(fn, params.length);
      if (!found) return undefined;
      const list = found.calls;
      return {
        function: fn.id(),
        name: fn.field('name')?.text() ?? declaringClass(fn) ?? '',
        args: list.map((c) => c.args[index] ?? null),
        ...(list.some((c) => c.values) ? { values: list.map((c) => c.values?.[index] ?? (c.values ? UNKNOWN : undefined)) } : {}),
        ...(list.some((c) => c.symbol) ? { symbols: list.map((c) => c.symbol) } : {}),
        open: found.open,
      };
    },
    returned: (call) => {
      const fn = target(call);
      if (!fn) return undefined;
      const site = calls(fn, formalParameters(fn)!.length)?.calls.findIndex((c) => c.node.id() === call.id());
      const returns = returnedExpressions(fn);
      return { function: fn.id(), open: !cannotBeOverridden(fn), ...(site !== undefined && site >= 0 ? { site } : {}), returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
    },
  };
}
