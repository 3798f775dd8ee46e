// The language-independent core of argument resolution. A language module describes the shape of
// each expression node (`LanguageAdapter.shape`) and handles its well-known calls (`os.urandom(32)`,
// `new byte[32]`, `"k".getBytes()`); the Evaluator does the rest: names through the symbol table,
// members of same-file classes, arithmetic, string concatenation, byte-array repetition.
import type { SgNode } from '@ast-grep/napi';
import type { Binding, Scope, Symbols } from './symbols.js';
import { constantKey, referenceKey, type CrossFile } from '../../cross-file.js';
import { UNKNOWN, bytes, int, str, type BytesOrigin, type Value } from './value.js';

/** Call arguments: positional in order, keyword/named by name. */
export interface Args {
  positional: SgNode[];
  named: Map<string, SgNode>;
}

export type Shape =
  /** Fully evaluated by the adapter (literals). */
  | { t: 'value'; value: Value }
  | { t: 'name'; name: string }
  /** `obj.prop`; `self`/`this` objects are reported with `self: true`. */
  | { t: 'member'; object: SgNode; property: string; self: boolean }
  | { t: 'binary'; op: string; left: SgNode; right: SgNode }
  | { t: 'unary'; op: string; operand: SgNode }
  | { t: 'group'; inner: SgNode }
  /** A call or constructor; `callee` is its dotted source text (`os.urandom`, `new byte[]`, `Cipher.getInstance`). */
  | { t: 'call'; callee: string; args: Args; receiver?: SgNode }
  | { t: 'list'; items: SgNode[] }
  /**
   * `c ? a : b` (and `a if c else b`): one of the options, chosen by a condition (null: none written).
   * `key`: the node whose cases it shares, where several names take their values from one choice
   * (the names of Rust's `for (curve, bits) in [(…), (…)]` come from one element in each case).
   */
  | { t: 'choice'; condition: SgNode | null; options: SgNode[]; key?: SgNode }
  /**
   * `a ?? b`, Kotlin's `a ?: b`, PHP's `$a ?: $b`: `a` unless it is null (`nullOnly`) or, without
   * `nullOnly`, false as well. Binary `||` and `or` are read the same way by the Evaluator.
   */
  | { t: 'fallback'; value: SgNode; otherwise: SgNode; nullOnly: boolean }
  /** A loop variable (the loop node is its binding's value): each element of the iterable `of`. */
  | { t: 'element'; of: SgNode }
  | { t: 'opaque' };

/** `left op right` in grammars whose binary node names its parts `left`, `operator`, `right` (C, C#, Go, JS/TS). */
export function binaryShape(node: SgNode): Shape {
  const left = node.field('left');
  const right = node.field('right');
  const op = node.field('operator')?.text();
  return left && right && op ? { t: 'binary', op, left, right } : { t: 'opaque' };
}

/** `op operand`, the operand in field `operandField` (`argument` in C and JS/TS, `operand` in Java). */
export function unaryShape(node: SgNode, operandField: 'argument' | 'operand'): Shape {
  const operand = node.field(operandField);
  return operand ? { t: 'unary', op: node.field('operator')?.text() ?? '', operand } : { t: 'opaque' };
}

/** `c ? a : b` in grammars that name its parts by fields (`alternative` in all; the others vary). */
export function ternaryShape(node: SgNode, consequence = 'consequence', condition = 'condition', alternative = 'alternative'): Shape {
  const a = node.field(consequence);
  const b = node.field(alternative);
  return a && b ? { t: 'choice', condition: node.field(condition), options: [a, b] } : { t: 'opaque' };
}

/**
 * A multi-way expression used as a value (`switch`/`when`/`match` expressions, an `if` expression
 * with blocks): one option per arm's value, each a case. An arm that gives none because it throws,
 * returns or panics is `null` and left out; one whose value cannot be read is `undefined` and makes
 * the whole expression opaque (the other arms' values would otherwise look certain).
 */
export function armsShape(values: readonly (SgNode | null | undefined)[]): Shape {
  if (values.some((v) => v === undefined)) return { t: 'opaque' };
  const options = values.filter((v): v is SgNode => v !== null);
  return options.length > 0 ? { t: 'choice', condition: null, options } : { t: 'opaque' };
}

/**
 * A loop over a literal list, as its variable's value (`foreach (var alg in new[] { "SHA256", "SHA384" })`,
 * `for _, h := range []crypto.Hash{…}`): each item, one case each, keyed by the loop; anything else
 * iterated is opaque (the variable unknown).
 */
export function loopShape(items: readonly SgNode[] | undefined): Shape {
  return items && items.length > 0 ? { t: 'choice', condition: null, options: [...items] } : { t: 'opaque' };
}

/** `left op right` of a grammar without fields (Kotlin's `?:`, Swift's `??`): null-coalescing. */
export function coalescingShape(node: SgNode): Shape {
  const [value, otherwise] = node.namedChildren().filter((c) => c.kind() !== 'comment');
  return value && otherwise ? { t: 'fallback', value, otherwise, nullOnly: true } : { t: 'opaque' };
}

