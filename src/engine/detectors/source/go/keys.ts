// The asymmetric key behind a key argument (`rsa.SignPKCS1v15(rand, priv, …)`, `ecdsa.SignASN1(rand, k,
// h)`, `x509.CreateCertificate(…, &k.PublicKey, k)`, `k.Sign(rand, digest, opts)`): its algorithm and,
// where the file shows the call that made it, its size or curve, as Java and Python link a signature to
// the key generated for it. Followed: the generating call (`k, err := ecdsa.GenerateKey(elliptic.P384(),
// rand.Reader)`, also the second result of `_, priv, err := ed25519.GenerateKey(r)`), PKCS#1 parsing,
// smallstep's keyutil, a same-file helper returning the key (two levels), and otherwise the type the
// file declares for the name (a `*rsa.PrivateKey` parameter, a type-switch case): a kind without size.
import type { SgNode } from '@ast-grep/napi';
import { eachCaseMarked } from '../common/cases.js';
import type { GoFile } from './file.js';
import { declaredType, typeName } from './types.js';
import { STEP_KEY_CALLS, stepKey } from './step.js';

export interface GoKey {
  kind: 'RSA' | 'EC' | 'Ed25519';
  keySize?: number;
  curve?: string;
}

/** Key types a declaration may name (`func issue(key *rsa.PrivateKey)`), public halves included. */
const KEY_TYPES: Readonly<Record<string, GoKey['kind']>> = {
  'crypto/rsa.PrivateKey': 'RSA', 'crypto/rsa.PublicKey': 'RSA',
  'crypto/ecdsa.PrivateKey': 'EC', 'crypto/ecdsa.PublicKey': 'EC',
  'crypto/ed25519.PrivateKey': 'Ed25519', 'crypto/ed25519.PublicKey': 'Ed25519',
};

const STEP_CURVES = new Set(['P-256', 'P-384', 'P-521']);

/**
 * The key an expression holds. `&k`, `*k`, `k.PublicKey` and `k.Public()` (also asserted to a type) are the key `k` (its public
 * half, of the same size or curve); undefined when the file shows neither how it was made nor its type.
 */
export function keyOf(f: GoFile, node: SgNode | undefined, depth = 0): GoKey | undefined {
  const expr = keyExpression(node);
  if (!expr) return undefined;
  const made = expr.kind() === 'call_expression' ? { call: expr, index: 0 } : f.result(expr);
  if (made) return madeBy(f, made.call, made.index, depth);
  const type = expr.kind() === 'identifier' ? declaredType(f.adapter, expr) : undefined;
  const kind = type ? KEY_TYPES[type] : undefined;
  return kind ? { kind } : undefined;
}

/** The key expression inside `&k`, `*k`, `(k)`, `k.PublicKey`, `k.Public()` and `k.Public().(*ecdsa.PublicKey)`. */
function keyExpression(node: SgNode | undefined): SgNode | undefined {
  let cur = node;
  for (let i = 0; cur && i < 6; i++) {
    const k = cur.kind();
    if (k === 'parenthesized_expression') cur = cur.namedChildren()[0];
    else if (k === 'type_assertion_expression') cur = cur.field('operand') ?? undefined;
    else if (k === 'unary_expression' && ['&', '*'].includes(cur.field('operator')?.text() ?? '')) cur = cur.field('operand') ?? undefined;
    else if (k === 'selector_expression' && cur.field('field')?.text() === 'PublicKey') cur = cur.field('operand') ?? undefined;
    else if (k === 'call_expression' && publicOf(cur)) cur = publicOf(cur);
    else break;
  }
  return cur;
}

/** `k` in `k.Public()` (no arguments). */
function publicOf(call: SgNode): SgNode | undefined {
  const fn = call.field('function');
  if (fn?.kind() !== 'selector_expression' || fn.field('field')?.text() !== 'Public') return undefined;
  if ((call.field('arguments')?.namedChildren().length ?? 0) > 0) return undefined;
  return fn.field('operand') ?? undefined;
}

/** The key result `index` of `call` is, when the call is one that makes or parses a key. */
function madeBy(f: GoFile, call: SgNode, index: number, depth: number): GoKey | undefined {
  const callee = f.adapter.callee(call);
  const args = call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
  switch (callee) {
    case 'crypto/rsa.GenerateKey':
    case 'crypto/rsa.GenerateMultiPrimeKey': {
      if (index !== 0) return undefined;
      const bits = f.int(args[callee.endsWith('MultiPrimeKey') ? 2 : 1]);
      return { kind: 'RSA', ...(bits !== undefined ? { keySize: bits } : {}) };
    }
    case 'crypto/x509.ParsePKCS1PrivateKey':
    case 'crypto/x509.ParsePKCS1PublicKey':
      return index === 0 ? { kind: 'RSA' } : undefined;
    // A SEC 1 key is an ECDSA key; its curve is in the DER.
    case 'crypto/x509.ParseECPrivateKey':
      return index === 0 ? { kind: 'EC' } : undefined;
    case 'crypto/ecdsa.GenerateKey': {
      if (index !== 0) return undefined;
      const curve = f.curve(args[0]);
      return { kind: 'EC', ...(curve ? { curve } : {}) };
    }
    // GenerateKey returns (public, private, err): either half is the Ed25519 key.
    case 'crypto/ed25519.GenerateKey':
      return index <= 1 ? { kind: 'Ed25519' } : undefined;
    case 'crypto/ed25519.NewKeyFromSeed':
      return index === 0 ? { kind: 'Ed25519' } : undefined;
    default:
      if (STEP_KEY_CALLS.includes(callee)) return index === 0 ? stepGoKey(f, callee, args) : undefined;
      return index === 0 && depth < 2 ? helperKey(f, call, depth) : undefined;
  }
}

