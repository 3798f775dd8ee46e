// Apple CryptoKit and its open-source twin swift-crypto (`import Crypto`, `_CryptoExtras`): AES-GCM and
// ChaChaPoly sealing (key size followed to the `SymmetricKey`), AES key wrap, SHA-2/SHA-3 and the
// `Insecure` hashes, HMAC and HKDF over a hash type argument, the NIST-curve and Curve25519 keys (also in
// the Secure Enclave), ML-KEM, ML-DSA and X-Wing (iOS 26), HPKE cipher suites, and swift-crypto's `_RSA`.
// Every name is CryptoKit's unless the file declares a type of that name itself.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import type { AlgorithmEmit, SwFile } from './file.js';
import { keyBits } from './resolve.js';
import { arg, callParts, pathText, type SwCall } from './syntax.js';

/** CryptoKit hash types -> registry names. */
export const CRYPTOKIT_HASHES: Readonly<Record<string, string>> = {
  SHA256: 'SHA-256', SHA384: 'SHA-384', SHA512: 'SHA-512', 'Insecure.MD5': 'MD5', 'Insecure.SHA1': 'SHA-1',
  SHA3_256: 'SHA3-256', SHA3_384: 'SHA3-384', SHA3_512: 'SHA3-512',
};

/** Curve namespaces: what a `Signing` or `KeyAgreement` key on them is. */
const CURVES: Readonly<Record<string, { signing: AlgorithmEmit; agreement: AlgorithmEmit }>> = {
  P256: { signing: { spelling: 'ECDSA', params: { curve: 'P-256' } }, agreement: { spelling: 'ECDH', params: { curve: 'P-256' } } },
  P384: { signing: { spelling: 'ECDSA', params: { curve: 'P-384' } }, agreement: { spelling: 'ECDH', params: { curve: 'P-384' } } },
  P521: { signing: { spelling: 'ECDSA', params: { curve: 'P-521' } }, agreement: { spelling: 'ECDH', params: { curve: 'P-521' } } },
  Curve25519: { signing: { spelling: 'Ed25519' }, agreement: { spelling: 'X25519' } },
};

/** Post-quantum key types: the algorithm, and what a public key is used for. */
const PQC: Readonly<Record<string, { spelling: string; publicUse: CryptoFunction; privateUse: CryptoFunction }>> = {
  MLKEM768: { spelling: 'ML-KEM-768', publicUse: 'encapsulate', privateUse: 'decapsulate' },
  MLKEM1024: { spelling: 'ML-KEM-1024', publicUse: 'encapsulate', privateUse: 'decapsulate' },
  XWingMLKEM768X25519: { spelling: 'X-Wing', publicUse: 'encapsulate', privateUse: 'decapsulate' },
  MLDSA65: { spelling: 'ML-DSA-65', publicUse: 'verify', privateUse: 'sign' },
  MLDSA87: { spelling: 'ML-DSA-87', publicUse: 'verify', privateUse: 'sign' },
};

/** HPKE (RFC 9180) suites and their KEM, KDF and AEAD (CryptoKit's `HPKE.Ciphersuite` constants and enum cases). */
const HPKE_KEMS: Readonly<Record<string, AlgorithmEmit>> = {
  P256_HKDF_SHA256: { spelling: 'ECDH', params: { curve: 'P-256' } }, P384_HKDF_SHA384: { spelling: 'ECDH', params: { curve: 'P-384' } },
  P521_HKDF_SHA512: { spelling: 'ECDH', params: { curve: 'P-521' } }, Curve25519_HKDF_SHA256: { spelling: 'X25519' },
  XWingMLKEM768X25519: { spelling: 'X-Wing' },
};
const HPKE_KDFS: Readonly<Record<string, string>> = { HKDF_SHA256: 'SHA-256', HKDF_SHA384: 'SHA-384', HKDF_SHA512: 'SHA-512' };
const HPKE_AEADS: Readonly<Record<string, AlgorithmEmit>> = {
  AES_GCM_128: { spelling: 'AES', params: { keySize: 128, mode: 'GCM' } }, AES_GCM_256: { spelling: 'AES', params: { keySize: 256, mode: 'GCM' } },
  chaChaPoly: { spelling: 'ChaCha20-Poly1305' },
};
const HPKE_SUITES: Readonly<Record<string, [string, string, string]>> = {
  P256_SHA256_AES_GCM_256: ['P256_HKDF_SHA256', 'HKDF_SHA256', 'AES_GCM_256'],
  P384_SHA384_AES_GCM_256: ['P384_HKDF_SHA384', 'HKDF_SHA384', 'AES_GCM_256'],
  P521_SHA512_AES_GCM_256: ['P521_HKDF_SHA512', 'HKDF_SHA512', 'AES_GCM_256'],
  Curve25519_SHA256_ChachaPoly: ['Curve25519_HKDF_SHA256', 'HKDF_SHA256', 'chaChaPoly'],
  XWingMLKEM768X25519_SHA256_AES_GCM_256: ['XWingMLKEM768X25519', 'HKDF_SHA256', 'AES_GCM_256'],
};