/** The arguments a parameter receives from the file's own calls (LanguageAdapter.callSiteArguments). */
export interface CallSites {
  /** Identity of the function (its declaration node's id): a case picks one call site for all its parameters. */
  function: number;
  /** The function's name, as its calls write it (the symbol of a call site's occurrence). */
  name: string;
  /** Per call site, in document order: the argument passed for the parameter. */
  args: (SgNode | null)[];
  /**
   * Per call site, whether `args` holds the parameter's default because the call left it out; the
   * call's own arguments are where it chooses, so they name the call site in preference (absent: none).
   */
  defaulted?: boolean[];
  /**
   * Per call site, a value that is not an expression of its own (a field of a JUnit `@CsvSource` row,
   * converted to the parameter's type): it stands for the argument, `args` giving where it is written
   * (absent, or undefined at a site: the argument is evaluated).
   */
  values?: (Value | undefined)[];
  /** Per call site, the symbol its occurrence is reported with when not `name` (`InlineData` for `[InlineData(1024)]`). */
  symbols?: (string | undefined)[];
  open: boolean;
}

/** An argument at a call site that gave a parameter its value in a case (Evaluator.eachCase). */
export interface CallSiteArgument {
  arg: SgNode;
  /** The called function's name. */
  name: string;
  /** The called function's id (CallSites.function). */
  function: number;
  /** The call's index among that function's call sites. */
  site: number;
  /** `arg` is the parameter's default, the call having left it out. */
  defaulted: boolean;
}

export interface LanguageAdapter {
  shape(node: SgNode): Shape;
  /** Value of a known call, or undefined to let the Evaluator treat it as unknown. */
  call?(callee: string, args: Args, ev: Evaluator, node: SgNode, receiver?: SgNode): Value | undefined;
  /** Value of a well-known library constant (`KeyProperties.KEY_ALGORITHM_AES` -> "AES"), or undefined. */
  constant?(path: string): Value | undefined;
  /** Name of the class enclosing a node (for `this.x`/`self.x`), or undefined. */
  enclosingClass?(node: SgNode): string | undefined;
  /**
   * For a parameter's declaration node (Binding.param): at each call of its function in the same
   * file, the expression passed for it (the parameter's default when the call leaves it out), or
   * null where that call's argument cannot be read (a spread, no default); and whether code in
   * other files may call the function too (`open`: anything but a Java private method, a Python
   * nested function or `__mangled` method). Undefined when the function has no name the file can
   * call it by (a lambda) or the parameter no fixed position. Calls inside the function itself
   * (recursion) are left out: they pass what it received.
   */
  callSiteArguments?(param: SgNode): CallSites | undefined;
  /**
   * For a call of a same-file function (Java: a method of the class, unqualified, on `this` or on the
   * class; Python: a module-level or nested function, or a method on `self`), the expressions its
   * `return` statements give, this call's index among the function's call sites (CallSites.args) so
   * that its parameters take this call's arguments, and whether an override elsewhere may replace it.
   * Undefined for any other call.
   */
  returned?(call: SgNode): Returned | undefined;
  /**
   * For a Binding.join node (a branching statement, or a loop's body): the span of the arm each path
   * through it that reaches its end runs last, in a fixed order (an arm that returns, throws or
   * breaks out is none), then the empty span at its start when a path can run no arm (an `if`
   * without `else`, a `switch` without `default`, a loop that runs zero times). The Evaluator looks
   * the name up where each ends, among bindings whose scope holds the whole arm (an arm nested in it
   * that ends at the same place is its own statement's path): names assigned in the same statement
   * take the same path in a case.
   */
  pathEnds?(join: SgNode): readonly Scope[];
  /**
   * For a bare name the file binds no variable for: the owner (class, module) an import brings it
   * from (Java's `import static a.b.Constants.CIPHER`, Python's `from .settings import HASH`), whose
   * declaration in another file then gives its value (cross-file.ts); with the name it has there when
   * the import renames it (`import { HASH as H }`); several where the language cannot tell which
   * (C's `#include`s; the values those that declare it give must agree); undefined when not imported.
   */
  importedOwner?(name: string, node: SgNode): ImportedFrom | readonly ImportedFrom[] | undefined;
  /**
   * For a bare name the file binds no variable for: the module it stands for, when an import names a
   * module after it (`import app.settings as S`, `import * as C from './constants.js'`), so that
   * `S.HASH` is the key `settings.HASH` (cross-file.ts); undefined otherwise.
   */
  moduleAlias?(name: string, node: SgNode): string | undefined;
  /**
   * A bare name the file binds no variable for may call a method of the file (Ruby's `cipher_name`):
   * the Evaluator then asks `returned` for it.
   */
  readonly callsByName?: boolean;
}

/** Where an imported name comes from: its owner, and its name there when the import renames it. */
export type ImportedFrom = string | { owner: string; name: string };

/** What a same-file function returns (LanguageAdapter.returned). */
export interface Returned {
  function: number;
  /** A subclass in another file may override it: what it returns here is one case, an override's the unknown other. */
  open: boolean;
  /** This call among the function's call sites; absent when it is not one (a recursive call). */
  site?: number;
  returns: SgNode[];
  /** Per return, what must hold for control to reach it: left out when this call rules one out. */
  guards?: (readonly Guard[] | undefined)[];
}

/**
 * What must hold for a `return` to run. A `case` of a `switch` on `subject`: its labels, or for
 * `default` none and `others`, the switch's every label; where the subject and the labels are known,
 * the case runs only when one label equals the subject (`default`: when none does), so
 * `hashFor("RS384")` returns what `case "RS384":` returns. A `condition` that must be true (an `if`
 * arm) or false (its `else`, or the code after an `if` whose arm returns): ruled out when it
 * evaluates to the other boolean.
 */
