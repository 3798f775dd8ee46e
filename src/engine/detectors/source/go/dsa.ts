// crypto/dsa (deprecated since Go 1.16, and like RSA and ECDSA broken by a quantum computer):
// `dsa.GenerateParameters(&params, rand.Reader, dsa.L2048N256)`, `dsa.GenerateKey(priv, rand.Reader)`,
// `dsa.Sign(rand.Reader, priv, hash)`, `dsa.Verify(&priv.PublicKey, hash, r, s)`. The size is the
// ParameterSizes constant's L (the prime's bits); a key, a signature or a verification takes it from
// the parameters the same function generated and stored in the key (`priv.Parameters = params`, or
// `dsa.PrivateKey{PublicKey: dsa.PublicKey{Parameters: params}}`). Parameters from elsewhere (a
// parameter of the function, another function) leave the size unknown.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams } from '../../../inventory/model.js';
import type { GoFile } from './file.js';
import { FUNCTION_KINDS } from './resolve.js';

const DSA = 'crypto/dsa';

/** `dsa.ParameterSizes` constants: L, the bit length of the prime p (N, the subgroup's, has no parameter). */
const PARAMETER_SIZES: Readonly<Record<string, number>> = {
  [`${DSA}.L1024N160`]: 1024, [`${DSA}.L2048N224`]: 2048, [`${DSA}.L2048N256`]: 2048, [`${DSA}.L3072N256`]: 3072,
};

/** A DSA call; `weakReader` raises weak-random when the reader comes from math/rand. */
export type DsaHandler = (f: GoFile, call: SgNode, callee: string, args: SgNode[], weakReader: (reader: SgNode | undefined, detail?: string) => void) => void;

function parameterSize(f: GoFile, node: SgNode | undefined): number | undefined {
  const v = f.eval(node);
  return v.kind === 'member' ? PARAMETER_SIZES[v.path] : undefined;
}

/** The expression without `&`, `*` and parentheses: `&params` -> `params`, `*params` -> `params`. */
function bare(node: SgNode | undefined): SgNode | undefined {
  let cur = node;
  for (let i = 0; cur && i < 4; i++) {
    const k = cur.kind();
    if (k === 'parenthesized_expression') cur = cur.namedChildren()[0];
    else if (k === 'unary_expression' && ['&', '*'].includes(cur.field('operator')?.text() ?? '')) cur = cur.field('operand') ?? undefined;
    else break;
  }
  return cur;
}

function scopeOf(f: GoFile, node: SgNode): SgNode {
  return node.ancestors().find((a) => FUNCTION_KINDS.has(a.kind() as string)) ?? f.root;
}

/**
 * The key size of the parameters named `params` in `scope`: the ParameterSizes of the
 * `dsa.GenerateParameters(&params, …)` calls there, when they all give the same one.
 */
function generatedSize(f: GoFile, scope: SgNode, params: string): number | undefined {
  const sizes = new Set<number | undefined>();
  for (const call of scope.findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'selector_expression', regex: 'GenerateParameters$' } } })) {
    if (f.adapter.callee(call) !== `${DSA}.GenerateParameters`) continue;
    const args = call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
    if (bare(args[0])?.text() !== params) continue;
    sizes.add(parameterSize(f, args[2]));
  }
  return sizes.size === 1 ? [...sizes][0] : undefined;
}

/** The `Parameters: x` element of a `dsa.PrivateKey{…}`/`dsa.PublicKey{…}` literal, at any depth. */
function literalParameters(literal: SgNode): SgNode | undefined {
  for (const el of literal.findAll({ rule: { kind: 'keyed_element' } })) {
    const children = el.namedChildren();
    if (children[0]?.text() === 'Parameters') return children[1]?.namedChildren()[0] ?? children[1];
  }
  return undefined;
}

/**
 * The key size of a DSA key argument (`priv`, `&priv.PublicKey`, `&priv`): the parameters stored in
 * the key in the same function (`priv.Parameters = *params`, `priv.PublicKey.Parameters = params`, a
 * composite literal with `Parameters: params`), then the size those parameters were generated with.
 */
function keySize(f: GoFile, keyArg: SgNode | undefined): number | undefined {
  let key = bare(keyArg);
  if (key?.kind() === 'selector_expression' && key.field('field')?.text() === 'PublicKey') key = bare(key.field('operand') ?? undefined);
  if (!key) return undefined;
  const name = key.text();
  const scope = scopeOf(f, key);
  let params: SgNode | undefined;
  for (const stmt of scope.findAll({ rule: { kind: 'assignment_statement' } })) {
    const left = stmt.field('left')?.namedChildren() ?? [];
    if (left.length !== 1 || (left[0]!.text() !== `${name}.Parameters` && left[0]!.text() !== `${name}.PublicKey.Parameters`)) continue;
    params = stmt.field('right')?.namedChildren()[0];
  }
  if (!params && key.kind() === 'identifier') {
    const literal = bare(f.ev.origin(key) ?? undefined);
    if (literal?.kind() === 'composite_literal') params = literalParameters(literal);
  }
  const p = bare(params);
  if (!p || (p.kind() !== 'identifier' && p.kind() !== 'selector_expression')) return undefined;
  return generatedSize(f, scopeOf(f, p), p.text());
}

function emit(f: GoFile, call: SgNode, callee: string, keySize: number | undefined, fn: 'keygen' | 'sign' | 'verify'): void {
  const params: AlgorithmParams = keySize !== undefined ? { keySize } : {};
  f.algorithm(call, callee, { spelling: 'DSA', params, unresolved: ['keySize'], functions: [fn] });
}

export const DSA_CALLS: ReadonlyArray<[string, DsaHandler]> = [
  [`${DSA}.GenerateParameters`, (f, call, callee, args, weakReader) => {
    const size = parameterSize(f, args[2]);
    emit(f, call, callee, size, 'keygen');
    weakReader(args[1]);
  }],
  [`${DSA}.GenerateKey`, (f, call, callee, args, weakReader) => {
    emit(f, call, callee, keySize(f, args[0]), 'keygen');
    weakReader(args[1]);
  }],
  [`${DSA}.Sign`, (f, call, callee, args, weakReader) => {
    emit(f, call, callee, keySize(f, args[1]), 'sign');
    // DSA's per-signature secret k comes from this reader: a predictable k gives away the private key.
    weakReader(args[0], 'DSA signature nonce drawn from math/rand, which is not a cryptographic generator: the private key can be recovered');
  }],
  [`${DSA}.Verify`, (f, call, callee, args) => emit(f, call, callee, keySize(f, args[0]), 'verify')],
];