/** Names the detector's query selects calls by (the last name of a CryptoKit callee). */
export const CRYPTOKIT_CALL_NAMES = [
  'seal', 'open', 'wrap', 'unwrap', 'Nonce', 'hash', 'SHA256', 'SHA384', 'SHA512', 'MD5', 'SHA1', 'SHA3_256', 'SHA3_384', 'SHA3_512',
  'authenticationCode', 'isValidAuthenticationCode', 'HMAC', 'deriveKey', 'expand', 'extract', 'PrivateKey', 'PublicKey', 'generate',
  'hkdfDerivedSymmetricKey', 'Sender', 'Recipient', 'SymmetricKey',
];

/** `CryptoKit.SHA256` and `Crypto.SHA256` are `SHA256`; the Secure Enclave's keys are the same algorithms. */
export function normalisePath(path: string): string {
  return path.replace(/^(CryptoKit|Crypto|_CryptoExtras|CryptoExtras)\./, '');
}

function hashOfType(type: string | undefined): string | undefined {
  return type ? CRYPTOKIT_HASHES[normalisePath(type.replace(/\.self$/, ''))] : undefined;
}

/** Key size of a `SymmetricKey` argument: from `SymmetricKey(size:)`, or its data's length. */
function symmetricKeyBits(f: SwFile, key: SgNode | undefined): number | undefined {
  if (!key) return undefined;
  const v = f.value(key);
  return v.kind === 'bytes' && v.length !== undefined ? v.length * 8 : undefined;
}