export type Guard =
  | { subject: SgNode; labels: SgNode[]; others: SgNode[] }
  | { condition: SgNode; holds: boolean };

const MAX_DEPTH = 24;
/**
 * Expressions one top-level evaluation may visit. Joins and choices can nest so that their paths
 * multiply (24 `if (o[i]) s = s + "…";` in a row are 2^24 paths into `s`): past this, the rest is
 * unknown, and a scan stays linear in the size of the file whatever its code.
 */
const MAX_STEPS = 4096;
/** A function called from more places than this is a utility: its parameter stays unknown. */
const MAX_CALL_SITES = 16;
/** Runs of one construct in eachCase: past this, further parameters with several values are unknown. */
const MAX_CASES = 32;

/**
 * Whether a value can name or size an algorithm (a string, number, symbolic constant, list, or bytes
 * of known length): the arguments a call site is reported for. A `null` provider or a flag passed
 * along with them chose nothing.
 */
function namesOrSizes(v: Value): boolean {
  return v.kind === 'str' || v.kind === 'int' || v.kind === 'member' || v.kind === 'list' || (v.kind === 'bytes' && v.length !== undefined);
}

/**
 * Bytes that cross a call (an argument, a return value) keep their length but not a literal or zero
 * origin: the helper may fill them (`System.arraycopy` into a `new byte[16]`), and a constant key
 * lives where the helper's evidence would not show it.
 */
function withoutOrigin(v: Value): Value {
  return v.kind === 'bytes' && (v.origin === 'literal' || v.origin === 'zero') ? bytes(v.length, 'unknown') : v;
}

/** A value as a map key (values are small trees of strings and numbers). */
const valueKey = (v: Value): string => JSON.stringify(v);

/** Binary operators that give their left operand unless it is null or false, else their right one. */
const FALLBACK_OPERATORS = new Set(['||', 'or', '??']);

export class Evaluator {
  private depth = 0;
  private readonly resolving = new Set<number>();

  private table: Symbols | undefined;

  // Functions are keyed by their declaration node's id (CallSites.function).
  /** Functions whose call sites' arguments are being evaluated (a cycle through them is unknown). */
  private readonly viaCallSites = new Set<number>();
  /** Functions whose return values are being evaluated (recursion is unknown). */
  private readonly returning = new Set<number>();
  /**
   * Inside eachCase: the call site each function is called from in the case being run (-1: from
   * another file); under `~function`, whether the function's own return value (0) or an override's
   * (-1) is the case's; under a `choice` or `fallback` expression's node id, which of its values.
   */
  private assumed = new Map<number, number>();
  /** Inside eachCase: the cases to run (each a choice of call site per function). */
  private cases: Map<number, number>[] | undefined;
  /** Inside eachCase: the arguments that gave a known value to a parameter in the run so far. */
  private supplied: CallSiteArgument[] = [];

  /**
   * `symbols` may be a thunk: the file's bindings are then collected on the first lookup, so files
   * whose crypto calls take only literals never pay for the symbol table. `crossFile`: constants
   * other files declare (DetectContext.crossFile), read where the file binds a name to nothing.
   */
  constructor(
    readonly adapter: LanguageAdapter,
    private readonly symbolSource: Symbols | (() => Symbols),
    private readonly crossFile?: CrossFile,
  ) {}

  get symbols(): Symbols {
    return (this.table ??= typeof this.symbolSource === 'function' ? this.symbolSource() : this.symbolSource);
  }

  /**
   * Runs `visit` (a handler reading one construct) once per value a parameter it reads can take:
   * when an argument is a parameter of the enclosing function and the file's calls of that function
   * pass different values (`digest(data, "MD5")`, `digest(data, "SHA-256")` into
   * `MessageDigest.getInstance(alg)`), the construct is one use of each, and a handler that reads
   * one value reports one of them. The first parameter of a function met with several values makes
   * the run take the function's first call site and queues a case for each other one (keeping the
   * choices made before it in that run), so parameters passed through several helpers combine; at
   * most MAX_CASES runs, after which such a parameter is unknown. Outside eachCase it is unknown too
   * (a single value passed by every call of a function only this file can call is known everywhere).
   * `after` is given, after each run, the call-site arguments that gave that run's values.
   */
  eachCase(visit: () => void, after?: (supplied: readonly CallSiteArgument[]) => void): void {
    if (this.cases) {
      visit();
      return;
    }
    const cases: Map<number, number>[] = [new Map()];
    this.cases = cases;
    try {
      for (let run = 0; run < cases.length; run++) {
        this.assumed = cases[run]!;
        this.supplied = [];
        visit();
        // A value every call passes was recorded at each call; where the run then took one call for
        // another parameter of the function, the run is that call's alone.
        const assumed = this.assumed;
        after?.(this.supplied.filter((s) => {
          const chosen = assumed.get(s.function);
          return chosen === undefined || chosen === s.site;
        }));
      }
    } finally {
      this.cases = undefined;
      this.assumed = new Map();
      this.supplied = [];
    }
  }

