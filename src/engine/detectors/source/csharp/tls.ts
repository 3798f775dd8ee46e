// TLS and certificates in .NET: protocol versions (`SslProtocols.Tls12`, `SecurityProtocolType.Tls`),
// certificate validation switched off (a validation callback that returns true, HttpClientHandler's
// DangerousAcceptAnyServerCertificateValidator), the signature of `CertificateRequest`, and PKCS#12
// loads with their passwords.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams } from '../../../inventory/model.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import { kindOf } from '../common/languages.js';
import { parseTlsVersion } from '../common/versions.js';
import { hashName, keyFacts } from './dotnet.js';
import type { CsFile } from './file.js';
import { callArgs } from './resolve.js';
import { fromCaller } from '../common/from-caller.js';

/** Members of SslProtocols / SecurityProtocolType that pin no version (the OS decides). */
const NO_VERSION = new Set(['None', 'SystemDefault']);

/**
 * Whether an enum member is read rather than enabled: compared (`== SslProtocols.Tls`), tested
 * (`HasFlag(…)`), removed (`&= ~SecurityProtocolType.Ssl3`), or a `case` label.
 */
export function readsOnly(node: SgNode): boolean {
  // `SecurityAlgorithms.Aes128KW.Equals(alg)`: compared through a method.
  const parent = node.parent();
  if (parent && kindOf(parent) === 'member_access_expression' && /^(Equals|CompareTo|GetHashCode|ToString)$/.test(parent.field('name')?.text() ?? '')) return true;
  // Each ancestors() call and each kind crosses into native code: fetched once for both walks.
  const ancestors = node.ancestors();
  const kinds = ancestors.map(kindOf);
  for (let i = 0; i < ancestors.length; i++) {
    // Named in an error message (`throw new …Exception(Format(…, SecurityAlgorithms.X))`) or a log line.
    if (kinds[i] === 'throw_statement' || kinds[i] === 'throw_expression') return true;
    if (kinds[i] === 'invocation_expression' && /(^|\.)(MarkAsNonPII|FormatInvariant|Log\w*|WriteLine|nameof)$/.test(ancestors[i]!.field('function')?.text() ?? '')) return true;
  }
  let child = node;
  for (let i = 0; i < ancestors.length; i++) {
    const a = ancestors[i]!;
    const k = kinds[i]!;
    if (k === 'switch_expression_arm') {
      // `alg switch { "RS256" => HashAlgorithmName.SHA256, … }`: the arm's value is a use, its pattern a comparison.
      return child.id() !== a.namedChildren().pop()?.id();
    }
    if (k === 'prefix_unary_expression' && a.text().trimStart().startsWith('~')) return true;
    if (k === 'binary_expression') {
      const op = a.field('operator')?.text();
      if (op && op !== '|') return true;
    } else if (k === 'assignment_expression') {
      const op = a.field('operator')?.text() ?? a.children().find((c) => !c.isNamed())?.text();
      return op === '&=' || op === '^=';
    } else if (k === 'argument') {
      const call = a.parent()?.parent();
      return call !== undefined && call !== null && /(HasFlag|Contains|Equals)$/.test(call.field('function')?.text() ?? '');
    } else if (k === 'case_switch_label' || k === 'constant_pattern' || k === 'is_pattern_expression' || k === 'relational_pattern' || k === 'or_pattern') {
      return true;
    } else if (k !== 'parenthesized_expression') return false;
    child = a;
  }
  return false;
}

/** `SslProtocols.Tls12`, `SecurityProtocolType.Tls | SecurityProtocolType.Tls11`: each member enabled is a protocol version. */
export function protocolMember(f: CsFile, node: SgNode, type: string, name: string): void {
  if (NO_VERSION.has(name) || readsOnly(node)) return;
  // `Default` of SslProtocols is SSL 3.0 or TLS 1.0 (obsolete); `Tls` is TLS 1.0 itself.
  const v = name === 'Tls' ? parseTlsVersion('TLSv1') : name === 'Default' ? parseTlsVersion('TLSv1') : parseTlsVersion(name);
  if (!v) return;
  const symbol = `${type}.${name}`;
  f.sink.protocol(node, symbol, { protocolType: 'tls', version: v.version });
  if (v.insecure || name === 'Default') {
    const what = name === 'Default' ? 'SSL 3.0 and TLS 1.0' : v.ssl ? v.version : `TLS ${v.version}`;
    f.signal(node, symbol, 'insecure-protocol-version', `${symbol} enables ${what}`);
  }
}

/** Whether a validation callback accepts every certificate: `(…) => true`, `delegate { return true; }`, or a method of the file whose body is only that. */
function acceptsAll(f: CsFile, cb: SgNode | undefined, depth = 0): boolean {
  if (!cb || depth > 3) return false;
  const k = kindOf(cb);
  if (k === 'lambda_expression' || k === 'anonymous_method_expression') return returnsTrue(f, cb.field('body') ?? cb.namedChildren().pop());
  if (k === 'object_creation_expression') return acceptsAll(f, callArgs(cb)[0], depth + 1); // new RemoteCertificateValidationCallback(M)
  if (k === 'identifier' || k === 'member_access_expression') {
    const o = f.origin(cb);
    if (o && o.id() !== cb.id()) return acceptsAll(f, o, depth + 1);
    const name = k === 'identifier' ? cb.text() : cb.field('name')?.text();
    if (!name) return false;
    const methods = f.root.findAll({ rule: { any: [{ kind: 'method_declaration' }, { kind: 'local_function_statement' }], has: { field: 'name', regex: `^${name}$` } } });
    return methods.length > 0 && methods.every((m) => returnsTrue(f, m.field('body') ?? undefined));
  }
  return false;
}