/** Handles a CryptoKit call; false when the call is not one. */
export function cryptoKitCall(f: SwFile, call: SwCall): boolean {
  if (call.name === 'hkdfDerivedSymmetricKey') return methodCall(f, call);
  const path = normalisePath(call.path);
  if (!path) return false;
  const head = path.split('.')[0]!;
  if (f.ownTypes.has(head)) return false;
  const symbol = path;
  const node = call.node;
  // AEADs.
  const aead = /^(AES\.GCM|ChaChaPoly)\.(seal|open)$/.exec(path);
  if (aead) {
    const encrypt = aead[2] === 'seal';
    const key = arg(call, 'using');
    const nonce = arg(call, 'nonce');
    if (nonce) f.consume(nonce);
    if (aead[1] === 'ChaChaPoly') {
      f.algorithm(node, symbol, { spelling: 'ChaCha20-Poly1305', functions: [encrypt ? 'encrypt' : 'decrypt'] });
    } else {
      const bits = symmetricKeyBits(f, key);
      f.algorithm(node, symbol, { spelling: 'AES', params: { mode: 'GCM', ...(bits ? { keySize: bits } : {}) }, unresolved: ['keySize'], functions: [encrypt ? 'encrypt' : 'decrypt'] });
    }
    // A nonce written in the call is reported here; one held in a variable where it is made (its `Nonce(data:)`).
    if (encrypt && nonce && callParts(nonce) && constantNonce(f, nonce)) {
      f.signal(node, symbol, 'static-iv', `${aead[1]} nonce fixed in the source`, { spelling: aead[1] === 'ChaChaPoly' ? 'ChaCha20-Poly1305' : 'AES', params: { mode: 'GCM' } });
    }
    return true;
  }
  if (/^(AES\.GCM|ChaChaPoly)\.Nonce$/.test(path)) {
    // A nonce made from fixed bytes; reported once, where it is given to `seal` when it is.
    if (f.consumed(node) || insideSeal(node)) return true;
    const data = arg(call, 'data', 0);
    if (data && f.constantBytes(data)) f.signal(node, symbol, 'static-iv', `${path} made from bytes fixed in the source`);
    return true;
  }
  const kw = /^AES\.KeyWrap\.(wrap|unwrap)$/.exec(path);
  if (kw) {
    const bits = symmetricKeyBits(f, arg(call, 'using'));
    f.algorithm(node, symbol, { spelling: 'AES-KW', params: bits ? { keySize: bits } : {}, unresolved: ['keySize'], functions: [kw[1] === 'wrap' ? 'encrypt' : 'decrypt'] });
    return true;
  }
  // Hashes: `SHA256.hash(data:)`, `SHA256()` (incremental), `Insecure.MD5.hash(data:)`.
  const hashType = path.endsWith('.hash') ? path.slice(0, -5) : path;
  const hash = CRYPTOKIT_HASHES[hashType];
  if (hash && (path.endsWith('.hash') || call.args.length === 0)) {
    f.algorithm(node, symbol, { spelling: hash, functions: ['digest'] });
    return true;
  }
  // HMAC<H> and HKDF<H>.
  if (head === 'HMAC' && call.typeArgs.length === 1 && (path === 'HMAC' || /^HMAC\.(authenticationCode|isValidAuthenticationCode)$/.test(path))) {
    const h = hashOfType(call.typeArgs[0]);
    f.algorithm(node, `HMAC<${call.typeArgs[0]}>${path.slice(4)}`, {
      spelling: 'HMAC', params: h ? { hash: h } : {}, unresolved: ['hash'], functions: [path.endsWith('isValidAuthenticationCode') ? 'verify' : 'tag'],
    });
    return true;
  }
  if (head === 'HKDF' && call.typeArgs.length === 1 && /^HKDF\.(deriveKey|expand|extract)$/.test(path)) {
    const h = hashOfType(call.typeArgs[0]);
    const out = f.int(arg(call, 'outputByteCount'));
    const params: AlgorithmParams = { ...(h ? { hash: h } : {}), ...(out ? { outputLength: out * 8 } : {}) };
    f.algorithm(node, `HKDF<${call.typeArgs[0]}>${path.slice(4)}`, { spelling: 'HKDF', params, unresolved: ['hash', ...(path.endsWith('extract') ? [] : ['outputLength' as const])], functions: ['keyderive'] });
    return true;
  }
  // Keys: P256.Signing.PrivateKey(), Curve25519.KeyAgreement.PublicKey(rawRepresentation:), SecureEnclave.P256…, MLKEM768.PrivateKey.generate().
  const key = /^(?:SecureEnclave\.)?(\w+)\.(?:(Signing|KeyAgreement)\.)?(PrivateKey|PublicKey)(?:\.(generate))?$/.exec(path);
  if (key) return keyCall(f, call, symbol, key[1]!, key[2], key[3] as 'PrivateKey' | 'PublicKey', key[4] !== undefined);
  if (/^HPKE\.(Sender|Recipient)$/.test(path)) {
    hpke(f, call, symbol, path.endsWith('Sender'));
    return true;
  }
  if (path === 'SymmetricKey') {
    const data = arg(call, 'data');
    if (data && f.constantBytes(data)) f.signal(node, symbol, 'hardcoded-key', 'SymmetricKey made from bytes fixed in the source');
    return true;
  }
  return false;
}

/** `secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt:, sharedInfo:, outputByteCount: 32)` on a key agreement's shared secret. */
function methodCall(f: SwFile, call: SwCall): boolean {
  if (call.name !== 'hkdfDerivedSymmetricKey' || !call.receiver) return false;
  const using = arg(call, 'using');
  const h = hashOfType(using ? pathText(using) : undefined);
  const out = f.int(arg(call, 'outputByteCount'));
  f.algorithm(call.node, 'SharedSecret.hkdfDerivedSymmetricKey', {
    spelling: 'HKDF', params: { ...(h ? { hash: h } : {}), ...(out ? { outputLength: out * 8 } : {}) }, unresolved: ['hash', 'outputLength'], functions: ['keyderive'],
  });
  return true;
}

/** Whether a nonce argument is made from fixed bytes (`AES.GCM.Nonce(data: Data(repeating: 0, count: 12))`, or a variable holding one). */
function constantNonce(f: SwFile, nonce: SgNode): boolean {
  const c = f.originCall(nonce);
  if (!c || !/(^|\.)Nonce$/.test(c.path)) return false;
  const data = arg(c, 'data', 0);
  return data !== undefined && f.constantBytes(data);
}

/** Whether a node is (inside) the `nonce:` argument of a `seal` call: the seal reports it. */
function insideSeal(node: SgNode): boolean {
  for (let cur = node.parent(), i = 0; cur && i < 4; cur = cur.parent(), i++) {
    if (kindOf(cur) === 'call_expression') return /\.seal$/.test(callParts(cur)?.path ?? '');
  }
  return false;
}

const LOADS = /Representation$|^(pem|der|x963|raw|compact|data|integrityChecked|seed)/;

