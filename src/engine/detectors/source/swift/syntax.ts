// Reading tree-sitter-swift trees. The grammar names few fields, so a call is read from its children:
// the callee (`CCCrypt`, `AES.GCM.seal`, `.init`), then a `call_suffix` holding `value_arguments` (each
// with an optional `label:`) and/or a trailing closure. Generic types are written two ways:
// `HMAC<SHA256>(key: k)` parses as a `constructor_expression` over a `user_type`, but
// `HMAC<SHA256>.authenticationCode(for:using:)` parses as the comparisons `HMAC < (SHA256 > .authenticationCode(…))`
// with the call an implicit member (`.authenticationCode`); `callParts` puts the type back together.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';

export interface SwArg {
  /** `using: key`: the argument label. */
  label?: string;
  expr: SgNode;
}

export interface SwCall {
  node: SgNode;
  /** Dotted callee path when it is a chain of names (`AES.GCM.seal`, `CC_SHA256`, `.rsaEncryptionPKCS1`), else ''. */
  path: string;
  /** Last name of the callee (`seal`, `CCCrypt`, `PrivateKey`). */
  name: string;
  /** Generic arguments of the callee's type (`SHA256` of `HMAC<SHA256>.authenticationCode`), as dotted paths. */
  typeArgs: string[];
  /** The expression a method is called on (`key` in `key.withUnsafeBytes`), when the callee is not a name path. */
  receiver?: SgNode;
  args: SwArg[];
  /** Trailing closure. */
  lambda?: SgNode;
}

const isComment = (n: SgNode): boolean => /comment/.test(kindOf(n));

export function namedKids(node: SgNode): SgNode[] {
  return node.namedChildren().filter((c) => !isComment(c));
}

/** Dotted text of a name chain (`AES.GCM`, `Insecure.MD5`, `.bits256`), or undefined when the expression is not one. */
export function pathText(node: SgNode | undefined): string | undefined {
  if (!node) return undefined;
  const k = kindOf(node);
  if (k === 'simple_identifier' || k === 'type_identifier') return node.text();
  if (k === 'navigation_expression') {
    const kids = namedKids(node);
    const head = kids[0] ? pathText(kids[0]) : undefined;
    const suffix = kids[1] ? suffixName(kids[1]) : undefined;
    return head !== undefined && suffix ? `${head}.${suffix}` : undefined;
  }
  if (k === 'prefix_expression') {
    // `.bits256`, `.rsaEncryptionPKCS1`: an implicit member (the type comes from the parameter).
    const kids = node.children();
    if (kids.length === 2 && kids[0]!.text() === '.' && kindOf(kids[1]!) === 'simple_identifier') return `.${kids[1]!.text()}`;
    return undefined;
  }
  if (k === 'user_type') {
    // `Insecure.SHA1` in a type position: type_identifier children joined; generic arguments dropped.
    return namedKids(node).filter((c) => kindOf(c) === 'type_identifier').map((c) => c.text()).join('.') || undefined;
  }
  return undefined;
}

/** The name a navigation suffix gives (`.seal`). */
export function suffixName(suffix: SgNode): string | undefined {
  return namedKids(suffix).find((c) => kindOf(c) === 'simple_identifier')?.text();
}

function readArgs(list: SgNode | undefined): SwArg[] {
  const out: SwArg[] = [];
  for (const a of list ? namedKids(list) : []) {
    if (kindOf(a) !== 'value_argument') continue;
    // `nil` is an anonymous node: every child but the label and its colon.
    const kids = a.children().filter((c) => !isComment(c) && c.text() !== ':');
    const labelNode = kids.find((c) => kindOf(c) === 'value_argument_label');
    const expr = kids.filter((c) => kindOf(c) !== 'value_argument_label').at(-1);
    if (!expr) continue;
    const label = labelNode ? namedKids(labelNode)[0]?.text() : undefined;
    out.push({ ...(label ? { label } : {}), expr });
  }
  return out;
}

/** Generic arguments of a `user_type` (`HMAC<SHA256>` -> [`SHA256`]). */
function typeArgsOf(userType: SgNode): string[] {
  const ta = namedKids(userType).find((c) => kindOf(c) === 'type_arguments');
  return ta ? namedKids(ta).map((t) => pathText(t) ?? t.text()) : [];
}

/**
 * The type a misparsed generic call names: the call is the right side of `Arg > call`, itself the right side
 * of `Type < …` (`HMAC<SHA256>.authenticationCode(…)`, `HKDF<Insecure.SHA1>.deriveKey(…)`).
 */
function misparsedGeneric(call: SgNode): { type: string; args: string[] } | undefined {
  const gt = call.parent();
  if (!gt || kindOf(gt) !== 'comparison_expression') return undefined;
  const gtKids = gt.children();
  if (gtKids.length !== 3 || gtKids[1]!.text() !== '>' || gtKids[2]!.id() !== call.id()) return undefined;
  const lt = gt.parent();
  if (!lt || kindOf(lt) !== 'comparison_expression') return undefined;
  const ltKids = lt.children();
  if (ltKids.length !== 3 || ltKids[1]!.text() !== '<' || ltKids[2]!.id() !== gt.id()) return undefined;
  const type = pathText(ltKids[0]);
  const arg = pathText(gtKids[0]);
  return type && arg ? { type, args: [arg] } : undefined;
}

