// python-rsa (`import rsa`) and python-ecdsa (`import ecdsa`): pure-Python libraries that many
// projects (and python-jose's backends) use directly.
// - python-rsa: `rsa.newkeys(nbits)` generates a key; `rsa.encrypt`/`decrypt` are PKCS#1 v1.5
//   encryption (its only scheme); `rsa.sign(msg, key, "SHA-256")` is a PKCS#1 v1.5 signature with the
//   hash named; keys loaded with `PrivateKey/PublicKey.load_pkcs1(...)` have their size in the data.
// - python-ecdsa: `SigningKey.generate(curve=NIST384p)` (NIST192p when no curve is given, the
//   library's default), `SigningKey/VerifyingKey.from_string(s, curve=...)` (same default),
//   `from_pem`/`from_der` (curve in the data), and `ECDH(curve=...)`.
import type { AlgorithmParams } from '../../../inventory/model.js';
import { arg } from './adapter.js';
import type { Call, PyContext } from './context.js';
import { qualify } from './imports.js';

/** python-rsa's hash_method names. */
const RSA_HASHES: Readonly<Record<string, string>> = {
  MD5: 'MD5', 'SHA-1': 'SHA-1', 'SHA-224': 'SHA-224', 'SHA-256': 'SHA-256', 'SHA-384': 'SHA-384', 'SHA-512': 'SHA-512',
};

/** python-ecdsa curve objects -> the algorithm they sign with and its curve. */
const ECDSA_CURVES: Readonly<Record<string, { spelling: string; curve?: string }>> = {
  NIST192p: { spelling: 'ECDSA', curve: 'P-192' },
  NIST224p: { spelling: 'ECDSA', curve: 'P-224' },
  NIST256p: { spelling: 'ECDSA', curve: 'P-256' },
  NIST384p: { spelling: 'ECDSA', curve: 'P-384' },
  NIST521p: { spelling: 'ECDSA', curve: 'P-521' },
  SECP256k1: { spelling: 'ECDSA', curve: 'secp256k1' },
  BRAINPOOLP256r1: { spelling: 'ECDSA', curve: 'brainpoolP256r1' },
  BRAINPOOLP384r1: { spelling: 'ECDSA', curve: 'brainpoolP384r1' },
  BRAINPOOLP512r1: { spelling: 'ECDSA', curve: 'brainpoolP512r1' },
  Ed25519: { spelling: 'Ed25519' },
  Ed448: { spelling: 'Ed448' },
};
const ECDSA_DEFAULT_CURVE = 'NIST192p';

export function handleRsaEcdsa(ctx: PyContext, c: Call): boolean {
  const name = c.name ?? '';
  const library = ctx.library(c);
  const lib = library ? { library } : {};
  const node = c.node;

  if (name === 'rsa.newkeys') {
    const bits = ctx.int(arg(c.args, 0, 'nbits'));
    ctx.sink.algorithm(node, 'rsa.newkeys', 'RSA', bits !== undefined ? { keySize: bits } : {}, { unresolved: ['keySize'], functions: ['keygen'], ...lib });
    return true;
  }
  if (name === 'rsa.encrypt' || name === 'rsa.decrypt') {
    ctx.sink.algorithm(node, name, 'RSA', { padding: 'PKCS1v15' }, { unresolved: ['keySize'], functions: [name === 'rsa.encrypt' ? 'encrypt' : 'decrypt'], ...lib });
    return true;
  }
  if (name === 'rsa.sign' || name === 'rsa.sign_hash') {
    const written = ctx.str(arg(c.args, 2, 'hash_method'));
    const params: AlgorithmParams = { padding: 'PKCS1v15' };
    const hash = written ? RSA_HASHES[written] : undefined;
    if (hash) params.hash = hash;
    ctx.sink.algorithm(node, name, 'RSA', params, { unresolved: ['keySize', 'hash'], functions: ['sign'], ...lib });
    return true;
  }
  if (name === 'rsa.verify') {
    // The hash is read from the signature at run time.
    ctx.sink.algorithm(node, name, 'RSA', { padding: 'PKCS1v15' }, { unresolved: ['keySize', 'hash'], functions: ['verify'], ...lib });
    return true;
  }
  if (/^rsa\.(PrivateKey|PublicKey)\.load_pkcs1(_openssl_pem|_openssl_der)?$/.test(name)) {
    ctx.sink.algorithm(node, name.slice(4), 'RSA', {}, { unresolved: ['keySize'], functions: [name.includes('PrivateKey') ? 'sign' : 'verify'], ...lib });
    return true;
  }

  const ec = /^ecdsa\.(?:keys\.)?(SigningKey|VerifyingKey)\.(generate|from_string|from_pem|from_der|from_secret_exponent)$/.exec(name);
  if (ec) {
    const [, cls, method] = ec;
    // generate, from_string and from_secret_exponent take the curve (default NIST192p); PEM/DER carry it.
    const curveNode = method === 'from_pem' || method === 'from_der' ? undefined : (c.args.named.get('curve') ?? (method === 'generate' ? c.args.positional[0] : c.args.positional[1]));
    const curveName = curveNode ? curveOf(ctx, curveNode) : method === 'from_pem' || method === 'from_der' ? undefined : ECDSA_DEFAULT_CURVE;
    const known = curveName ? ECDSA_CURVES[curveName] : undefined;
    const functions = method === 'generate' ? (['keygen'] as const) : cls === 'SigningKey' ? (['sign'] as const) : (['verify'] as const);
    if (known) ctx.sink.algorithm(node, `${cls}.${method}`, known.spelling, known.curve ? { curve: known.curve } : {}, { functions: [...functions], ...lib });
    else ctx.sink.algorithm(node, `${cls}.${method}`, 'ECDSA', {}, { unresolved: ['curve'], functions: [...functions], ...lib });
    return true;
  }
  if (name === 'ecdsa.ECDH' || name === 'ecdsa.ecdh.ECDH') {
    const curveNode = c.args.named.get('curve') ?? c.args.positional[0];
    const known = curveNode ? ECDSA_CURVES[curveOf(ctx, curveNode) ?? ''] : undefined;
    if (known?.curve) ctx.sink.algorithm(node, 'ECDH', 'ECDH', { curve: known.curve }, { functions: ['keygen'], ...lib });
    else ctx.sink.algorithm(node, 'ECDH', 'ECDH', {}, { unresolved: ['curve'], functions: ['keygen'], ...lib });
    return true;
  }
  return false;
}

/** `ecdsa.NIST384p`, `NIST384p` imported from ecdsa (or ecdsa.curves) -> `NIST384p`. */
function curveOf(ctx: PyContext, node: NonNullable<Call['args']['positional'][number]>): string | undefined {
  // An imported name or attribute qualifies through the imports; a variable holding one evaluates to it.
  const q = qualify(ctx.imports, node);
  const v = q === undefined ? ctx.value(node) : undefined;
  const path = q ?? (v?.kind === 'member' ? v.path : undefined);
  const m = path ? /^ecdsa\.(?:curves\.)?(\w+)$/.exec(path) : null;
  return m?.[1];
}