function returnsTrue(f: CsFile, body: SgNode | undefined): boolean {
  if (!body) return false;
  const k = kindOf(body);
  if (k === 'arrow_expression_clause') return returnsTrue(f, body.namedChildren()[0]);
  if (k === 'block') {
    const stmts = body.namedChildren().filter((c) => !kindOf(c).endsWith('comment'));
    return stmts.length === 1 && kindOf(stmts[0]!) === 'return_statement' && returnsTrue(f, stmts[0]!.namedChildren()[0]);
  }
  const v = f.value(body);
  return v.kind === 'bool' && v.value;
}

export const VALIDATION_CALLBACKS = new Set(['ServerCertificateCustomValidationCallback', 'ServerCertificateValidationCallback', 'RemoteCertificateValidationCallback', 'CertificateValidationCallback']);

/** `handler.ServerCertificateCustomValidationCallback = (…) => true;` (also `+=`, and object initialisers). */
export function validationAssignment(f: CsFile, assignment: SgNode): void {
  const left = assignment.field('left');
  const prop = left && kindOf(left) === 'member_access_expression' ? left.field('name')?.text() : left?.text();
  if (!prop || !VALIDATION_CALLBACKS.has(prop)) return;
  if (acceptsAll(f, assignment.field('right') ?? undefined)) f.signal(assignment, prop, 'cert-verification-disabled', `${prop} accepts every certificate`);
}

/** `new SslStream(inner, leaveOpen, (…) => true)`: the third argument is the validation callback. */
export function sslStream(f: CsFile, node: SgNode): void {
  const cb = callArgs(node)[2];
  if (acceptsAll(f, cb)) f.signal(node, 'new SslStream', 'cert-verification-disabled', 'SslStream validation callback accepts every certificate');
}

/** `HttpClientHandler.DangerousAcceptAnyServerCertificateValidator` used as a callback (the caller has ruled out a read-only use). */
export function dangerousValidator(f: CsFile, node: SgNode): void {
  f.signal(node, 'HttpClientHandler.DangerousAcceptAnyServerCertificateValidator', 'cert-verification-disabled', 'DangerousAcceptAnyServerCertificateValidator accepts every certificate');
}

/**
 * `new CertificateRequest(subject, key, HashAlgorithmName.SHA256[, RSASignaturePadding.Pkcs1])`: the
 * certificate (self-signed or a CSR) is signed with the key's algorithm and that hash.
 */
export function certificateRequest(kb: KnowledgeBase): (f: CsFile, node: SgNode) => void {
  return (f, node) => {
    const a = callArgs(node);
    const pad = f.member(a[3]);
    const key = f.origin(a[1]);
    const facts = keyFacts(f, key);
    const type = f.typeOf(a[1]);
    const family = pad?.type === 'RSASignaturePadding' ? 'RSA' : facts.family ?? (type === 'RSA' ? 'RSA' : type === 'ECDsa' ? 'ECDSA' : type === 'MLDsa' ? 'ML-DSA' : type === 'SlhDsa' ? 'SLH-DSA' : undefined);
    const hash = hashName(f, kb, a[2]);
    f.consume(a[2]);
    f.consume(f.origin(a[2]));
    f.consume(a[3]);
    const params: AlgorithmParams = {};
    if (hash) params.hash = hash;
    if (pad?.type === 'RSASignaturePadding') params.padding = pad.name === 'Pss' ? 'PSS' : 'PKCS1v15';
    if (facts.keySize !== undefined) params.keySize = facts.keySize;
    if (facts.curve !== undefined) params.curve = facts.curve;
    const unresolved: AlgorithmParamName[] = family === 'RSA' ? ['keySize'] : family === 'ECDSA' ? ['curve'] : [];
    if (!family) {
      f.algorithm(node, 'new CertificateRequest', { spelling: 'unknown-signature', functions: ['sign'] });
      return;
    }
    f.algorithm(node, 'new CertificateRequest', { spelling: family, params, unresolved: hash || family.includes('-') ? unresolved : [...unresolved, 'hash'], functions: ['sign'] });
  };
}

/**
 * PKCS#12 loads: `new X509Certificate2(path, password, …)`, `X509CertificateLoader.LoadPkcs12FromFile(path, password)`:
 * a key store is in use, and a password written in the source is a hard-coded password.
 */
export function pkcs12Load(f: CsFile, node: SgNode, symbol: string, passwordArg: SgNode | undefined): void {
  f.sink.detections.push({ type: 'material', occurrence: f.sink.occurrences.at(node, symbol), material: { materialType: 'keystore', format: 'PKCS#12' } });
  const v = f.value(passwordArg);
  if (v.kind === 'str' && v.value.length > 0 && !fromCaller(f.ev, passwordArg)) f.signal(node, symbol, 'hardcoded-password', 'PKCS#12 password is a string literal');
}
