// CryptoSwift (krzyzanowskim/CryptoSwift), read only in files that `import CryptoSwift`: AES and
// Blowfish over a block-mode object (`CBC(iv:)`, `GCM(iv:mode:)`, `ECB()`, …, also through a variable),
// ChaCha20/XChaCha20/Rabbit, the ChaCha20-Poly1305 AEADs, HMAC, CMAC, Poly1305, HKDF, PBKDF2, scrypt,
// RSA keys (generated, or from `n`/`e` or DER) and what the file does with them (`sign`/`verify` with
// their PKCS#1 v1.5 variant, `encrypt`/`decrypt` with their padding), `SHA2(variant:)`/`SHA3(variant:)`, `Digest.md5(…)` and the `.md5()`/`.sha256()`
// extensions on strings, `Data` and byte arrays. Defaults the initialisers document are filled in:
// `padding: .pkcs7` (AES, Blowfish), `blockMode: CBC(iv: zeros)` (Blowfish), `variant: .md5` (HMAC),
// `iterations: 4096` and `variant: .sha2(.sha256)` (PBKDF2) or `.sha1` (PBKDF1), `variant: .sha2(.sha256)` (HKDF),
// `.message_pkcs1v15_SHA256` (RSA `sign(_:)`, `verify(signature:for:)`), `.pksc1v15` (RSA `encrypt(_:)`).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { fromCaller } from '../common/from-caller.js';
import { kindOf } from '../common/languages.js';
import type { AlgorithmEmit, SwFile } from './file.js';
import { arg, namedKids, receiverOf, siteOf, suffixName, type SwCall } from './syntax.js';

const MODES: Readonly<Record<string, string>> = { CBC: 'CBC', ECB: 'ECB', CTR: 'CTR', CFB: 'CFB', OFB: 'OFB', PCBC: 'PCBC', GCM: 'GCM', CCM: 'CCM', OCB: 'OCB' };
/** Modes in which the cipher is used as a stream (padding does not apply). */
const STREAM_MODES = new Set(['CTR', 'CFB', 'OFB', 'GCM', 'CCM', 'OCB']);
const PADDINGS: Readonly<Record<string, string>> = {
  pkcs7: 'PKCS7', pkcs5: 'PKCS5', noPadding: 'NoPadding', zeroPadding: 'ZeroPadding', iso78164: 'ISO7816-4', iso10126: 'ISO10126',
};
/** CryptoSwift's digest methods (`bytes.sha256()`, `Digest.md5(…)`) -> registry names. */
export const DIGEST_METHODS: Readonly<Record<string, string>> = { md5: 'MD5', sha1: 'SHA-1', sha224: 'SHA-224', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };
const SHA2_VARIANTS: Readonly<Record<string, string>> = { sha224: 'SHA-224', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };
const SHA3_VARIANTS: Readonly<Record<string, string>> = {
  sha224: 'SHA3-224', sha256: 'SHA3-256', sha384: 'SHA3-384', sha512: 'SHA3-512', keccak224: 'Keccak-224', keccak256: 'Keccak-256', keccak384: 'Keccak-384', keccak512: 'Keccak-512',
};

export const CRYPTOSWIFT_CALL_NAMES = [
  'AES', 'Blowfish', 'ChaCha20', 'XChaCha20', 'Rabbit', 'HMAC', 'CMAC', 'Poly1305', 'HKDF', 'PBKDF2', 'PBKDF1', 'Scrypt', 'RSA', 'SHA2', 'SHA3', 'SHA1', 'MD5',
  'encrypt', 'decrypt', 'sign', 'verify', ...Object.keys(DIGEST_METHODS), 'sha2', 'sha3',
];