function stepGoKey(f: GoFile, callee: string, args: SgNode[]): GoKey | undefined {
  const key = stepKey(f, callee, args);
  if (key.kty === 'RSA') return { kind: 'RSA', ...(key.size ? { keySize: key.size } : {}) };
  if (key.kty === 'EC') return { kind: 'EC', ...(key.crv && STEP_CURVES.has(key.crv) ? { curve: key.crv } : {}) };
  return key.kty === 'OKP' && key.crv === 'Ed25519' ? { kind: 'Ed25519' } : undefined;
}

/**
 * A key made by a helper of the same file (`func signer() crypto.Signer { k, _ :=
 * ecdsa.GenerateKey(elliptic.P256(), rand.Reader); return k }`), as Java and Python follow `rsaKeys()`:
 * the key each `return` gives (first result; `return nil, err` gives none), when every such return
 * agrees. Only package-level functions called by name.
 */
function helperKey(f: GoFile, call: SgNode, depth: number): GoKey | undefined {
  if (call.field('function')?.kind() !== 'identifier') return undefined;
  // The first value of each of its own `return`s (go/call-sites.ts, whose index finds the declaration).
  const returned = f.adapter.returned?.(call);
  if (!returned) return undefined;
  let found: GoKey | undefined;
  let key: string | undefined;
  for (const first of returned.returns) {
    if (first.kind() === 'nil') continue;
    const k = keyOf(f, first, depth + 1);
    const text = JSON.stringify(k ?? null);
    if (key !== undefined && text !== key) return undefined;
    key = text;
    found = k;
  }
  return found;
}

/** `&rsa.PSSOptions{…, Hash: crypto.SHA256}` behind a `Sign` call's options: the PSS hash node, or null for options without one. */
function pssOptions(f: GoFile, opts: SgNode | undefined): SgNode | null | undefined {
  let lit = opts ? f.ev.origin(opts) : undefined;
  if (lit?.kind() === 'unary_expression') lit = lit.field('operand');
  const type = lit?.kind() === 'composite_literal' ? lit.field('type') : undefined;
  if (type?.kind() !== 'qualified_type' || typeName(f.adapter, type) !== 'crypto/rsa.PSSOptions') return undefined;
  for (const kv of lit!.field('body')?.namedChildren() ?? []) {
    const [k, v] = kv.kind() === 'keyed_element' ? kv.namedChildren() : [];
    if ((k?.namedChildren()[0] ?? k)?.text() === 'Hash') return v?.namedChildren()[0] ?? v ?? null;
  }
  return null;
}

/**
 * `k.Sign(rand, digest, opts)`, crypto.Signer's method, on a key the file made or declares: an RSA key
 * signs with PKCS#1 v1.5 for a `crypto.Hash` option and PSS for `&rsa.PSSOptions{Hash: …}` (scheme
 * unread for other options: RSA), an ECDSA key on its curve, an Ed25519 key with Ed25519, the hash the
 * options name with it. A `Sign` method of anything else (a `crypto.Signer` handed in, a KMS client) is
 * not read: the key is not in sight.
 */
export function detectKeySignatures(f: GoFile, text: string): void {
  if (!text.includes('.Sign(')) return;
  const rule = { kind: 'call_expression', has: { field: 'function', kind: 'selector_expression', has: { field: 'field', regex: '^Sign$' } } };
  for (const call of f.root.findAll({ rule })) {
    const receiver = call.field('function')?.field('operand') ?? undefined;
    const args = call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
    if (!receiver || args.length !== 3) continue;
    eachCaseMarked(f.ev, { sink: f.sink }, () => {
      const key = keyOf(f, receiver);
      if (!key) return;
      if (key.kind === 'Ed25519') {
        f.algorithm(call, 'crypto/ed25519.PrivateKey.Sign', { spelling: 'Ed25519', functions: ['sign'] });
        return;
      }
      const pss = pssOptions(f, args[2]);
      const hash = f.hash(pss === undefined ? args[2] : (pss ?? undefined));
      if (key.kind === 'EC') {
        f.algorithm(call, 'crypto/ecdsa.PrivateKey.Sign', { spelling: 'ECDSA', params: { curve: key.curve, hash }, unresolved: ['curve', 'hash'], functions: ['sign'] });
        return;
      }
      const spelling = pss !== undefined ? 'RSA-PSS' : hash ? 'RSASSA-PKCS1-v1_5' : 'RSA';
      f.algorithm(call, 'crypto/rsa.PrivateKey.Sign', {
        spelling,
        params: { keySize: key.keySize, hash, ...(pss !== undefined ? { padding: 'PSS' } : {}) },
        unresolved: spelling === 'RSA' ? ['keySize'] : ['keySize', 'hash'],
        functions: ['sign'],
      });
    });
  }
}
