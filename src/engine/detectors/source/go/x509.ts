// crypto/x509 issuance: certificates, CSRs and CRLs that the code signs (`x509.CreateCertificate`
// and friends; x/crypto/ocsp's `ocsp.CreateResponse`, an OCSP responder's signature, alike), with
// the signature algorithm its template states (`SignatureAlgorithm: x509.SHA256WithRSA` in the
// literal, or `tpl.SignatureAlgorithm = …` later). A template without one is signed with what the
// signer key implies (Go picks SHA-256 with RSA PKCS#1 v1.5, ECDSA with the curve's hash, Ed25519):
// named when the file generated or parsed that key, otherwise an unknown signature rather than a
// guessed one. PKCS#1 key encodings name RSA keys, SEC 1 ones ECDSA keys.
import type { SgNode } from '@ast-grep/napi';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import type { GoFile } from './file.js';
import type { AlgorithmParams } from '../../../inventory/model.js';
import { textHolds } from '../common/symbols.js';
import { FUNCTION_KINDS } from './resolve.js';
import { keyOf } from './keys.js';
import { STEP_MODULE } from './step.js';

const X509 = 'crypto/x509';

/** x509.SignatureAlgorithm constants -> the knowledge base's (JCA-style) names. */
const SIGNATURE_ALGORITHMS: Readonly<Record<string, string>> = {
  MD2WithRSA: 'MD2withRSA', MD5WithRSA: 'MD5withRSA', SHA1WithRSA: 'SHA1withRSA',
  SHA256WithRSA: 'SHA256withRSA', SHA384WithRSA: 'SHA384withRSA', SHA512WithRSA: 'SHA512withRSA',
  DSAWithSHA1: 'SHA1withDSA', DSAWithSHA256: 'SHA256withDSA',
  ECDSAWithSHA1: 'SHA1withECDSA', ECDSAWithSHA256: 'SHA256withECDSA', ECDSAWithSHA384: 'SHA384withECDSA', ECDSAWithSHA512: 'SHA512withECDSA',
  SHA256WithRSAPSS: 'SHA256withRSA/PSS', SHA384WithRSAPSS: 'SHA384withRSA/PSS', SHA512WithRSAPSS: 'SHA512withRSA/PSS',
  PureEd25519: 'Ed25519',
};

const OCSP = 'golang.org/x/crypto/ocsp';

/**
 * The templates that carry a SignatureAlgorithm field, by package: crypto/x509's, and x/crypto/ocsp's
 * `Response`, the template of an OCSP response a responder signs.
 */
const TEMPLATE_TYPES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [X509, new Set(['Certificate', 'CertificateRequest', 'RevocationList'])],
  [OCSP, new Set(['Response'])],
]);
/** Signing calls: template and signer-key argument positions (smallstep's x509util wraps crypto/x509; its CSR helper takes no template). */
export const X509_SIGNING_CALLS: Readonly<Record<string, { template?: number; signer: number }>> = {
  [`${X509}.CreateCertificate`]: { template: 1, signer: 4 },
  [`${X509}.CreateCertificateRequest`]: { template: 1, signer: 2 },
  [`${X509}.CreateRevocationList`]: { template: 1, signer: 3 },
  [`${STEP_MODULE}/x509util.CreateCertificate`]: { template: 0, signer: 3 },
  [`${STEP_MODULE}/x509util.CreateCertificateRequest`]: { signer: 2 },
  // An OCSP responder's signature: x/crypto/ocsp picks the same default as crypto/x509 for the key.
  [`${OCSP}.CreateResponse`]: { template: 2, signer: 3 },
  // step-ca's SSH CA signs user and host certificates with sshutil (an ssh.Signer, mostly from a KMS):
  // RSA keys sign with rsa-sha2-256, ECDSA with the curve's hash, Ed25519 as is — Go's x509 defaults.
  [`${STEP_MODULE}/sshutil.CreateCertificate`]: { signer: 1 },
};

/** The signature Go picks for a key (crypto/x509 signingParamsForKey) when the template names none. */
const ECDSA_DEFAULT: Readonly<Record<string, string>> = {
  'P-224': 'SHA256withECDSA', 'P-256': 'SHA256withECDSA', 'P-384': 'SHA384withECDSA', 'P-521': 'SHA512withECDSA',
};