/** RSA signature variants (`SignatureVariant`): `message_pkcs1v15_SHA1`, `digest_pkcs1v15_SHA256`, … to the hash. */
const SIGNATURE_HASHES: Readonly<Record<string, string>> = {
  MD5: 'MD5', SHA1: 'SHA-1', SHA224: 'SHA-224', SHA256: 'SHA-256', SHA384: 'SHA-384', SHA512: 'SHA-512',
  SHA512_224: 'SHA-512/224', SHA512_256: 'SHA-512/256', SHA3_256: 'SHA3-256', SHA3_384: 'SHA3-384', SHA3_512: 'SHA3-512',
};
/** RSA encryption variants (`RSAEncryptionVariant`) to the padding: `raw` zero-pads deterministically, `unsafe` not at all. */
const RSA_PADDINGS: Readonly<Record<string, string>> = { pksc1v15: 'PKCS1v15', raw: 'NoPadding', unsafe: 'NoPadding' };

/** The last name of an implicit member or member path value (`.pkcs7`, `Padding.pkcs7`, `.sha2(.sha256)`'s inner). */
function memberOf(f: SwFile, node: SgNode | undefined): string | undefined {
  if (!node) return undefined;
  const v = f.value(node);
  return v.kind === 'member' ? v.path.split('.').pop() : undefined;
}

/** HMAC.Variant: `.sha256`, `.sha1`, `.md5`, `.sha2(.sha256)`, `.sha3(.sha256)`. */
function variantHash(f: SwFile, node: SgNode | undefined): string | undefined {
  if (!node) return undefined;
  const m = memberOf(f, node);
  if (m) return DIGEST_METHODS[m];
  const c = f.originCall(node);
  if (!c) return undefined;
  const inner = memberOf(f, c.args[0]?.expr);
  if (/(^|\.)sha2$/.test(c.path)) return inner ? SHA2_VARIANTS[inner] : undefined;
  if (/(^|\.)sha3$/.test(c.path)) return inner ? SHA3_VARIANTS[inner] : undefined;
  return undefined;
}

/** `try AES(…).encrypt(bytes)`: the function a call chained on the cipher names. */
function chainedUse(node: SgNode): CryptoFunction[] {
  let cur = node;
  for (let i = 0; i < 3; i++) {
    const p = cur.parent();
    if (!p) return [];
    if (kindOf(p) === 'navigation_expression') {
      const s = namedKids(p)[1];
      const name = s ? suffixName(s) : undefined;
      return name === 'encrypt' ? ['encrypt'] : name === 'decrypt' ? ['decrypt'] : [];
    }
    if (kindOf(p) !== 'try_expression' && kindOf(p) !== 'tuple_expression') return [];
    cur = p;
  }
  return [];
}

