// Reading tree-sitter-kotlin trees. The grammar names no fields, so a call's parts are found by the
// kinds of its children: `callee(call_suffix)`, the callee a `simple_identifier` (`SecretKeySpec(…)`,
// Kotlin has no `new`) or a `navigation_expression` (`Cipher.getInstance`, `cipher.init`), the suffix
// holding `value_arguments` and/or a trailing lambda (`HostnameVerifier { _, _ -> true }`).
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';

export interface KtArg {
  /** `keyLength = 256`: the parameter name a named argument gives. */
  name?: string;
  expr: SgNode;
}

export interface KtCall {
  node: SgNode;
  /** Method or constructor name: `getInstance`, `SecretKeySpec`, `init`. */
  name: string;
  /** The expression before the last `.`/`?.` (`Cipher` in `Cipher.getInstance`), absent for a bare call. */
  receiver?: SgNode;
  args: KtArg[];
  /** Trailing lambda (`apply { … }`, `HostnameVerifier { _, _ -> true }`). */
  lambda?: SgNode;
  /** Where to report the call: its `.name` when the receiver spans lines (a builder chain), else the call. */
  site: SgNode;
}

const isComment = (n: SgNode): boolean => /comment/.test(kindOf(n));

export function namedKids(node: SgNode): SgNode[] {
  // One native call for the named children instead of `children()` plus `isNamed()` on each.
  return node.namedChildren().filter((c) => !isComment(c));
}

/** The identifier a navigation suffix names (`.getInstance`, `?.size`). */
export function suffixName(nav: SgNode): string {
  const suffix = nav.children().find((c) => kindOf(c) === 'navigation_suffix');
  return suffix?.children().find((c) => kindOf(c) === 'simple_identifier')?.text() ?? '';
}

/** The parts of a `call_expression`, or undefined for anything else. */
export function callParts(node: SgNode): KtCall | undefined {
  if (kindOf(node) !== 'call_expression') return undefined;
  const kids = namedKids(node);
  const callee = kids[0];
  const suffix = kids.find((c) => kindOf(c) === 'call_suffix');
  if (!callee || !suffix) return undefined;
  return new ParsedCall(node, callee, suffix);
}

/**
 * A call whose name is read at once and whose other parts on first use: a file has many calls
 * (`filter { … }`, `trim()`) and the detector looks at the arguments of few; each part costs
 * several calls into native code.
 */
class ParsedCall implements KtCall {
  readonly name: string;
  private parts: { receiver?: SgNode; args: KtArg[]; lambda?: SgNode; site: SgNode } | undefined;

  constructor(
    readonly node: SgNode,
    private readonly callee: SgNode,
    private readonly suffix: SgNode,
  ) {
    const ck = kindOf(callee);
    // `with(x) { … }` is a call on a call (name ''): the lambda is the outer call's suffix.
    this.name = ck === 'simple_identifier' ? callee.text() : ck === 'navigation_expression' ? suffixName(callee) : '';
  }

  get receiver(): SgNode | undefined {
    return this.read().receiver;
  }

  get args(): KtArg[] {
    return this.read().args;
  }

  get lambda(): SgNode | undefined {
    return this.read().lambda;
  }

  get site(): SgNode {
    return this.read().site;
  }

  private read(): { receiver?: SgNode; args: KtArg[]; lambda?: SgNode; site: SgNode } {
    if (this.parts) return this.parts;
    const receiver = kindOf(this.callee) === 'navigation_expression' ? namedKids(this.callee)[0] : undefined;
    const args: KtArg[] = [];
    let lambda: SgNode | undefined;
    for (const part of namedKids(this.suffix)) {
      const k = kindOf(part);
      if (k === 'value_arguments') {
        for (const a of namedKids(part)) {
          if (kindOf(a) !== 'value_argument') continue;
          const inner = namedKids(a);
          const named = a.children().some((c) => !c.isNamed() && c.text() === '=');
          if (named && inner.length >= 2) args.push({ name: inner[0]!.text(), expr: inner[inner.length - 1]! });
          else if (inner.length) args.push({ expr: inner[inner.length - 1]! });
        }
      } else if (k === 'annotated_lambda') {
        lambda = namedKids(part).find((c) => kindOf(c) === 'lambda_literal');
      }
    }
    const suffixNode = receiver && this.callee.text().includes('\n') ? this.callee.children().find((c) => kindOf(c) === 'navigation_suffix') : undefined;
    this.parts = { ...(receiver ? { receiver } : {}), args, ...(lambda ? { lambda } : {}), site: suffixNode ?? this.node };
    return this.parts;
  }
}

/** `with(x) { … }` written as a call on a call: the inner call and its lambda. */
export function withTarget(node: SgNode): { target: SgNode; lambda: SgNode } | undefined {
  const kids = namedKids(node);
  const inner = kids[0];
  if (!inner || kindOf(inner) !== 'call_expression') return undefined;
  const ic = callParts(inner);
  const outer = callParts(node);
  if (!ic || ic.name !== 'with' || ic.receiver || !ic.args[0] || !outer?.lambda) return undefined;
  return { target: ic.args[0].expr, lambda: outer.lambda };
}

/**
 * Positional or named argument: `PBEKeySpec(pw, salt, 10000, 256)` and
 * `PBEKeySpec(password = pw, salt = salt, iterationCount = 10000, keyLength = 256)` are the same call.
 */
export function arg(call: KtCall, index: number, name?: string): SgNode | undefined {
  if (name) {
    const n = call.args.find((a) => a.name === name);
    if (n) return n.expr;
  }
  // Positional arguments come before named ones in Kotlin (mixing is allowed only in order).
  const a = call.args[index];
  return a && a.name === undefined ? a.expr : undefined;
}

/** Dotted text of a name path (`javax.crypto.Cipher`), or undefined when the expression is not one. */
export function pathText(node: SgNode | undefined): string | undefined {
  if (!node) return undefined;
  const k = kindOf(node);
  if (k === 'simple_identifier') return node.text();
  if (k === 'navigation_expression') {
    const kids = namedKids(node);
    const head = pathText(kids[0]);
    const suffix = kids[1];
    if (!head || !suffix || suffix.text().startsWith('?')) return undefined;
    return `${head}.${suffixName(node)}`;
  }
  return undefined;
}

/** The lambda's statements (the last one is its value). */
export function lambdaStatements(lambda: SgNode): SgNode[] {
  const stmts = namedKids(lambda).find((c) => kindOf(c) === 'statements');
  return stmts ? namedKids(stmts) : [];
}

/** Names a lambda declares (`{ a, b -> … }`); empty for `{ … }` (whose one parameter is `it`). */
export function lambdaParams(lambda: SgNode): string[] {
  const ps = namedKids(lambda).find((c) => kindOf(c) === 'lambda_parameters');
  return ps ? namedKids(ps).map((p) => p.text()) : [];
}

/** The name a function declaration gives. */
export function functionName(fn: SgNode): string | undefined {
  return namedKids(fn).find((c) => kindOf(c) === 'simple_identifier')?.text();
}

/** The name of a class, object or interface declaration. */
export function typeName(decl: SgNode): string | undefined {
  return namedKids(decl).find((c) => kindOf(c) === 'type_identifier')?.text();
}

/** Supertypes a class or `object :` expression lists (`X509TrustManager`, `HostnameVerifier`). */
export function supertypes(decl: SgNode): string[] {
  return namedKids(decl)
    .filter((c) => kindOf(c) === 'delegation_specifier')
    .map((c) => c.text().replace(/\(.*$/s, '').replace(/<.*$/s, '').trim().split('.').pop() ?? '');
}