/** The parts of a call or constructor expression, or undefined for anything else. */
export function callParts(node: SgNode): SwCall | undefined {
  const k = kindOf(node);
  if (k === 'constructor_expression') {
    const kids = namedKids(node);
    const type = kids[0];
    const suffix = kids.find((c) => kindOf(c) === 'constructor_suffix');
    if (!type || !suffix) return undefined;
    const path = pathText(type) ?? '';
    const sk = namedKids(suffix);
    const lambda = sk.find((c) => kindOf(c) === 'lambda_literal');
    return {
      node, path, name: path.split('.').pop() ?? '', typeArgs: kindOf(type) === 'user_type' ? typeArgsOf(type) : [],
      args: readArgs(sk.find((c) => kindOf(c) === 'value_arguments')), ...(lambda ? { lambda } : {}),
    };
  }
  if (k !== 'call_expression') return undefined;
  const kids = namedKids(node);
  const callee = kids[0];
  const suffix = kids.find((c) => kindOf(c) === 'call_suffix');
  if (!callee || !suffix) return undefined;
  const sk = namedKids(suffix);
  const args = readArgs(sk.find((c) => kindOf(c) === 'value_arguments'));
  const lambda = sk.find((c) => kindOf(c) === 'lambda_literal');
  const rest = { args, ...(lambda ? { lambda } : {}) };
  let path = pathText(callee);
  const ck = kindOf(callee);
  if (path !== undefined) {
    if (path.startsWith('.')) {
      const g = misparsedGeneric(node);
      if (g) return { node, path: `${g.type}${path}`, name: path.slice(1), typeArgs: g.args, ...rest };
    }
    // `keys.add(…)`, `Digest.md5(…)`: the head of the chain is also the receiver, whether a type or a value.
    const receiver = ck === 'navigation_expression' ? namedKids(callee)[0] : undefined;
    return { node, path, name: path.split('.').pop() ?? '', typeArgs: [], ...(receiver ? { receiver } : {}), ...rest };
  }
  if (ck === 'navigation_expression') {
    const nk = namedKids(callee);
    const name = nk[1] ? suffixName(nk[1]) ?? '' : '';
    const receiver = nk[0];
    // `Array<UInt8>.init(…)` style and calls on values (`"abc".md5()`, `key.withUnsafeBytes`).
    return { node, path: '', name, typeArgs: [], ...(receiver ? { receiver } : {}), ...rest };
  }
  path = '';
  return { node, path, name: ck === 'array_literal' ? '[]' : '', typeArgs: [], receiver: callee, ...rest };
}

/** Positional or labelled argument: the labelled one by label, else the index-th unlabelled one. */
export function arg(call: SwCall, label: string | undefined, index?: number): SgNode | undefined {
  if (label !== undefined) {
    const a = call.args.find((x) => x.label === label);
    if (a) return a.expr;
  }
  if (index === undefined) return undefined;
  return call.args[index]?.expr;
}

/** The name a function declaration gives. */
export function functionName(fn: SgNode): string | undefined {
  return namedKids(fn).find((c) => kindOf(c) === 'simple_identifier')?.text();
}

/** The name of a class, struct, enum, actor, protocol or extension declaration. */
export function typeName(decl: SgNode): string | undefined {
  const t = namedKids(decl).find((c) => kindOf(c) === 'type_identifier' || kindOf(c) === 'user_type');
  return t ? (pathText(t) ?? t.text()) : undefined;
}

/** Every identifier name inside an expression (for option flags combined with `|` or `+`). */
export function identifiersIn(node: SgNode): string[] {
  const out = kindOf(node) === 'simple_identifier' ? [node.text()] : [];
  for (const id of node.findAll({ rule: { kind: 'simple_identifier' } })) out.push(id.text());
  return out;
}

/** Where to report a call: its `.name` when the receiver spans lines (`await JWTKeyCollection()\n  .add(hmac: …)`), else the call. */
export function siteOf(call: SwCall): SgNode {
  const callee = namedKids(call.node)[0];
  if (!callee || kindOf(callee) !== 'navigation_expression' || !callee.text().includes('\n')) return call.node;
  return namedKids(callee).find((c) => kindOf(c) === 'navigation_suffix') ?? call.node;
}

/** The receiver of a method call, also when the call is written as a name path (`signer.sign(…)`: `signer`). */
export function receiverOf(call: SwCall): SgNode | undefined {
  if (call.receiver) return call.receiver;
  const fn = namedKids(call.node)[0];
  return fn && kindOf(fn) === 'navigation_expression' ? namedKids(fn)[0] : undefined;
}