export function cryptoSwiftCall(f: SwFile, call: SwCall): boolean {
  if (!f.imported('CryptoSwift')) return false;
  const node = call.node;
  const path = call.path.replace(/^CryptoSwift\./, '');
  if (!path || (call.receiver && call.args.length <= 1 && (DIGEST_METHODS[call.name] || call.name === 'sha2' || call.name === 'sha3') && !path.startsWith('Digest.'))) return digestExtension(f, call);
  if (f.ownTypes.has(path.split('.')[0]!)) return false;
  if ((path === 'AES' || path === 'Blowfish') && arg(call, 'key')) {
    blockCipher(f, call, path);
    return true;
  }
  if (path === 'ChaCha20' || path === 'XChaCha20' || path === 'Rabbit') {
    f.algorithm(node, path, { spelling: path, functions: chainedUse(node) });
    keyAndIv(f, call, path, { spelling: path }, arg(call, 'key'), arg(call, 'iv'));
    return true;
  }
  const aead = /^AEAD(X?)ChaCha20Poly1305\.(encrypt|decrypt)$/.exec(path);
  if (aead) {
    const spelling = `${aead[1] ? 'X' : ''}ChaCha20-Poly1305`;
    f.algorithm(node, path, { spelling, functions: [aead[2] as CryptoFunction] });
    keyAndIv(f, call, path, { spelling }, arg(call, 'key'), aead[2] === 'encrypt' ? arg(call, 'iv') : undefined);
    return true;
  }
  if (path === 'HMAC' && call.typeArgs.length === 0 && arg(call, 'key')) {
    // `variant` defaults to `.md5` (HMAC.init(key:variant:)).
    const v = arg(call, 'variant');
    const hash = v ? variantHash(f, v) : 'MD5';
    f.algorithm(node, path, { spelling: 'HMAC', params: hash ? { hash } : {}, unresolved: ['hash'], functions: ['tag'] });
    keyAndIv(f, call, path, { spelling: 'HMAC', params: hash ? { hash } : {} }, arg(call, 'key'), undefined);
    return true;
  }
  if (path === 'CMAC' && arg(call, 'key')) {
    const len = f.byteLength(arg(call, 'key'));
    f.algorithm(node, path, { spelling: 'AES-CMAC', params: len && [16, 24, 32].includes(len) ? { keySize: len * 8 } : {}, unresolved: ['keySize'], functions: ['tag'] });
    return true;
  }
  if (path === 'Poly1305' && arg(call, 'key')) {
    f.algorithm(node, path, { spelling: 'Poly1305', functions: ['tag'] });
    return true;
  }
  if (path === 'HKDF' && call.typeArgs.length === 0 && arg(call, 'password')) {
    const v = arg(call, 'variant');
    const hash = v ? variantHash(f, v) : 'SHA-256';
    const len = f.int(arg(call, 'keyLength'));
    f.algorithm(node, path, { spelling: 'HKDF', params: { ...(hash ? { hash } : {}), ...(len ? { outputLength: len * 8 } : {}) }, unresolved: ['hash', 'outputLength'], functions: ['keyderive'] });
    return true;
  }
  if (path === 'PKCS5.PBKDF2' || path === 'PKCS5.PBKDF1') {
    const v = arg(call, 'variant');
    const v2 = path.endsWith('2');
    // Defaults: `variant: .sha2(.sha256)` (PBKDF2) or `.sha1` (PBKDF1), `iterations: 4096` (both).
    const hash = v ? variantHash(f, v) : v2 ? 'SHA-256' : 'SHA-1';
    const it = arg(call, 'iterations');
    const iterations = it ? f.int(it) : 4096;
    const len = f.int(arg(call, 'keyLength'));
    const saltLength = f.byteLength(arg(call, 'salt'));
    const params: AlgorithmParams = { ...(hash ? { hash } : {}), ...(iterations ? { iterations } : {}), ...(len ? { outputLength: len * 8 } : {}), ...(saltLength ? { saltLength } : {}) };
    const spelling = v2 ? 'PBKDF2' : 'PBKDF1';
    f.algorithm(node, path, { spelling, params, unresolved: ['hash', 'iterations', ...(arg(call, 'keyLength') ? ['outputLength' as const] : [])], functions: ['keyderive'] });
    const pw = f.value(arg(call, 'password'));
    if ((pw.kind === 'bytes' && pw.origin === 'literal' && pw.length) || (pw.kind === 'str' && pw.value && !fromCaller(f.ev, arg(call, 'password')))) f.signal(node, path, 'hardcoded-password', `${spelling} password written in the source`, { spelling, params });
    return true;
  }
  if (path === 'Scrypt' && arg(call, 'password')) {
    const n = f.int(arg(call, 'N'));
    const p = f.int(arg(call, 'p'));
    const r = f.int(arg(call, 'r'));
    const len = f.int(arg(call, 'dkLen'));
    f.algorithm(node, path, {
      spelling: 'scrypt', params: { ...(n ? { cost: n } : {}), ...(p ? { parallelism: p } : {}), ...(r && n ? { memoryCost: (128 * r * n) / 1024 } : {}), ...(len ? { outputLength: len * 8 } : {}) },
      unresolved: ['cost', 'parallelism', 'memoryCost', 'outputLength'], functions: ['keyderive'],
    });
    return true;
  }
  if (path === 'RSA' && arg(call, 'keySize')) {
    const bits = f.int(arg(call, 'keySize'));
    f.algorithm(node, path, { spelling: 'RSA', params: bits ? { keySize: bits } : {}, unresolved: ['keySize'], functions: ['keygen'] });
    return true;
  }
  if (path === 'RSA' && (arg(call, 'n') || arg(call, 'rawRepresentation'))) {
    // A key from its modulus and exponents, or from DER: an RSA key in use, sized by a modulus the source writes.
    f.algorithm(node, path, { spelling: 'RSA', params: rsaKeySize(f, call), unresolved: ['keySize'] });
    return true;
  }
  if (['sign', 'verify', 'encrypt', 'decrypt'].includes(call.name)) {
    const key = f.originCall(receiverOf(call));
    if (key && key.path.replace(/^CryptoSwift\./, '') === 'RSA' && !f.ownTypes.has('RSA')) return rsaUse(f, call, key);
  }
  if (path === 'SHA2' || path === 'SHA3') {
    const m = memberOf(f, arg(call, 'variant', 0));
    const spelling = m ? (path === 'SHA2' ? SHA2_VARIANTS : SHA3_VARIANTS)[m] : undefined;
    if (spelling) f.algorithm(node, path, { spelling, functions: ['digest'] });
    return spelling !== undefined;
  }
  if ((path === 'SHA1' || path === 'MD5') && call.args.length === 0) {
    f.algorithm(node, path, { spelling: path === 'SHA1' ? 'SHA-1' : 'MD5', functions: ['digest'] });
    return true;
  }
  const digest = /^Digest\.(md5|sha1|sha224|sha256|sha384|sha512|sha2|sha3)$/.exec(path);
  if (digest) {
    const name = digest[1]!;
    const spelling = DIGEST_METHODS[name] ?? (() => {
      const m = memberOf(f, call.args[1]?.expr ?? arg(call, 'variant'));
      return m ? (name === 'sha2' ? SHA2_VARIANTS : SHA3_VARIANTS)[m] : undefined;
    })();
    if (spelling) f.algorithm(node, path, { spelling, functions: ['digest'] });
    return spelling !== undefined;
  }
  return false;
}