  /**
   * A parameter's value from the file's own calls of its function: the one value they all pass (and
   * only then, for a function no other file can call), or within eachCase the value passed by the call
   * of the case being run. A case is one call site of the function, for all its parameters at once
   * (`generate(alg, DEFAULT_MEMORY, DEFAULT_LANES)` is one use, not a mix of several calls' arguments),
   * plus, for a function other files can call, the case of those callers, where every parameter is
   * unknown. Key material passed in loses its literal origin: a constant key handed to a helper would
   * be reported where the helper uses it, with that caller out of view in the evidence.
   */
  private parameterValue(b: Binding): Value {
    if (!b.param || this.ownOnly > 0) return UNKNOWN;
    const sites = this.adapter.callSiteArguments?.(b.param);
    if (!sites?.args.length) return UNKNOWN;
    const fn = sites.function;
    const chosen = this.assumed.get(fn);
    if (chosen !== undefined) return chosen < 0 ? UNKNOWN : this.supply(sites, chosen, this.siteValue(sites, chosen));
    if (sites.args.length > MAX_CALL_SITES) return UNKNOWN;
    const values = sites.args.map((_, i) => this.siteValue(sites, i));
    const distinct = new Set(values.map(valueKey));
    // Callers elsewhere may pass anything: their case is the unknown one, next to those seen here.
    if (sites.open) distinct.add(valueKey(UNKNOWN));
    if (distinct.size === 1) {
      sites.args.forEach((_, i) => this.supply(sites, i, values[0]!));
      return values[0]!;
    }
    return this.caseBySite(sites) ? this.supply(sites, 0, values[0]!) : UNKNOWN;
  }

  /**
   * Makes one case per call site of a function (the unknown one too, for callers in other files) and
   * runs the first in this one; false, the value being unknown for want of cases, outside eachCase or
   * past MAX_CASES.
   */
  private caseBySite(sites: CallSites): boolean {
    const cases = this.cases;
    const more = sites.args.length - 1 + (sites.open ? 1 : 0);
    if (!cases || cases.length + more > MAX_CASES) {
      this.split = true;
      return false;
    }
    for (let i = 1; i < sites.args.length; i++) cases.push(new Map(this.assumed).set(sites.function, i));
    if (sites.open) cases.push(new Map(this.assumed).set(sites.function, -1));
    this.assumed.set(sites.function, 0);
    return true;
  }

  /**
   * Records, within eachCase, call site `i` of a function as the source of a known value (once per
   * call, at the first of its arguments that gave one, unless that was a default and a later one the
   * call writes itself); returns the value.
   */
  private supply(sites: CallSites, i: number, value: Value): Value {
    const arg = sites.args[i];
    // Not while reading a return value: the call that passed the value is the one being evaluated.
    if (!this.cases || this.returning.size > 0 || !arg || !namesOrSizes(value)) return value;
    const defaulted = sites.defaulted?.[i] === true;
    const entry = { arg, name: sites.symbols?.[i] ?? sites.name, function: sites.function, site: i, defaulted };
    const at = this.supplied.findIndex((s) => s.function === entry.function && s.site === i);
    if (at < 0) this.supplied.push(entry);
    else if (this.supplied[at]!.defaulted && !defaulted) this.supplied[at] = entry;
    return value;
  }

  /**
   * The value a call of a same-file function returns, with its parameters bound to this call's
   * arguments (`transformation("GCM")` returning `"AES/" + mode + "/NoPadding"`): the one value all its
   * `return` statements give, or within eachCase one case per value when they differ (`return "sha1"`
   * on one path, `return "sha256"` on another; a `None`/`null` return aside). Unknown for recursion or a
   * call the adapter cannot tie to one function; for a method a subclass elsewhere could override, the
   * value and an unknown case (within eachCase).
   */
  private returnedValue(call: SgNode): Value {
    // What a call returns does not depend on the case being run: read once per call (each run of
    // each construct asks again, and the adapter walks the function's returns and their conditions).
    let r = this.returnedByCall.get(call.id());
    if (r === undefined && !this.returnedByCall.has(call.id())) this.returnedByCall.set(call.id(), (r = this.adapter.returned?.(call)));
    if (!r?.returns.length || this.returning.has(r.function)) return UNKNOWN;
    const had = this.assumed.get(r.function);
    this.assumed.set(r.function, r.site ?? -1);
    this.returning.add(r.function);
    try {
      // `return None` on a guard's path is no algorithm: the values are the others, one case each. A
      // return in a `case` this call cannot reach is none of them.
      const all = r.returns.filter((_, i) => this.mayRun(r.guards?.[i])).map((e) => withoutOrigin(this.eval(e)));
      if (all.length === 0) return UNKNOWN;
      const values = all.some((v) => v.kind !== 'none') ? all.filter((v) => v.kind !== 'none') : all;
      const value = this.oneOfValues(call, values);
      if (!r.open || value.kind === 'unknown') return value;
      // An override in another file may return anything: within eachCase that is a case of its own
      // (unknown), next to this one; outside, the value is unknown.
      const key = ~r.function;
      const chosen = this.assumed.get(key);
      if (chosen !== undefined) return chosen < 0 ? UNKNOWN : value;
      const cases = this.cases;
      if (!cases || cases.length + 1 > MAX_CASES) {
        this.split = true;
        return UNKNOWN;
      }
      cases.push(new Map(this.assumed).set(key, -1));
      this.assumed.set(key, 0);
      return value;
    } finally {
      this.returning.delete(r.function);
      if (had === undefined) this.assumed.delete(r.function);
      else this.assumed.set(r.function, had);
    }
  }

