// Ktor's test-certificate generator (`io.ktor.network.tls.certificates`, artifact
// ktor-network-tls-certificates): `buildKeyStore { certificate("alias") { … } }` and
// `generateCertificate(file, algorithm, …, keySizeInBits, …)` generate a key pair and an X.509
// certificate signed with it (or, for `KeyStore.generateCertificate` and a block calling `signWith(…)`,
// with an issuer's key). Ktor's defaults, as its CertificateBuilder and generateCertificate declare them:
// an RSA key of 1024 bits and a SHA1withRSA signature (`hash = HashAlgorithm.SHA1`, `sign =
// SignatureAlgorithm.RSA`, `keySizeInBits = 1024`; `algorithm = "SHA1withRSA"`). The key pair's algorithm
// follows the signature's (Ktor's keysGenerationAlgorithm: ECDSA -> EC, DSA -> DSA, RSA -> RSA).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { jdkEcCurve } from '../common/jca-constants.js';
import { kindOf } from '../common/languages.js';
import { memberName } from '../common/value.js';
import type { KtFile } from './file.js';
import { arg, callParts, namedKids, pathText, suffixName, type KtCall } from './syntax.js';

const KTOR_CERTIFICATES: LibraryRef = { ecosystem: 'maven', name: 'io.ktor:ktor-network-tls-certificates' };
const PACKAGE = 'io.ktor.network.tls.certificates';

/** Text a file needs (its import, or the package it is in). */
export const KTOR_CERTIFICATES_KEYWORD = PACKAGE;
/** Calls read: `certificate(alias) { … }` in a key store's builder, and `generateCertificate(…)`. */
export const KTOR_CERTIFICATE_CALLS: ReadonlySet<string> = new Set(['certificate', 'generateCertificate']);

/** Ktor's HashAlgorithm members a certificate can be signed with (NONE and INTRINSIC name no digest). */
const HASHES = new Set(['MD5', 'SHA1', 'SHA224', 'SHA256', 'SHA384', 'SHA512']);
/** Ktor's SignatureAlgorithm members -> the key pair it generates; ANON, ED25519 and ED448 have none (Ktor throws). */
const KEY_ALGORITHMS: ReadonlyMap<string, string> = new Map([['RSA', 'RSA'], ['DSA', 'DSA'], ['ECDSA', 'EC']]);
/** The signature without its hash (when the hash is not read). */
const SIGNATURES: ReadonlyMap<string, string> = new Map([['RSA', 'RSASSA-PKCS1-v1_5'], ['DSA', 'DSA'], ['ECDSA', 'ECDSA']]);

/** CertificateBuilder's properties the block may set; undefined: set to something not read. */
interface Spec {
  hash: string | undefined;
  sign: string | undefined;
  keySizeInBits: number | undefined;
  /** Signed by an issuer's key (`signWith(…)`, `KeyStore.generateCertificate`), not the generated one. */
  issued: boolean;
}

export function handleKtorCertificate(f: KtFile, call: KtCall): void {
  if (call.name === 'certificate') {
    if (call.receiver || !inKeyStoreBuilder(f, call.node)) return;
    const block = blockOf(call);
    if (block) report(f, call.node, 'KeyStoreBuilder.certificate', readBlock(f, block));
    return;
  }
  if (f.classOf('generateCertificate', [PACKAGE]) !== 'generateCertificate') return;
  // `KeyStore.generateCertificate(…)` (a CA's store signs): only on a store Ktor or the JDK made, since
  // other classes' `generateCertificate` (CertificateFactory's) share the name.
  if (call.receiver && !madeKeyStore(f, call.receiver)) return;
  const algorithm = arg(call, 1, 'algorithm');
  const name = algorithm ? (f.str(algorithm) ?? hashAndSignName(f, algorithm)) : 'SHA1withRSA';
  let hash: string | undefined;
  let sign: string | undefined;
  if (name !== undefined) {
    // `algorithm.split("with")` into HashAlgorithm.valueOf / SignatureAlgorithm.valueOf: another name throws.
    const parts = name.split('with');
    if (parts.length < 2 || !HASHES.has(parts[0]!) || !KEY_ALGORITHMS.has(parts[1]!)) return;
    [hash, sign] = parts;
  }
  const size = arg(call, 5, 'keySizeInBits');
  report(f, call.node, 'generateCertificate', { hash, sign, keySizeInBits: size ? f.int(size) : 1024, issued: !!call.receiver });
}

/** `HashAndSign(HashAlgorithm.SHA256, SignatureAlgorithm.ECDSA).name` (Ktor's io.ktor.network.tls.extensions): `SHA256withECDSA`. */
function hashAndSignName(f: KtFile, node: SgNode): string | undefined {
  const o = f.origin(node);
  if (!o || kindOf(o) !== 'navigation_expression' || suffixName(o) !== 'name') return undefined;
  const c = callParts(namedKids(o)[0] ?? o);
  if (!c || c.name !== 'HashAndSign' || c.receiver) return undefined;
  const hash = memberName(f.value(arg(c, 0, 'hash')));
  const sign = memberName(f.value(arg(c, 1, 'sign')));
  return hash && sign ? `${hash}with${sign}` : undefined;
}

