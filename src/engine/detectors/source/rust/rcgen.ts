// rcgen: key pairs for certificates. `KeyPair::generate()` and `generate_simple_self_signed(names)` use
// rcgen's default algorithm, ECDSA P-256 with SHA-256 (`PKCS_ECDSA_P256_SHA256`); `KeyPair::generate_for(&alg)`
// and `KeyPair::generate_rsa_for(&alg, RsaKeySize::_3072)` generate a key for the signature algorithm they
// are given. The signature-algorithm constants themselves are read where they are written (ring.ts,
// `rcgenConstant`); a constant written in the call's arguments takes the key generation and the RSA key
// size from it, and a value that reaches the call through a variable is reported at the call.
import type { SgNode } from '@ast-grep/napi';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { kindOf } from '../common/languages.js';
import type { AlgorithmEmit, RsFile, TypeCall } from './file.js';
import type { FnHandler } from './passwords.js';
import { rcgenConstant } from './ring.js';
import { symbolOf } from './rustcrypto.js';

/** rcgen's default signature algorithm (`rcgen::PKCS_ECDSA_P256_SHA256`, what `KeyPair::generate()` uses). */
const DEFAULT: AlgorithmEmit = { spelling: 'ECDSA', params: { curve: 'P-256', hash: 'SHA-256' } };

/** `rcgen::generate_simple_self_signed(names)`: a key pair of the default algorithm and a certificate it signs. */
export const rcgenSelfSigned: FnHandler = (f, call, symbol) => f.algorithm(call, symbol, { ...DEFAULT, functions: ['keygen', 'sign'] });

/**
 * The size of an RSA key rcgen generates: `generate_rsa_for`'s `RsaKeySize`, else 2048 bits, what
 * `generate_for(&PKCS_RSA_*)` makes (`generate_rsa_inner(…, KeySize::Rsa2048)` with aws-lc-rs; ring cannot
 * generate RSA keys and returns an error). Undefined for another algorithm.
 */
export function rcgenRsaKeySize(a: AlgorithmEmit, explicit: number | undefined, method: string): number | undefined {
  if (!a.spelling.startsWith('RSA')) return undefined;
  return explicit ?? (method === 'generate_for' ? 2048 : undefined);
}

/** `RsaKeySize::_3072` -> 3072. */
function rsaKeySize(f: RsFile, node: SgNode | undefined): number | undefined {
  const v = f.value(node);
  const m = v.kind === 'member' ? /(^|::)RsaKeySize::_(\d{4})$/.exec(v.path) : null;
  return m ? Number(m[2]) : undefined;
}

/** The rcgen constant (`PKCS_ECDSA_P384_SHA384`) a node names, directly, through `&` or through a `let`; with the node naming it. */
function constantOf(f: RsFile, node: SgNode | undefined): { name: string; at?: SgNode } | undefined {
  const made = f.origin(node);
  if (made && (kindOf(made) === 'identifier' || kindOf(made) === 'scoped_identifier')) {
    for (const p of f.pathsOf(made)) {
      const name = p.split('::').pop()!;
      if (p.startsWith('rcgen::') && rcgenConstant(name)) return { name, at: made };
    }
  }
  const v = f.value(node);
  const name = v.kind === 'member' && v.path.startsWith('rcgen::') ? v.path.split('::').pop()! : undefined;
  if (name && rcgenConstant(name)) return { name };
  return made && kindOf(made) === 'scoped_identifier' && /\.into\(\s*\)\s*$/.test(node?.text() ?? '') ? convertedVariant(f, made) : undefined;
}

/**
 * `KeyPairAlgorithm::EcdsaP384.into()`: a variant of the project's own enum, converted by an
 * `impl From<KeyPairAlgorithm> for &'static SignatureAlgorithm` of the same file whose `match` maps each
 * variant to an rcgen constant (rustls-cert-gen's). The arm's constant is reported where it is written,
 * so the conversion names it without a node.
 */
function convertedVariant(f: RsFile, variant: SgNode): { name: string } | undefined {
  const segs = variant.text().replace(/\s+/g, '').split('::');
  if (segs.length !== 2) return undefined;
  const [owner, member] = segs as [string, string];
  for (const impl of f.root.findAll({ rule: { kind: 'impl_item', has: { field: 'trait', regex: `^From\\s*<\\s*${owner}\\s*>$` } } })) {
    for (const arm of impl.findAll({ rule: { kind: 'match_arm' } })) {
      const pattern = arm.field('pattern')?.text().replace(/\s+/g, '');
      if (pattern !== `${owner}::${member}` && pattern !== `Self::${member}`) continue;
      const found = constantOf(f, arm.field('value') ?? undefined);
      return found ? { name: found.name } : undefined;
    }
  }
  return undefined;
}

/** Whether `inner` is written inside `outer`. */
function inside(inner: SgNode, outer: SgNode): boolean {
  const a = inner.range();
  const b = outer.range();
  return a.start.index >= b.start.index && a.end.index <= b.end.index;
}

/** `rcgen::KeyPair::generate()`, `generate_for(&alg)`, `generate_rsa_for(&alg, size)`. */
export function rcgenKeyPairCall(f: RsFile, tc: TypeCall): void {
  const symbol = symbolOf(tc);
  if (tc.method === 'generate' && tc.args.length === 0) {
    f.algorithm(tc.call, symbol, { ...DEFAULT, functions: ['keygen'] });
    return;
  }
  if (tc.method !== 'generate_for' && tc.method !== 'generate_rsa_for') return;
  const rsa = tc.method === 'generate_rsa_for';
  const constant = constantOf(f, tc.args[0]);
  // Written in the call: reported where it is written, with the key generation (rcgenKeyGeneration).
  if (constant?.at && inside(constant.at, tc.call)) return;
  const keySize = rsa ? rsaKeySize(f, tc.args[1]) : undefined;
  const a = constant ? rcgenConstant(constant.name) : undefined;
  if (a) {
    const size = rcgenRsaKeySize(a, keySize, tc.method);
    f.algorithm(tc.call, symbol, { ...a, params: { ...a.params, ...(size ? { keySize: size } : {}) }, functions: ['keygen'] });
    return;
  }
  // `generate_rsa_for` takes an RSA algorithm only; `generate_for` any.
  f.algorithm(tc.call, symbol, rsa
    ? { spelling: 'RSA', params: { keySize }, unresolved: ['keySize'], functions: ['keygen'] }
    : { spelling: unresolvedSpelling('key-pair-generator'), functions: ['keygen'] });
}

/**
 * A constant written in the arguments of rcgen's `KeyPair::generate_for(&PKCS_…)` or
 * `generate_rsa_for(&PKCS_RSA_SHA256, RsaKeySize::_3072)`: the key is generated for it (and of that size).
 */
export function rcgenKeyGeneration(f: RsFile, node: SgNode, call: SgNode | undefined, a: AlgorithmEmit): { keySize?: number } | undefined {
  if (!call) return undefined;
  const tc = f.typeCall(call);
  if (!tc || !/^rcgen::(\w+::)*KeyPair$/.test(tc.type.path) || !/^generate_(rsa_)?for$/.test(tc.method)) return undefined;
  const first = tc.args[0];
  if (!first || !inside(node, first)) return undefined;
  const keySize = rcgenRsaKeySize(a, tc.method === 'generate_rsa_for' ? rsaKeySize(f, tc.args[1]) : undefined, tc.method);
  return keySize ? { keySize } : {};
}