  /** Whether a `return` can run in this case of the evaluation: not when a known condition or `switch` subject rules it out. */
  private mayRun(guards: readonly Guard[] | undefined): boolean {
    return !guards || guards.every((g) => this.guardMayHold(g));
  }

  private guardMayHold(guard: Guard): boolean {
    if ('condition' in guard) {
      const v = this.eval(guard.condition);
      return v.kind !== 'bool' || v.value === guard.holds;
    }
    const subject = this.eval(guard.subject);
    if (subject.kind !== 'str' && subject.kind !== 'int' && subject.kind !== 'member') return true;
    const matches = (labels: SgNode[]): boolean | undefined => {
      let unknown = false;
      for (const l of labels) {
        const v = this.eval(l);
        if (v.kind === 'unknown') unknown = true;
        else if (valueKey(v) === valueKey(subject)) return true;
      }
      return unknown ? undefined : false;
    };
    if (guard.labels.length > 0) return matches(guard.labels) !== false;
    return matches(guard.others) !== true;
  }

  /**
   * Evaluates an expression as its own function's code writes it: a parameter is unknown, whatever the
   * file's calls pass. For the constant-material checks (hard-coded key, static IV, literal password):
   * bytes a call site passes lose their literal origin (argumentValue), but a string stays a string,
   * since it may name an algorithm; where it is key, IV or password material (`seal(data, "k3y")` into
   * `openssl_encrypt(…, $key, …)`, `key.as_bytes()`), the literal is the caller's, and a signal at the
   * helper would report it with that caller out of view. Reading no call site, it makes no cases either.
   */
  evalOwn(node: SgNode | null | undefined): Value {
    this.ownOnly++;
    try {
      return this.eval(node);
    } finally {
      this.ownOnly--;
    }
  }

  /** Inside evalOwn: parameters are not read from call sites. */
  private ownOnly = 0;

  /** The value call site `i` passes: the one the adapter gives for it, or its argument's. */
  private siteValue(sites: CallSites, i: number): Value {
    return sites.values?.[i] ?? this.argumentValue(sites.function, sites.args[i] ?? null);
  }

  /** The value a call passes for a parameter of `fn` (unknown while `fn`'s own call sites are being read: recursion). */
  private argumentValue(fn: number, arg: SgNode | null): Value {
    if (!arg || this.viaCallSites.has(fn)) return UNKNOWN;
    this.viaCallSites.add(fn);
    try {
      const v = withoutOrigin(this.eval(arg));
      return v.kind === 'unknown' ? UNKNOWN : v;
    } finally {
      this.viaCallSites.delete(fn);
    }
  }

  /**
   * `value ?? otherwise` and kin: a known value stands (unless null, or false where `nullOnly` is not
   * set); a null one gives `otherwise`; an unknown one is either, each a case: `opts.algorithm ||
   * 'aes-128-ecb'` is a use of AES-128-ECB whenever the caller names none, and of what it names.
   */
  private fallback(node: SgNode, value: SgNode, otherwise: SgNode, nullOnly: boolean): Value {
    const v = this.eval(value);
    if (v.kind === 'none' || (!nullOnly && v.kind === 'bool' && !v.value)) return this.eval(otherwise);
    // A member path the file does not bind (`opts.algorithm`) is no constant here: whatever the caller set.
    if (v.kind !== 'unknown' && v.kind !== 'member') return v;
    return this.oneOfValues(node, [v, this.eval(otherwise)]);
  }

  /**
   * One of several values an expression can take (the options of `c ? a : b`, a fallback's two, the
   * paths into a join): the value when they agree; within eachCase, one case per option, keyed by the
   * expression (the first option in this run, the others queued); elsewhere, or past MAX_CASES,
   * unknown. Options are thunks: a case evaluates only its own, so that choices nested in one option
   * are cases of that option's run alone (not of every run, repeated). Whether they agree is first
   * probed without making cases.
   */
  private oneOf(node: SgNode, options: readonly (() => Value)[]): Value {
    if (options.length === 0) return UNKNOWN;
    const key = node.id();
    const chosen = this.assumed.get(key);
    if (chosen !== undefined) return options[chosen]?.() ?? UNKNOWN;
    const cases = this.cases;
    const split = this.split;
    this.cases = undefined;
    this.split = false;
    let probe: Value[];
    let nestedSplit: boolean;
    try {
      probe = options.map((o) => o());
      nestedSplit = this.split;
    } finally {
      this.cases = cases;
      this.split = split;
    }
    // Agreed: evaluated again with cases on, which makes none, so that call-site arguments are recorded.
    if (!nestedSplit && new Set(probe.map(valueKey)).size === 1) return cases ? options[0]!() : probe[0]!;
    if (!cases || cases.length + options.length - 1 > MAX_CASES) {
      this.split = true;
      return UNKNOWN;
    }
    for (let i = 1; i < options.length; i++) cases.push(new Map(this.assumed).set(key, i));
    this.assumed.set(key, 0);
    return options[0]!();
  }

  /** LanguageAdapter.returned per call node id. */
  private readonly returnedByCall = new Map<number, Returned | undefined>();

  /** Set when a value was unknown only for want of cases (outside eachCase, or in oneOf's probe) or of steps. */
  private split = false;
  /** Expressions visited by the current top-level evaluation (MAX_STEPS). */
  private steps = 0;