/**
 * Whether a bare `certificate(…)` has a KeyStoreBuilder as its implicit receiver: inside the lambda of
 * Ktor's `buildKeyStore { … }` (through other lambdas), or in an extension function `fun KeyStoreBuilder.x()`.
 */
function inKeyStoreBuilder(f: KtFile, node: SgNode): boolean {
  for (const a of node.ancestors()) {
    const k = kindOf(a);
    if (k === 'class_body') return false;
    if (k === 'function_declaration') {
      const receiver = namedKids(a).find((c) => kindOf(c) === 'user_type' || kindOf(c) === 'nullable_type');
      return !!receiver && receiver.text().replace(/\s+/g, '') === 'KeyStoreBuilder' && f.classOf('KeyStoreBuilder', [PACKAGE]) === 'KeyStoreBuilder';
    }
    if (k !== 'lambda_literal') continue;
    const c = callParts(a.parent()?.parent()?.parent() ?? a);
    if (c?.name === 'buildKeyStore' && !c.receiver) return f.classOf('buildKeyStore', [PACKAGE]) === 'buildKeyStore';
  }
  return false;
}

/** The block of `certificate("a") { … }` (a call on the call, as tree-sitter-kotlin reads a trailing lambda after arguments) or `block = { … }`. */
function blockOf(call: KtCall): SgNode | undefined {
  const given = arg(call, 1, 'block');
  if (given && kindOf(given) === 'lambda_literal') return given;
  if (call.lambda) return call.lambda;
  const outer = call.node.parent();
  const c = outer && namedKids(outer)[0]?.id() === call.node.id() ? callParts(outer) : undefined;
  return c?.lambda;
}

/** Where a store came from: `generateCertificate(…)`, `buildKeyStore { … }`, `KeyStore.getInstance(…)`. */
function madeKeyStore(f: KtFile, receiver: SgNode): boolean {
  const c = callParts(f.origin(receiver) ?? receiver);
  if (!c) return false;
  if (!c.receiver) return c.name === 'generateCertificate' || c.name === 'buildKeyStore';
  return c.name === 'getInstance' && /(^|\.)KeyStore$/.test(pathText(c.receiver) ?? '');
}

/**
 * The properties the block sets (`keySizeInBits = 2048`, `this.hash = HashAlgorithm.SHA256`), else Ktor's
 * defaults. One set only on some paths (in an `if`, a loop, a nested lambda) is not read: unknown.
 */
function readBlock(f: KtFile, block: SgNode): Spec {
  const spec: Spec = { hash: 'SHA1', sign: 'RSA', keySizeInBits: 1024, issued: false };
  const top = namedKids(block).find((c) => kindOf(c) === 'statements');
  for (const a of block.findAll({ rule: { kind: 'assignment' } })) {
    const [target, value] = namedKids(a);
    const parts = target ? namedKids(target) : [];
    const name = parts.length === 1 && kindOf(parts[0]!) === 'simple_identifier' ? parts[0]!.text()
      : parts.length === 2 && kindOf(parts[0]!) === 'this_expression' ? suffixName(target!) : undefined;
    if (name !== 'hash' && name !== 'sign' && name !== 'keySizeInBits') continue;
    const certain = top !== undefined && a.parent()?.id() === top.id() && !!value;
    if (name === 'keySizeInBits') spec.keySizeInBits = certain ? f.int(value) : undefined;
    else {
      const member = certain ? memberName(f.value(value)) : undefined;
      if (name === 'hash') spec.hash = member && HASHES.has(member) ? member : undefined;
      else spec.sign = member;
    }
  }
  spec.issued = block.findAll({ rule: { kind: 'call_expression' } }).some((c) => {
    const p = callParts(c);
    return p?.name === 'signWith' && (!p.receiver || kindOf(p.receiver) === 'this_expression');
  });
  return spec;
}

/** The generated key pair and the certificate's signature (keyed by that key's size when self-signed). */
function report(f: KtFile, node: SgNode, symbol: string, spec: Spec): void {
  const { hash, sign, keySizeInBits: bits } = spec;
  if (sign !== undefined && !KEY_ALGORITHMS.has(sign)) return; // Ktor generates no key for it (it throws)
  const keyAlgorithm = sign === undefined ? undefined : KEY_ALGORITHMS.get(sign)!;
  const sizeParam: AlgorithmParamName = keyAlgorithm === 'EC' ? 'curve' : 'keySize';
  const key: AlgorithmParams = {};
  if (bits !== undefined) {
    // The JDK's EC generator picks a named curve from the size.
    if (keyAlgorithm !== 'EC') key.keySize = bits;
    else if (jdkEcCurve(bits)) key.curve = jdkEcCurve(bits)!;
  }
  f.algorithm(node, symbol, keyAlgorithm ?? unresolvedSpelling('key-pair-generator'), key, [sizeParam], ['keygen'], KTOR_CERTIFICATES);
  const signature = sign === undefined ? unresolvedSpelling('signature') : hash ? `${hash}with${sign}` : SIGNATURES.get(sign)!;
  const unresolved: AlgorithmParamName[] = sign === undefined ? [] : hash ? [sizeParam] : [sizeParam, 'hash'];
  f.algorithm(node, symbol, signature, spec.issued ? {} : key, unresolved, ['sign'], KTOR_CERTIFICATES);
}