/**
 * Go's default signature for the signer key (go/keys.ts: a key the file generated, parsed, had a helper
 * make, or declares by type), with the key's size or curve: `rsa.GenerateKey(rand.Reader, 1024)` signs
 * with RSA-PKCS1-1.5-SHA-256 on a 1024-bit key; an ECDSA key's hash follows its curve (ECDSA of unknown
 * curve and hash when the file does not name it).
 */
function defaultSignature(f: GoFile, signer: SgNode | undefined): { spelling: string; params: AlgorithmParams } | undefined {
  const key = keyOf(f, signer);
  switch (key?.kind) {
    case 'RSA':
      return { spelling: 'SHA256withRSA', params: key.keySize !== undefined ? { keySize: key.keySize } : {} };
    case 'EC': {
      const spelling = key.curve ? ECDSA_DEFAULT[key.curve] : undefined;
      return spelling ? { spelling, params: { curve: key.curve } } : { spelling: 'ECDSA', params: {} };
    }
    case 'Ed25519':
      return { spelling: 'Ed25519', params: {} };
    default:
      return undefined;
  }
}

/** KB name of a `x509.SHA256WithRSA`-like value, or undefined (unknown, or `x509.UnknownSignatureAlgorithm`). */
function signatureName(f: GoFile, value: SgNode): string | undefined {
  const v = f.eval(value);
  return v.kind === 'member' && v.path.startsWith(`${X509}.`) ? SIGNATURE_ALGORITHMS[v.path.slice(X509.length + 1)] : undefined;
}

/** `x509.Certificate{…}` behind a template argument (through `&`, parentheses and variables). */
function templateLiteral(f: GoFile, node: SgNode | undefined): SgNode | undefined {
  let cur: SgNode | null | undefined = node ? f.ev.origin(node) : undefined;
  for (let i = 0; cur && i < 4; i++) {
    const k = cur.kind();
    if (k === 'composite_literal') return cur;
    if (k === 'unary_expression' || k === 'parenthesized_expression') cur = cur.field('operand') ?? cur.namedChildren()[0];
    else return undefined;
  }
  return undefined;
}

function signatureField(literal: SgNode): SgNode | undefined {
  for (const kv of literal.field('body')?.namedChildren() ?? []) {
    if (kv.kind() !== 'keyed_element') continue;
    const [k, v] = kv.namedChildren();
    if ((k?.namedChildren()[0] ?? k)?.text() === 'SignatureAlgorithm') return v?.namedChildren()[0] ?? v;
  }
  return undefined;
}

/**
 * `x509.CreateCertificate(rand, tpl, parent, pub, priv)`: the signature is reported where the template
 * names its algorithm (detectSignatureAlgorithms); a template that names none, or one the file does
 * not build, makes this call Go's default for the signer key if the file made it, else an unknown
 * signature.
 */
export function x509Signing(f: GoFile, call: SgNode, callee: string, args: SgNode[]): void {
  const pos = X509_SIGNING_CALLS[callee]!;
  const tpl = pos.template === undefined ? undefined : args[pos.template];
  const literal = templateLiteral(f, tpl);
  const field = literal && signatureField(literal);
  if (field && signatureName(f, field)) return;
  // `tpl.SignatureAlgorithm = x509.…` in the same function also names it (`&tpl` passed).
  const name = tpl?.kind() === 'unary_expression' ? tpl.field('operand') : tpl;
  const fn = call.ancestors().find((a) => FUNCTION_KINDS.has(a.kind() as string)) ?? f.root;
  if (name?.kind() === 'identifier' && new RegExp(`\\b${name.text()}\\.SignatureAlgorithm\\s*=[^=]`).test(fn.text())) return;
  // No algorithm in the template: Go's default for the signer key when the file made or parsed it
  // (`priv, _ := ecdsa.GenerateKey(elliptic.P384(), …)` signs with ECDSA-SHA-384), else unknown.
  const { spelling, params } = defaultSignature(f, args[pos.signer]) ?? { spelling: unresolvedSpelling('signature'), params: {} };
  f.algorithm(call, callee, { spelling, params, ...(spelling === 'ECDSA' ? { unresolved: ['curve' as const] } : {}), functions: ['sign'] });
}