/** `"abc".md5()`, `data.sha256()`, `bytes.sha3(.sha256)`: CryptoSwift's digest extensions. */
function digestExtension(f: SwFile, call: SwCall): boolean {
  if (!call.receiver || call.lambda) return false;
  let spelling: string | undefined;
  if (DIGEST_METHODS[call.name] && call.args.length === 0) spelling = DIGEST_METHODS[call.name];
  else if ((call.name === 'sha2' || call.name === 'sha3') && call.args.length === 1) {
    const m = memberOf(f, call.args[0]!.expr);
    spelling = m ? (call.name === 'sha2' ? SHA2_VARIANTS : SHA3_VARIANTS)[m] : undefined;
  }
  if (!spelling) return false;
  f.algorithm(siteOf(call), `.${call.name}()`, { spelling, functions: ['digest'] });
  return true;
}

function blockCipher(f: SwFile, call: SwCall, path: 'AES' | 'Blowfish'): void {
  const node = call.node;
  const key = arg(call, 'key');
  const modeArg = arg(call, 'blockMode');
  const ivArg = arg(call, 'iv');
  let mode: string | undefined;
  let iv: SgNode | undefined;
  let zeroIv = false;
  let tagLength: number | undefined;
  if (modeArg) {
    const m = f.originCall(modeArg);
    mode = m ? MODES[m.path.replace(/^CryptoSwift\./, '')] : undefined;
    if (m && mode && mode !== 'ECB') iv = arg(m, 'iv') ?? arg(m, 'nonce');
    const tag = m ? f.int(arg(m, 'tagLength')) : undefined;
    if (tag && (mode === 'GCM' || mode === 'CCM')) tagLength = tag * 8;
  } else if (ivArg) {
    // `AES(key: String, iv: String)`: CBC (AES+Foundation.swift, Blowfish+Foundation.swift).
    mode = 'CBC';
    iv = ivArg;
  } else if (path === 'Blowfish') {
    // Blowfish's `blockMode` defaults to `CBC(iv: zeros)`.
    mode = 'CBC';
    zeroIv = true;
  }
  const padArg = arg(call, 'padding');
  // `padding` defaults to `.pkcs7` (AES.init, Blowfish's String initialiser); Blowfish's main initialiser requires it.
  const padding = padArg ? PADDINGS[memberOf(f, padArg) ?? ''] : 'PKCS7';
  const params: AlgorithmParams = {};
  const unresolved: Array<'keySize' | 'mode' | 'padding'> = [];
  if (path === 'AES') {
    const len = f.byteLength(key);
    if (len && [16, 24, 32].includes(len)) params.keySize = len * 8;
    else unresolved.push('keySize');
  }
  if (mode) params.mode = mode;
  else unresolved.push('mode');
  if (mode && STREAM_MODES.has(mode)) {
    // No padding in stream-like modes.
  } else if (padding) params.padding = padding;
  else unresolved.push('padding');
  if (tagLength) params.tagLength = tagLength;
  f.algorithm(node, path, { spelling: path, params, unresolved, functions: chainedUse(node) });
  const related: AlgorithmEmit = { spelling: path, params };
  keyAndIv(f, call, path, related, key, iv);
  if (zeroIv) f.signal(node, path, 'static-iv', 'Blowfish without a block mode: CBC with an all-zero IV', related);
}