  /** oneOf over values already computed. */
  private oneOfValues(node: SgNode, values: readonly Value[]): Value {
    return this.oneOf(node, values.map((v) => () => v));
  }

  /**
   * A configured value with a default written in the code (`props.getProperty("cipher", "AES/CBC/
   * PKCS5Padding")`, `os.environ.get("HASH", "sha256")`): the configuration's unknown value and the
   * default, each a case, as `value ?? default` is.
   */
  configured(node: SgNode, fallback: SgNode | undefined): Value {
    const d = this.eval(fallback);
    return d.kind === 'unknown' || d.kind === 'none' ? UNKNOWN : this.oneOfValues(node, [UNKNOWN, d]);
  }

  /** The value a binding gives its name: its expression's, a parameter's, or a join's. */
  private bindingValue(b: Binding): Value {
    if (!b.value) return b.join ? this.joined(b, b.join) : this.parameterValue(b);
    const id = b.value.id();
    if (this.resolving.has(id)) return UNKNOWN;
    this.resolving.add(id);
    try {
      return this.eval(b.value);
    } finally {
      this.resolving.delete(id);
    }
  }

  /** Joins being evaluated (by node id): a path that leads back into one is unknown. */
  private readonly joining = new Set<number>();
  /** LanguageAdapter.pathEnds per join node id. */
  private readonly ends = new Map<number, readonly Scope[]>();

  /**
   * A local where a branching statement ends (Binding.join): the value it had at the end of each path
   * through the statement, one case each, keyed by the statement, so that `if (strong) { alg =
   * "SHA-512"; bits = 4096; } else { alg = "SHA-1"; bits = 1024; }` gives SHA-512 with 4096 and SHA-1
   * with 1024, never a mix.
   */
  private joined(b: Binding, join: SgNode): Value {
    const id = join.id();
    const ends = this.pathEndsOf(join);
    if (ends.length === 0 || this.joining.has(id)) return UNKNOWN;
    this.joining.add(id);
    try {
      return this.oneOf(join, ends.map((arm) => () => {
        const reaching = this.reachingEnd(b.name, id, arm);
        return reaching ? this.bindingValue(reaching) : UNKNOWN;
      }));
    } finally {
      this.joining.delete(id);
    }
  }

  /** LanguageAdapter.pathEnds of a join, once per node. */
  private pathEndsOf(join: SgNode): readonly Scope[] {
    const id = join.id();
    let ends = this.ends.get(id);
    if (!ends) this.ends.set(id, (ends = this.adapter.pathEnds?.(join) ?? []));
    return ends;
  }

  /** The binding of `name` where path `arm` of join `id` ends. */
  private reachingEnd(name: string, id: number, arm: Scope): Binding | undefined {
    // The statement's own join bindings are visible where its last arm ends, too: passed over.
    const outside = (o: Binding): boolean => o.scope.start > arm.start || (o.join !== undefined && o.join.id() === id);
    return this.symbols.lookup(name, arm.end, outside);
  }

  /**
   * For a join binding (a local some paths of a branching statement assign), the binding the path of
   * the case being run leaves at the statement's end: one case per path that leaves a different one,
   * keyed by the statement as joined() keys its values, so that an object chosen in a branch (`if ec:
   * key = ec.generate_private_key(…) else: key = rsa.generate_private_key(…)`) is each path's, and a
   * scalar set in the same arms takes the same path in a run. Bindings that are joins again (an `if`
   * nested in an arm) are followed. Undefined outside eachCase when the paths differ, past MAX_CASES, or
   * on a path that leads back into the join.
   */
  joinedBinding(b: Binding): Binding | undefined {
    let cur: Binding | undefined = b;
    for (let depth = 0; cur && !cur.value && cur.join && depth < 8; depth++) cur = this.pathBinding(cur, cur.join);
    return cur && (cur.value || !cur.join) ? cur : undefined;
  }

  private pathBinding(b: Binding, join: SgNode): Binding | undefined {
    const id = join.id();
    const ends = this.pathEndsOf(join);
    if (ends.length === 0) return undefined;
    const reaching = (arm: Scope): Binding | undefined => this.reachingEnd(b.name, id, arm);
    const chosen = this.assumed.get(id);
    if (chosen !== undefined) return ends[chosen] ? reaching(ends[chosen]!) : undefined;
    const all = ends.map(reaching);
    // Every path leaves the same binding: no case to make.
    if (all.every((r) => r === all[0])) return all[0];
    const cases = this.cases;
    if (!cases || cases.length + ends.length - 1 > MAX_CASES) {
      this.split = true;
      return undefined;
    }
    for (let i = 1; i < ends.length; i++) cases.push(new Map(this.assumed).set(id, i));
    this.assumed.set(id, 0);
    return all[0];
  }

  /**
   * Like origin, but through joins: at a local assigned on several paths of an `if` or `switch`, the
   * expression the case's path assigned (joinedBinding), so that a key object chosen in a branch gives
   * one use per path, as a scalar does. Opt-in per detector (keys of signatures).
   */
  originByPath(node: SgNode | null | undefined, hops = 8): SgNode | null {
    let cur = node ?? null;
    for (let i = 0; cur && i < hops; i++) {
      const found = this.bindingOf(cur);
      if (!found) return cur;
      const b = this.joinedBinding(found);
      if (!b?.value) return null;
      cur = b.value;
    }
    return cur;
  }