function keyCall(f: SwFile, call: SwCall, symbol: string, ns: string, purpose: string | undefined, kind: 'PrivateKey' | 'PublicKey', generate: boolean): boolean {
  const node = call.node;
  const pqc = PQC[ns];
  const loaded = call.args.find((a) => a.label !== undefined && LOADS.test(a.label));
  if (pqc && !purpose) {
    // A private key made without key material (`()`, `.generate()`, the Secure Enclave's `(accessControl:)`) is generated.
    const fn: CryptoFunction = kind === 'PublicKey' ? pqc.publicUse : loaded && !generate ? pqc.privateUse : 'keygen';
    f.algorithm(node, symbol, { spelling: pqc.spelling, functions: [fn] });
    hardcoded(f, call, symbol, kind, loaded?.expr);
    return true;
  }
  const curve = CURVES[ns];
  if (!curve || !purpose) return false;
  const emit = purpose === 'Signing' ? curve.signing : curve.agreement;
  let functions: CryptoFunction[];
  if (kind === 'PublicKey') functions = purpose === 'Signing' ? ['verify'] : [];
  else if (loaded) functions = purpose === 'Signing' ? ['sign'] : [];
  else functions = ['keygen'];
  f.algorithm(node, symbol, { ...emit, functions });
  hardcoded(f, call, symbol, kind, loaded?.expr);
  return true;
}

function hardcoded(f: SwFile, call: SwCall, symbol: string, kind: string, material: SgNode | undefined): void {
  if (kind !== 'PrivateKey' || !material) return;
  // `rawRepresentation: [0x01, …]`, a PEM string literal: a private key written in the source.
  if (f.constantBytes(material)) f.signal(call.node, symbol, 'hardcoded-key', `${symbol} made from key material fixed in the source`);
}

/** swift-crypto `_RSA.Signing.PrivateKey(keySize: .bits2048)` and key loads. */
export function rsaExtrasCall(f: SwFile, call: SwCall): boolean {
  const m = /^_RSA\.(Signing|Encryption)\.(PrivateKey|PublicKey)$/.exec(normalisePath(call.path));
  if (!m) return false;
  const size = arg(call, 'keySize');
  const bits = size ? keyBits(f.value(size)) : undefined;
  const signing = m[1] === 'Signing';
  const functions: CryptoFunction[] = size ? ['keygen'] : m[2] === 'PublicKey' ? [signing ? 'verify' : 'encrypt'] : [signing ? 'sign' : 'decrypt'];
  f.algorithm(call.node, normalisePath(call.path), { spelling: 'RSA', params: bits ? { keySize: bits } : {}, unresolved: ['keySize'], functions });
  return true;
}

/** HPKE.Sender / HPKE.Recipient: the suite's KEM, KDF and AEAD, each an asset at the call. */
function hpke(f: SwFile, call: SwCall, symbol: string, sender: boolean): void {
  const suite = arg(call, 'ciphersuite');
  const parts = suite ? suiteParts(f, suite) : undefined;
  const node = call.node;
  if (!parts) {
    f.algorithm(node, symbol, { spelling: unresolvedSpelling('cipher'), functions: [sender ? 'encrypt' : 'decrypt'] });
    return;
  }
  const [kem, kdf, aead] = parts;
  if (kem) f.algorithm(node, symbol, { ...kem, functions: [sender ? 'encapsulate' : 'decapsulate'] });
  if (kdf) f.algorithm(node, symbol, { spelling: 'HKDF', params: { hash: kdf }, functions: ['keyderive'] });
  if (aead) f.algorithm(node, symbol, { ...aead, functions: [sender ? 'encrypt' : 'decrypt'] });
}

function suiteParts(f: SwFile, suite: SgNode): [AlgorithmEmit | undefined, string | undefined, AlgorithmEmit | undefined] | undefined {
  const v = f.value(suite);
  if (v.kind === 'member') {
    const names = HPKE_SUITES[v.path.split('.').pop()!];
    return names ? [HPKE_KEMS[names[0]], HPKE_KDFS[names[1]], HPKE_AEADS[names[2]]] : undefined;
  }
  // `HPKE.Ciphersuite(kem: .P256_HKDF_SHA256, kdf: .HKDF_SHA256, aead: .AES_GCM_256)`.
  const c = f.originCall(suite);
  if (!c || !/Ciphersuite$/.test(c.path)) return undefined;
  const last = (n: SgNode | undefined): string => {
    const m = n ? f.value(n) : undefined;
    return m?.kind === 'member' ? m.path.split('.').pop()! : '';
  };
  return [HPKE_KEMS[last(arg(c, 'kem'))], HPKE_KDFS[last(arg(c, 'kdf'))], HPKE_AEADS[last(arg(c, 'aead'))]];
}