function keyAndIv(f: SwFile, call: SwCall, symbol: string, related: AlgorithmEmit, key: SgNode | undefined, iv: SgNode | undefined): void {
  const rel = { spelling: related.spelling, ...(related.params ? { params: related.params } : {}) };
  if (key && f.constantBytes(key)) f.signal(call.node, symbol, 'hardcoded-key', `${symbol} key fixed in the source`, rel);
  if (iv && f.constantBytes(iv)) f.signal(call.node, symbol, 'static-iv', `${symbol} IV fixed in the source`, rel);
}

/** The modulus size of an `RSA(…)` key the file makes: `RSA(keySize: 2048)`, or `RSA(n: bytes, …)` with a known length. */
function rsaKeySize(f: SwFile, key: SwCall): AlgorithmParams {
  const bits = f.int(arg(key, 'keySize')) ?? (() => {
    const len = f.byteLength(arg(key, 'n'));
    return len ? len * 8 : undefined;
  })();
  return bits ? { keySize: bits } : {};
}

/**
 * `rsa.sign(bytes, variant: .message_pkcs1v15_SHA1)`, `rsa.verify(signature:for:variant:)`,
 * `rsa.encrypt(bytes, variant: .pksc1v15)` on a key made in the file. Without `variant` the
 * defaults are PKCS#1 v1.5 with SHA-256 (signatures) and PKCS#1 v1.5 padding (encryption).
 */
function rsaUse(f: SwFile, call: SwCall, key: SwCall): boolean {
  const size = rsaKeySize(f, key);
  const variantArg = arg(call, 'variant');
  const variant = variantArg ? memberOf(f, variantArg) : undefined;
  const symbol = `RSA.${call.name}`;
  if (call.name === 'sign' || call.name === 'verify') {
    const m = variant ? /^(?:message|digest)_pkcs1v15_(\w+)$/.exec(variant) : undefined;
    const hash = variantArg ? (m ? SIGNATURE_HASHES[m[1]!] : undefined) : 'SHA-256';
    // `.raw` and `.digest_pkcs1v15_RAW` sign what they are given: a PKCS#1 v1.5 signature of no named hash.
    f.algorithm(call.node, symbol, { spelling: 'RSASSA-PKCS1-v1_5', params: { ...size, ...(hash ? { hash } : {}) }, unresolved: ['keySize', 'hash'], functions: [call.name] });
    return true;
  }
  const padding = variantArg ? (variant ? RSA_PADDINGS[variant] : undefined) : 'PKCS1v15';
  f.algorithm(call.node, symbol, { spelling: 'RSA', params: { ...size, ...(padding ? { padding } : {}) }, unresolved: ['keySize', 'padding'], functions: [call.name as CryptoFunction] });
  return true;
}