  /** Evaluates an expression node; never throws, returns UNKNOWN for anything it cannot compute. */
  eval(node: SgNode | null | undefined): Value {
    if (!node || this.depth > MAX_DEPTH) return UNKNOWN;
    if (this.depth === 0) this.steps = 0;
    if (++this.steps > MAX_STEPS) {
      // Unknown for want of budget, not for want of a value: a probe must not read it as agreement.
      this.split = true;
      return UNKNOWN;
    }
    this.depth++;
    try {
      return this.evalShape(node, this.adapter.shape(node));
    } finally {
      this.depth--;
    }
  }

  /** The expression a name or member refers to (following `a = b` chains), or the node itself. */
  origin(node: SgNode | null | undefined, hops = 8): SgNode | null {
    let cur = node ?? null;
    for (let i = 0; cur && i < hops; i++) {
      const b = this.bindingOf(cur);
      if (!b) return cur;
      if (!b.value) return null;
      cur = b.value;
    }
    return cur;
  }

  /**
   * Like origin, but a parameter continues into the expression the file's own calls pass for it
   * (its default where a call leaves it out), one case per call site as for its value: for values the
   * Value type does not hold, such as a WebCrypto algorithm object (`generateKey(alg)` with
   * `gen({ name: 'ECDSA', namedCurve: 'P-384' })`). Null where a case's argument is unknown (callers
   * in other files, a spread). Opt-in per detector: linking key and cipher objects stays within a
   * function.
   */
  originAcrossCalls(node: SgNode | null | undefined, hops = 8): SgNode | null {
    let cur = node ?? null;
    for (let i = 0; cur && i < hops; i++) {
      const b = this.bindingOf(cur);
      if (!b) return cur;
      if (b.value) cur = b.value;
      else if (b.param && this.ownOnly === 0) cur = this.parameterArgument(b.param);
      else return null;
    }
    return cur;
  }

  /** The argument node of the call site being run for a parameter (making one case per site, as parameterValue does). */
  private parameterArgument(param: SgNode): SgNode | null {
    const sites = this.adapter.callSiteArguments?.(param);
    if (!sites?.args.length) return null;
    const fn = sites.function;
    // A value the adapter gives has no expression to follow (the node is where it is written).
    const node = (i: number): SgNode | null => (sites.values?.[i] !== undefined ? null : (sites.args[i] ?? null));
    const chosen = this.assumed.get(fn);
    if (chosen !== undefined) return chosen < 0 ? null : node(chosen);
    if (sites.args.length > MAX_CALL_SITES) return null;
    if (sites.args.length === 1 && !sites.open) return node(0);
    return this.caseBySite(sites) ? node(0) : null;
  }

  /** Binding a name/member node refers to, if the file has one. */
  bindingOf(node: SgNode): Binding | undefined {
    const s = this.adapter.shape(node);
    const at = node.range().start.index;
    if (s.t === 'name') return this.symbols.lookup(s.name, at);
    if (s.t === 'member') {
      if (s.self) {
        const owner = this.adapter.enclosingClass?.(node);
        return owner ? this.symbols.member(owner, s.property) : undefined;
      }
      // `Config.KEY_BITS`, and for nested classes `Outer.Limits.IV_LENGTH` (the innermost class name decides).
      const os = this.adapter.shape(s.object);
      const owner = os.t === 'name' ? os.name : os.t === 'member' && !os.self ? os.property : undefined;
      if (owner !== undefined && this.symbols.hasOwner(owner)) return this.symbols.member(owner, s.property);
    }
    if (s.t === 'group') return this.bindingOf(s.inner);
    return undefined;
  }

  /**
   * A bare name an import brings from another file's owner: that file's constant. Where the language
   * cannot tell which of several owners (C's `#include`s), the one value those that declare it agree
   * on, else none.
   */
  private importedConstant(name: string, node: SgNode): Value | undefined {
    const from = this.adapter.importedOwner?.(name, node);
    if (from === undefined) return undefined;
    let found: Value | undefined;
    const owners: readonly ImportedFrom[] = Array.isArray(from) ? from : [from as ImportedFrom];
    for (const f of owners) {
      const v = this.crossFile?.lookup(typeof f === 'string' ? constantKey(f, name) : constantKey(f.owner, f.name));
      if (!v) continue;
      if (found && valueKey(found) !== valueKey(v)) return undefined;
      found = v;
    }
    return found;
  }

  /**
   * `Owner.NAME` where `Owner` is no variable of the file: another file's constant, the owner read
   * through a module alias (`S.HASH` after `import app.settings as S`) or as written (its last part).
   * A chain that starts at a variable or at `this`/`self` (`req.body.alg`, `this.options.hash`) is an
   * object's property, whatever its last two parts. Whether it starts so is asked only of a key some
   * file declares: the question costs a symbol lookup, and most member reads (`Cipher.ENCRYPT_MODE`)
   * find nothing anyway.
   */
  private referencedConstant(object: SgNode, property: string, path: string): Value | undefined {
    const o = this.adapter.shape(object);
    const module = o.t === 'name' ? this.adapter.moduleAlias?.(o.name, object) : undefined;
    const key = module !== undefined ? constantKey(module, property) : referenceKey(path);
    const v = key !== undefined ? this.crossFile?.lookup(key) : undefined;
    return v && !this.startsAtVariable(object) ? v : undefined;
  }