/** `SignatureAlgorithm: x509.SHA1WithRSA` in a template literal and `tpl.SignatureAlgorithm = …` assignments. */
export function detectSignatureAlgorithms(f: GoFile, statements: readonly SgNode[], text: string): void {
  // Most files that mention the field only read it (`cert.SignatureAlgorithm == …`): the tree is
  // walked only for the two ways of setting it that the text shows.
  const inLiteral = /\bSignatureAlgorithm\s*:/.test(text);
  const assigned = /\.SignatureAlgorithm\s*=[^=]/.test(text);
  if (!inLiteral && !assigned) return;
  const templatePackages = new Map([...f.adapter.imports].filter(([, p]) => TEMPLATE_TYPES.has(p)));
  if (![...templatePackages.values()].includes(X509)) return;
  if (inLiteral) {
    const rule = { kind: 'composite_literal', regex: '\\bSignatureAlgorithm\\s*:', has: { field: 'type', kind: 'qualified_type' } };
    for (const lit of f.root.findAll({ rule })) {
      const type = lit.field('type')!;
      const pkg = templatePackages.get(type.field('package')?.text() ?? '');
      if (!pkg || !TEMPLATE_TYPES.get(pkg)!.has(type.field('name')?.text() ?? '')) continue;
      const value = signatureField(lit);
      const name = value && signatureName(f, value);
      if (name) f.algorithm(value.parent()?.parent() ?? value, `${X509}.SignatureAlgorithm`, { spelling: name, functions: ['sign'] });
    }
  }
  if (!assigned) return;
  for (const stmt of statements) {
    if (stmt.kind() !== 'assignment_statement' || !textHolds(stmt, 'SignatureAlgorithm')) continue;
    const left = stmt.field('left')?.namedChildren() ?? [];
    const right = stmt.field('right')?.namedChildren() ?? [];
    left.forEach((target, i) => {
      if (target.kind() !== 'selector_expression' || target.field('field')?.text() !== 'SignatureAlgorithm' || !right[i]) return;
      const name = signatureName(f, right[i]!);
      if (name) f.algorithm(stmt, `${X509}.SignatureAlgorithm`, { spelling: name, functions: ['sign'] });
    });
  }
}

/** x509.PEMCipher constants (RFC 1423 PEM encryption, always CBC). */
const PEM_CIPHERS: Readonly<Record<string, { spelling: string; keySize?: number }>> = {
  PEMCipherDES: { spelling: 'DES' }, PEMCipher3DES: { spelling: '3DES' },
  PEMCipherAES128: { spelling: 'AES', keySize: 128 }, PEMCipherAES192: { spelling: 'AES', keySize: 192 }, PEMCipherAES256: { spelling: 'AES', keySize: 256 },
};

/**
 * Legacy PEM encryption, `x509.EncryptPEMBlock(rand, type, der, password, x509.PEMCipherAES256)` and
 * `x509.DecryptPEMBlock(block, password)` (deprecated since Go 1.16: unauthenticated CBC, key from one
 * MD5 over password and salt). Encrypt names its cipher; Decrypt uses the one in the PEM header.
 */
export function pemEncryption(f: GoFile, call: SgNode, callee: string, args: SgNode[]): void {
  const encrypt = callee.endsWith('EncryptPEMBlock');
  if (encrypt) {
    const v = f.eval(args[4]);
    const c = v.kind === 'member' && v.path.startsWith(`${X509}.`) ? PEM_CIPHERS[v.path.slice(X509.length + 1)] : undefined;
    f.algorithm(call, callee, {
      spelling: c?.spelling ?? unresolvedSpelling('block-cipher'),
      params: { mode: 'CBC', ...(c?.keySize ? { keySize: c.keySize } : {}) },
      unresolved: c ? [] : ['keySize'],
      functions: ['encrypt'],
    });
  } else {
    f.algorithm(call, callee, { spelling: unresolvedSpelling('block-cipher'), params: { mode: 'CBC' }, unresolved: ['keySize'], functions: ['decrypt'] });
  }
  f.algorithm(call, callee, { spelling: 'MD5', functions: ['keyderive'] });
  if (f.literalSecret(args[encrypt ? 3 : 1])) f.signal(call, callee, 'hardcoded-password', 'PEM encryption password is written in the source');
}