  /** Whether a member chain's head is a name the file binds (a variable, a parameter) or `this`/`self`. */
  private startsAtVariable(node: SgNode): boolean {
    let cur = node;
    for (let i = 0; i < 16; i++) {
      const s = this.adapter.shape(cur);
      if (s.t === 'name') return this.symbols.lookup(s.name, cur.range().start.index) !== undefined;
      if (s.t !== 'member') return false;
      if (s.self) return true;
      cur = s.object;
    }
    return false;
  }

  private evalShape(node: SgNode, s: Shape): Value {
    switch (s.t) {
      case 'value':
        return s.value;
      case 'group':
        return this.eval(s.inner);
      case 'name':
      case 'member': {
        const b = this.bindingOf(node);
        if (b) return this.bindingValue(b);
        if (s.t === 'name') {
          const declared = this.crossFile && this.importedConstant(s.name, node);
          if (declared) return declared;
          return this.adapter.callsByName ? this.returnedValue(node) : UNKNOWN;
        }
        const path = dotted(node.text());
        const known = this.adapter.constant?.(path);
        if (known) return known;
        return (this.crossFile && !s.self && this.referencedConstant(s.object, s.property, path)) || { kind: 'member', path };
      }
      case 'binary':
        if (FALLBACK_OPERATORS.has(s.op)) return this.fallback(node, s.left, s.right, s.op === '??');
        return binary(s.op, this.eval(s.left), this.eval(s.right));
      case 'fallback':
        return this.fallback(node, s.value, s.otherwise, s.nullOnly);
      case 'element': {
        // `for (String alg : new String[]{"SHA-256", "SHA-512"})`: a use of each element.
        const list = this.eval(s.of);
        return list.kind === 'list' && list.items.length > 0 ? this.oneOfValues(node, list.items) : UNKNOWN;
      }
      case 'choice': {
        const c = s.condition ? this.eval(s.condition) : UNKNOWN;
        if (c.kind === 'bool' && s.options.length === 2) return this.eval(s.options[c.value ? 0 : 1]);
        return this.oneOf(s.key ?? node, s.options.map((o) => () => this.eval(o)));
      }
      case 'unary': {
        const v = this.eval(s.operand);
        if (v.kind === 'int' && s.op === '-') return int(-v.value);
        if (v.kind === 'int' && s.op === '+') return v;
        if (v.kind === 'bool' && (s.op === '!' || s.op === 'not')) return { kind: 'bool', value: !v.value };
        return UNKNOWN;
      }
      case 'call':
        return this.adapter.call?.(s.callee, s.args, this, node, s.receiver) ?? this.returnedValue(node);
      case 'list':
        return { kind: 'list', items: s.items.map((n) => this.eval(n)) };
      case 'opaque':
        return UNKNOWN;
    }
  }
}

/** Source text of a member chain without whitespace: `ec . SECP384R1` -> `ec.SECP384R1`. */
export function dotted(text: string): string {
  return text.replace(/\s+/g, '');
}

const EQUALITY = new Set(['==', '===', '!=', '!==']);
const SCALAR = new Set<Value['kind']>(['str', 'int', 'bool', 'none']);

/** Arithmetic, concatenation and equality over resolved values; unknown in, unknown out. */
export function binary(op: string, l: Value, r: Value): Value {
  // `method === 'sha256'` where the case fixes `method`: a condition that picks one branch.
  if (EQUALITY.has(op) && SCALAR.has(l.kind) && SCALAR.has(r.kind)) {
    const same = JSON.stringify(l) === JSON.stringify(r);
    return { kind: 'bool', value: op.startsWith('!') ? !same : same };
  }
  if (l.kind === 'int' && r.kind === 'int') {
    const a = l.value;
    const b = r.value;
    switch (op) {
      case '+': return int(a + b);
      case '-': return int(a - b);
      case '*': return int(a * b);
      case '/': case '//': return b === 0 ? UNKNOWN : int(Math.trunc(a / b));
      case '%': return b === 0 ? UNKNOWN : int(a % b);
      case '<<': return int(a * 2 ** b);
      case '>>': return int(Math.trunc(a / 2 ** b));
      case '**': return int(a ** b);
      default: return UNKNOWN;
    }
  }
  if (op === '+') {
    if (l.kind === 'str' && (r.kind === 'str' || r.kind === 'int')) return str(l.value + String(r.value));
    if (l.kind === 'int' && r.kind === 'str') return str(String(l.value) + r.value);
    if (l.kind === 'bytes' && r.kind === 'bytes')
      return bytes(l.length !== undefined && r.length !== undefined ? l.length + r.length : undefined, mergeOrigin(l.origin, r.origin));
  }
  if (op === '*') {
    // Python: b"\x00" * 16, "ab" * 2
    const [seq, n] = l.kind === 'int' ? [r, l.value] : r.kind === 'int' ? [l, r.value] : [undefined, 0];
    if (seq?.kind === 'bytes') return bytes(seq.length !== undefined ? seq.length * n : undefined, seq.origin);
    if (seq?.kind === 'str') return str(seq.value.repeat(Math.max(0, Math.min(n, 4096))));
  }
  return UNKNOWN;
}

function mergeOrigin(a: BytesOrigin, b: BytesOrigin): BytesOrigin {
  if (a === b) return a;
  if (a === 'random' || b === 'random') return 'random';
  if (a === 'unknown' || b === 'unknown') return 'unknown';
  return 'literal';
}
