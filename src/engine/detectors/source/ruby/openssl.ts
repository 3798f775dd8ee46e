// Ruby's OpenSSL extension (the `openssl` gem, part of the standard library): ciphers by OpenSSL name
// (`OpenSSL::Cipher.new('aes-256-gcm')`) and through the convenience classes (`Cipher::AES.new(256, :CBC)`,
// `Cipher::AES256.new(:ECB)`, `Cipher::DES.new`), with the key, IV and tag set on the object later;
// digests, HMAC, PBKDF2/HKDF/scrypt, key generation (`PKey::RSA.new(2048)`, `PKey::EC.generate(curve)`,
// `PKey.generate_key('ED25519')`), RSA padding on `public_encrypt`/`private_decrypt`, and signatures
// (`key.sign(OpenSSL::Digest.new('SHA256'), data)`, `sign_pss`, and certificates, CSRs and CRLs signed with
// `cert.sign(key, 'SHA256')`). OpenSSL's names are the ones node:crypto
// takes, so the JavaScript detector's tables read them (javascript/names.ts).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction, LibraryRef, Primitive } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { kindOf } from '../common/languages.js';
import { curveName, digestName, opensslCipher } from '../javascript/names.js';
import type { RbFile } from './file.js';
import { callParts, constPath, type RbCall } from './resolve.js';

export const OPENSSL: LibraryRef = { ecosystem: 'gem', name: 'openssl' };

/** `OpenSSL::Cipher::AES`, `::DES`, … (Ruby's lib/openssl/cipher.rb): the class name joined with the arguments by `-`. */
const CIPHER_CLASSES = /^OpenSSL::Cipher::(AES|CAST5|BF|DES|IDEA|RC2|RC4|RC5)$/;
/** `OpenSSL::Cipher::AES128/192/256.new(mode = "CBC")`: the mode defaults to CBC in that code. */
const AES_SIZED = /^OpenSSL::Cipher::AES(128|192|256)$/;

const SETTERS_OF_CIPHER = ['key', 'iv', 'auth_tag_len', 'iv_len', 'key_len'];

/** A cipher made by `OpenSSL::Cipher…new(…)`: its OpenSSL name when it can be read (undefined: unknown). */
function cipherName(f: RbFile, c: RbCall, path: string): string | undefined {
  if (path === 'OpenSSL::Cipher' || path === 'OpenSSL::Cipher::Cipher') return f.str(c.positional[0]);
  const sized = AES_SIZED.exec(path);
  if (sized) {
    const mode = c.positional[0] ? f.str(c.positional[0]) : 'CBC';
    return mode === undefined ? undefined : `aes-${sized[1]}-${mode}`.toLowerCase();
  }
  const cls = CIPHER_CLASSES.exec(path);
  if (!cls) return undefined;
  const parts = [cls[1]!];
  for (const a of c.positional) {
    const v = f.value(a);
    if (v.kind !== 'str' && v.kind !== 'int') return undefined;
    parts.push(String(v.value));
  }
  return parts.join('-').toLowerCase();
}

/** Methods that only read a size of a digest or cipher object (`digest_length`, `key_len`): no use of the algorithm. */
const SIZE_QUERIES = new Set(['digest_length', 'block_length', 'length', 'size', 'key_len', 'iv_len', 'block_size']);

/**
 * `OpenSSL::Digest.new(@digest).digest_length`, `OpenSSL::Cipher.new(name).key_len`: an object made only to read
 * its size in the same expression (MessageVerifier's hex length, MessageEncryptor's `key_len`) hashes and
 * encrypts nothing, so it is no occurrence.
 */
export function sizeQueryOnly(node: SgNode): boolean {
  const p = node.parent();
  const c = p && kindOf(p) === 'call' ? callParts(p) : undefined;
  return !!c && c.receiver?.id() === node.id() && SIZE_QUERIES.has(c.method) && c.positional.length === 0;
}

export function opensslCipherNew(f: RbFile, c: RbCall, path: string): void {
  if (sizeQueryOnly(c.node)) return;
  const name = cipherName(f, c, path);
  const functions: CryptoFunction[] = f.linked(c.node, ['encrypt', 'decrypt']).map((l) => l.method as CryptoFunction);
  // `OpenSSL::Cipher.new(n).encrypt`: the chain the creation sits in.
  const parent = c.node.parent();
  const chained = parent && kindOf(parent) === 'call' ? callParts(parent) : undefined;
  if (chained && chained.receiver?.id() === c.node.id() && (chained.method === 'encrypt' || chained.method === 'decrypt')) functions.push(chained.method);
  const setters = f.setters(c.node, SETTERS_OF_CIPHER);
  const last = (n: string): SgNode | undefined => setters.filter((s) => s.name === n).at(-1)?.value;
  const symbol = `${path}.new`;
  const named = name === undefined ? undefined : opensslCipher(name);
  if (!named) {
    f.algorithm(c.node, symbol, { spelling: name ?? unresolvedSpelling('cipher'), unresolved: ['keySize'], functions, library: OPENSSL });
  } else {
    const params: AlgorithmParams = { ...named.params };
    const keyBits = bits(f.byteLength(last('key')) ?? f.int(last('key_len')));
    if (params.keySize === undefined && named.spelling === 'AES' && (keyBits === 128 || keyBits === 192 || keyBits === 256)) params.keySize = keyBits;
    const ivBits = bits(f.int(last('iv_len')) ?? f.byteLength(last('iv')));
    if (ivBits && params.mode !== 'ECB') params.ivLength = ivBits;
    if (params.mode === 'GCM' || params.mode === 'CCM' || params.mode === 'OCB' || named.spelling === 'ChaCha20-Poly1305') {
      const tag = bits(f.int(last('auth_tag_len')));
      if (tag) params.tagLength = tag;
    }
    f.algorithm(c.node, symbol, { spelling: named.spelling, params, unresolved: named.spelling === 'AES' ? ['keySize'] : [], functions, library: OPENSSL });
  }
  const related = named ? { spelling: named.spelling, params: named.params } : undefined;
  for (const s of setters) {
    if (s.name === 'iv' && named?.params.mode !== 'ECB' && f.constantBytes(s.value)) {
      f.sink.signal(s.node, 'OpenSSL::Cipher#iv=', 'static-iv', `${name ?? 'cipher'} IV is a constant in the source`, { ...(related ? { related } : {}), library: OPENSSL });
    } else if (s.name === 'key' && f.constantBytes(s.value)) {
      f.sink.signal(s.node, 'OpenSSL::Cipher#key=', 'hardcoded-key', `${name ?? 'cipher'} key is written in the source`, { ...(related ? { related } : {}), library: OPENSSL });
    }
  }
}

const bits = (bytes: number | undefined): number | undefined => (bytes === undefined || bytes <= 0 ? undefined : bytes * 8);

/**
 * The hash an OpenSSL digest name stands for: `SHA256`, `sha-1`, `RMD160`, and the signature names OpenSSL's digest
 * table also holds for the digest alone (`RSA-SHA256`, `sha256WithRSAEncryption`): `OpenSSL::Digest.digest('RSA-SHA256', d)`
 * is a SHA-256 digest, not a signature.
 */
export function opensslDigestName(f: RbFile, s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  const d = digestName(s) ?? (/^(rmd|ripemd)-?160$/i.test(s) ? 'RIPEMD-160' : undefined);
  if (d) return d;
  const found = f.kb.findAlgorithm(s);
  const h = found?.entry.primitive === 'signature' ? found.impliedParams.hash : undefined;
  return typeof h === 'string' ? h : undefined;
}

/** `OpenSSL::Digest::SHA256`, `OpenSSL::Digest::SHA1` (and `Digest::SHA256` of the digest library) -> hash name. */
export function digestClass(path: string): string | undefined {
  const m = /^(?:OpenSSL::)?Digest::(\w+)$/.exec(path);
  if (!m) return undefined;
  return digestName(m[1]!) ?? (m[1] === 'RMD160' || m[1] === 'RIPEMD160' ? 'RIPEMD-160' : undefined);
}

/**
 * The hash a digest argument names: a string (`'SHA256'`), `OpenSSL::Digest.new('sha1')`,
 * `OpenSSL::Digest::SHA256.new`, the class itself (`OpenSSL::Digest::SHA256`), or a name bound to one.
 * A digest object made in the argument is part of the call that takes it (consumed).
 */
export function digestArg(f: RbFile, node: SgNode | undefined): { hash?: string; known: boolean } {
  if (!node) return { known: false };
  const s = f.str(node);
  if (s !== undefined) return { hash: opensslDigestName(f, s), known: true };
  // A parameter continues into what the file's calls pass, or its default where they leave it out
  // (`def pbkdf2(…, digest = OpenSSL::Digest::SHA256.new)`, spaceship's SRP login).
  const o = f.origin(node) ?? f.ev.originAcrossCalls(node) ?? node;
  const path = constPath(o);
  if (path) {
    const h = digestClass(path);
    return h ? { hash: h, known: true } : { known: false };
  }
  const c = kindOf(o) === 'call' ? callParts(o) : undefined;
  const rp = constPath(c?.receiver);
  if (c && rp && c.method === 'new') {
    // The digest object (written here or kept in a variable) exists to feed this call.
    f.consume(o);
    if (rp === 'OpenSSL::Digest') {
      const n = f.str(c.positional[0]);
      return { ...(n ? { hash: opensslDigestName(f, n) } : {}), known: true };
    }
    const h = digestClass(rp);
    if (h) return { hash: h, known: true };
  }
  return { known: false };
}

export function opensslDigest(f: RbFile, c: RbCall, path: string): void {
  if (f.consumed(c.node) || (c.method === 'new' && sizeQueryOnly(c.node))) return;
  let hash: string | undefined;
  let named = false;
  if (path === 'OpenSSL::Digest') {
    // `OpenSSL::Digest.new('SHA256')`, `OpenSSL::Digest.digest('SHA256', data)`.
    if (!/^(new|digest|hexdigest|base64digest)$/.test(c.method)) return;
    const n = f.str(c.positional[0]);
    hash = n === undefined ? undefined : (opensslDigestName(f, n) ?? n);
    named = n !== undefined;
  } else {
    if (!/^(new|digest|hexdigest|base64digest|file)$/.test(c.method)) return;
    hash = digestClass(path);
    if (!hash) return;
    named = true;
  }
  f.algorithm(c.node, `${path}.${c.method}`, { spelling: named && hash ? hash : unresolvedSpelling('hash'), functions: ['digest'], library: OPENSSL });
}

export function opensslHmac(f: RbFile, c: RbCall, path: string): void {
  // `OpenSSL::HMAC.hexdigest(digest, key, data)`; `OpenSSL::HMAC.new(key, digest)`.
  const isNew = c.method === 'new';
  if (!isNew && !/^(digest|hexdigest|base64digest)$/.test(c.method)) return;
  const [d, key] = isNew ? [c.positional[1], c.positional[0]] : [c.positional[0], c.positional[1]];
  const { hash } = digestArg(f, d);
  f.algorithm(c.node, `${path}.${c.method}`, { spelling: hash ? `HMAC-${hash}` : 'HMAC', params: { hash }, unresolved: ['hash'], functions: ['tag'], library: OPENSSL });
  if (f.constantBytes(key)) f.sink.signal(c.node, `${path}.${c.method}`, 'hardcoded-key', 'HMAC key is written in the source', { related: { spelling: 'HMAC', params: hash ? { hash } : {} }, library: OPENSSL });
}

function passwordSignal(f: RbFile, node: SgNode, symbol: string, pass: SgNode | undefined): void {
  // A password a caller passes to the method's parameter is the caller's literal, not one written here.
  const v = f.ev.evalOwn(pass);
  if (v.kind === 'str' && v.value.length > 0) f.sink.signal(node, symbol, 'hardcoded-password', 'password is written in the source', { library: OPENSSL });
}

export function opensslKdf(f: RbFile, c: RbCall, path: string): void {
  const symbol = `${path}.${c.method}`;
  if (path === 'OpenSSL::PKCS5' && (c.method === 'pbkdf2_hmac' || c.method === 'pbkdf2_hmac_sha1')) {
    const [pass, salt, iter, len, d] = c.positional;
    const hash = c.method === 'pbkdf2_hmac_sha1' ? 'SHA-1' : digestArg(f, d).hash;
    const params: AlgorithmParams = { hash, iterations: f.int(iter), outputLength: bits(f.int(len)), saltLength: f.byteLength(salt) };
    f.algorithm(c.node, symbol, { spelling: 'PBKDF2', params, unresolved: ['hash', 'iterations', 'outputLength'], functions: ['keyderive'], library: OPENSSL });
    passwordSignal(f, c.node, symbol, pass);
    return;
  }
  if (path !== 'OpenSSL::KDF') return;
  const opt = (k: string): SgNode | undefined => c.named.get(k);
  if (c.method === 'pbkdf2_hmac') {
    const params: AlgorithmParams = { hash: digestArg(f, opt('hash')).hash, iterations: f.int(opt('iterations')), outputLength: bits(f.int(opt('length'))), saltLength: f.byteLength(opt('salt')) };
    f.algorithm(c.node, symbol, { spelling: 'PBKDF2', params, unresolved: ['hash', 'iterations', 'outputLength'], functions: ['keyderive'], library: OPENSSL });
    passwordSignal(f, c.node, symbol, c.positional[0]);
  } else if (c.method === 'hkdf') {
    const params: AlgorithmParams = { hash: digestArg(f, opt('hash')).hash, outputLength: bits(f.int(opt('length'))) };
    f.algorithm(c.node, symbol, { spelling: 'HKDF', params, unresolved: ['hash', 'outputLength'], functions: ['keyderive'], library: OPENSSL });
  } else if (c.method === 'scrypt') {
    const params: AlgorithmParams = { cost: f.int(opt('N')), outputLength: bits(f.int(opt('length'))), saltLength: f.byteLength(opt('salt')), parallelism: f.int(opt('p')) };
    const r = f.int(opt('r'));
    const n = params.cost;
    // scrypt memory: 128 * N * r bytes, in KiB.
    if (n !== undefined && r !== undefined) params.memoryCost = (128 * n * r) / 1024;
    f.algorithm(c.node, symbol, { spelling: 'scrypt', params, unresolved: ['cost', 'outputLength'], functions: ['keyderive'], library: OPENSSL });
    passwordSignal(f, c.node, symbol, c.positional[0]);
  }
}

/**
 * `cipher.pkcs5_keyivgen(pass, salt = nil, iterations = 2048, digest = "MD5")`: OpenSSL's EVP_BytesToKey
 * (Ruby's cipher documents these defaults, `nil` included), the key and IV of `openssl enc` before its
 * `-pbkdf2` (fastlane match's v1 format: one iteration, MD5 or SHA-256).
 */
export function pkcs5KeyIvGen(f: RbFile, c: RbCall): void {
  const [pass, salt, iter, d] = c.positional;
  const given = (n: SgNode | undefined): boolean => !!n && f.value(n).kind !== 'none';
  const hash = given(d) ? digestArg(f, d).hash : 'MD5';
  const iterations = given(iter) ? f.int(iter) : 2048;
  const saltLength = given(salt) ? f.byteLength(salt) : undefined;
  f.algorithm(c.node, 'pkcs5_keyivgen', { spelling: 'EVP_BytesToKey', params: { hash, iterations, saltLength }, unresolved: ['hash', 'iterations'], functions: ['keyderive'], library: OPENSSL });
  passwordSignal(f, c.node, 'pkcs5_keyivgen', pass);
}

/** What is known of a key object: its type, size or curve. */
export interface KeyInfo {
  type?: 'RSA' | 'EC' | 'DSA' | 'DH' | 'Ed25519' | 'Ed448' | 'X25519' | 'X448';
  keySize?: number;
  curve?: string;
  /**
   * Another key type OpenSSL 3 names (`ML-KEM-768`, `ML-DSA-65`, `SLH-DSA-SHA2-128s`, `SM2`), as written, with
   * the primitive the knowledge base gives it.
   */
  named?: { spelling: string; primitive: Primitive };
}

/** Whether anything is known of a key's type. */
const keyKnown = (info: KeyInfo): boolean => info.type !== undefined || info.named !== undefined;

/** The public-key primitives a key type OpenSSL names may have (not a digest or cipher name given by mistake). */
const KEY_PRIMITIVES: ReadonlySet<Primitive> = new Set(['signature', 'kem', 'key-agree', 'pke']);

/** A key type by the name OpenSSL 3 gives it, when the knowledge base knows it as a public-key algorithm. */
function namedKey(f: RbFile, name: string): KeyInfo {
  const found = f.kb.findAlgorithm(name);
  return found && KEY_PRIMITIVES.has(found.entry.primitive) ? { named: { spelling: name, primitive: found.entry.primitive } } : {};
}

/** `OpenSSL::PKey` methods that make a key (or the parameters of one) of a type named as a string. */
const PKEY_MADE = /^(generate_key|generate_parameters|new_raw_public_key|new_raw_private_key)$/;

const PKEY_TYPES: Readonly<Record<string, KeyInfo['type']>> = { ED25519: 'Ed25519', ED448: 'Ed448', X25519: 'X25519', X448: 'X448', RSA: 'RSA', EC: 'EC', DSA: 'DSA', DH: 'DH', 'RSA-PSS': 'RSA' };

/** A key made in the file: `OpenSSL::PKey::RSA.new(2048)`, `.generate(…)`, `EC.generate(curve)`, `PKey.generate_key('ED25519')`, and `.public_key` of one. */
export function keyInfo(f: RbFile, node: SgNode | undefined, depth = 0): KeyInfo {
  // A parameter continues into what the file's calls pass, or its default (`def generate_cert(key = generate_key)`).
  const o = f.origin(node) ?? f.ev.originAcrossCalls(node) ?? undefined;
  if (!o || depth > 4) return {};
  if (kindOf(o) === 'identifier') return returnedKey(f, o, depth);
  if (kindOf(o) !== 'call') return {};
  const c = callParts(o)!;
  const path = constPath(c.receiver);
  if (!path) {
    if (c.receiver && /^(public_key|private_key|to_public|public_to_der|public_to_pem)$/.test(c.method)) return keyInfo(f, c.receiver, depth + 1);
    if (!c.receiver || kindOf(c.receiver) === 'self') return returnedKey(f, o, depth);
    return {};
  }
  const m = /^OpenSSL::PKey::(RSA|EC|DSA|DH)$/.exec(path);
  if (m && /^(new|generate)$/.test(c.method)) {
    const type = m[1] as KeyInfo['type'];
    if (type === 'EC') {
      const curve = curveName(f.str(c.positional[0]));
      return curve ? { type, curve } : { type };
    }
    const size = f.int(c.positional[0]);
    return size !== undefined ? { type, keySize: size } : { type };
  }
  if (path === 'OpenSSL::PKey' && PKEY_MADE.test(c.method)) {
    const t = f.str(c.positional[0]);
    // `generate_key(params)`: a key on the parameters `generate_parameters` made.
    if (t === undefined) return c.method === 'generate_key' ? keyInfo(f, c.positional[0], depth + 1) : {};
    const type = PKEY_TYPES[t.toUpperCase()];
    if (!type) return namedKey(f, t);
    // OpenSSL's option names for the size or curve (`"rsa_keygen_bits" => 3072`, `"ec_paramgen_curve" => "P-384"`).
    const size = f.int(c.named.get(type === 'RSA' ? 'rsa_keygen_bits' : type === 'DSA' ? 'dsa_paramgen_bits' : 'dh_paramgen_prime_len'));
    if (type === 'RSA' || type === 'DSA' || type === 'DH') return size !== undefined ? { type, keySize: size } : { type };
    if (type === 'EC') {
      const curve = curveName(f.str(c.named.get('ec_paramgen_curve')));
      return curve ? { type, curve } : { type };
    }
    return { type };
  }
  return {};
}

/**
 * The key a method of the file returns (`def generate_key; OpenSSL::PKey::RSA.new(1024); end`, ruby-saml's
 * certificate helper), when every return makes the same kind of key.
 */
function returnedKey(f: RbFile, call: SgNode, depth: number): KeyInfo {
  const r = f.ev.adapter.returned?.(call);
  if (!r?.returns.length) return {};
  const infos = r.returns.map((e) => keyInfo(f, e, depth + 1));
  const first = JSON.stringify(infos[0]);
  return infos.every((i) => JSON.stringify(i) === first) ? infos[0]! : {};
}

/** `OpenSSL::PKey::RSA.new(2048)` / `.generate(…)` / a key loaded from PEM; EC, DSA and DH alike. */
export function opensslPkey(f: RbFile, c: RbCall, path: string): void {
  const symbol = `${path}.${c.method}`;
  if (path === 'OpenSSL::PKey') {
    // `generate_parameters` alone makes no key: the key `generate_key(params)` makes on them is reported there.
    if (c.method === 'generate_parameters' || !PKEY_MADE.test(c.method)) return;
    const keygen = c.method === 'generate_key';
    const info = keyInfo(f, c.node);
    if (!keyKnown(info)) {
      // `OpenSSL::PKey.generate_key(params)` from parameters of an unknown type, or a type we cannot read;
      // a raw key of a type we cannot read is, like `PKey.read(pem)`, not reported.
      if (keygen) f.algorithm(c.node, symbol, { spelling: unresolvedSpelling('key-pair-generator'), functions: ['keygen'], library: OPENSSL });
      return;
    }
    // `new_raw_public_key('ML-KEM-768', bytes)`: a key loaded from its raw bytes, used by the calls made on it.
    reportKey(f, c.node, symbol, info, keygen);
    return;
  }
  const m = /^OpenSSL::PKey::(RSA|EC|DSA|DH)$/.exec(path);
  if (!m || !/^(new|generate)$/.test(c.method)) return;
  const a0 = c.positional[0];
  const v = f.value(a0);
  const type = m[1] as NonNullable<KeyInfo['type']>;
  if (type === 'EC') {
    const name = v.kind === 'str' ? v.value : undefined;
    const curve = curveName(name);
    // `EC.new(pem)` loads a key; `EC.new('secp384r1')` makes one on a named curve; `EC.generate(curve)` generates.
    if (curve || c.method === 'generate') reportKey(f, c.node, symbol, curve ? { type, curve } : { type }, c.method === 'generate' || hasGenerate(f, c.node));
    else if (a0) reportKey(f, c.node, symbol, { type }, false);
    return;
  }
  if (v.kind === 'int' || c.method === 'generate') {
    reportKey(f, c.node, symbol, { type, ...(v.kind === 'int' ? { keySize: v.value } : {}) }, true);
  } else if (a0) {
    // A key read from PEM or DER: its size is the file's.
    reportKey(f, c.node, symbol, { type }, false);
  }
}

function hasGenerate(f: RbFile, creation: SgNode): boolean {
  return f.linked(creation, ['generate_key!', 'generate_key']).length > 0 || /\.generate_key!?$/.test(creation.parent()?.text() ?? '');
}

function reportKey(f: RbFile, node: SgNode, symbol: string, info: KeyInfo, keygen: boolean): void {
  const functions: CryptoFunction[] = keygen ? ['keygen'] : [];
  switch (info.type) {
    case 'RSA': case 'DSA':
      f.algorithm(node, symbol, { spelling: info.type, params: { keySize: info.keySize }, unresolved: ['keySize'], functions, library: OPENSSL });
      return;
    case 'DH':
      f.algorithm(node, symbol, { spelling: 'FFDH', params: { keySize: info.keySize }, unresolved: ['keySize'], functions, library: OPENSSL });
      return;
    case 'EC':
      f.algorithm(node, symbol, { spelling: 'EC', params: { curve: info.curve }, unresolved: ['curve'], functions, library: OPENSSL });
      return;
    case undefined:
      if (info.named) f.algorithm(node, symbol, { spelling: info.named.spelling, functions, library: OPENSSL });
      return;
    default:
      f.algorithm(node, symbol, { spelling: info.type, functions, library: OPENSSL });
  }
}

/** `OpenSSL::PKey::RSA::PKCS1_OAEP_PADDING` and friends -> padding; the default of `public_encrypt` is PKCS1_PADDING (documented). */
function rsaPadding(f: RbFile, node: SgNode | undefined): { padding?: string; hash?: string } | undefined {
  if (!node) return { padding: 'PKCS1v15' };
  const v = f.value(node);
  const name = v.kind === 'member' ? v.path.split('::').pop() : undefined;
  switch (name) {
    case 'PKCS1_PADDING': case 'SSLV23_PADDING': return { padding: 'PKCS1v15' };
    // OpenSSL's RSA_PKCS1_OAEP_PADDING is OAEP with SHA-1 and MGF1-SHA-1.
    case 'PKCS1_OAEP_PADDING': return { padding: 'OAEP', hash: 'SHA-1' };
    case 'NO_PADDING': return { padding: 'NoPadding' };
    default: return undefined;
  }
}

/** `rsa.public_encrypt(data[, padding])`, `private_decrypt`, and the raw signature operations `private_encrypt`/`public_decrypt`. */
export function rsaPaddingCall(f: RbFile, c: RbCall): void {
  if (!c.receiver) return;
  const info = keyInfo(f, c.receiver);
  if (info.type && info.type !== 'RSA') return;
  const symbol = `OpenSSL::PKey::RSA#${c.method}`;
  const pad = rsaPadding(f, c.positional[1]);
  const encrypt = c.method === 'public_encrypt' || c.method === 'private_decrypt';
  const fn: CryptoFunction = c.method === 'public_encrypt' ? 'encrypt' : c.method === 'private_decrypt' ? 'decrypt' : c.method === 'private_encrypt' ? 'sign' : 'verify';
  if (!encrypt) {
    f.algorithm(c.node, symbol, { spelling: 'RSA', params: { keySize: info.keySize }, unresolved: ['keySize'], functions: [fn], library: OPENSSL });
    return;
  }
  const params: AlgorithmParams = { keySize: info.keySize, ...(pad ?? {}) };
  f.algorithm(c.node, symbol, { spelling: pad?.padding === 'OAEP' ? 'RSA-OAEP' : 'RSA', params, unresolved: pad ? ['keySize'] : ['keySize', 'padding'], functions: [fn], library: OPENSSL });
}

/** `key.sign(digest, data)`, `verify(digest, sig, data)`, `sign_pss(digest, data, salt_length:, mgf1_hash:)`, `verify_pss`. */
export function pkeySign(f: RbFile, c: RbCall): void {
  if (!c.receiver) return;
  if (c.method === 'sign' && x509Sign(f, c)) return;
  const pss = c.method.endsWith('_pss');
  const a0 = c.positional[0];
  const info = keyInfo(f, c.receiver);
  // Only OpenSSL's form: the first argument is a digest (or nil for Ed25519 keys made in the file).
  const isNil = a0 !== undefined && kindOf(a0) === 'nil';
  if (!keyKnown(info) && !(a0 && peekDigest(f, a0))) return;
  if (keyKnown(info) && !isNil && !(a0 && peekDigest(f, a0))) return;
  const { hash } = isNil ? { hash: undefined } : digestArg(f, a0);
  const fn: CryptoFunction = c.method.startsWith('sign') ? 'sign' : 'verify';
  signature(f, c.node, `OpenSSL::PKey#${c.method}`, info, hash, pss, fn);
}

/** A signature made with a key of what `info` knows, over a `hash` digest (PKCS#1 v1.5 for RSA unless `pss`). */
function signature(f: RbFile, node: SgNode, symbol: string, info: KeyInfo, hash: string | undefined, pss: boolean, fn: CryptoFunction): void {
  switch (info.type) {
    case 'RSA':
      f.algorithm(node, symbol, pss
        ? { spelling: 'RSA-PSS', params: { padding: 'PSS', hash, keySize: info.keySize }, unresolved: ['hash', 'keySize'], functions: [fn], library: OPENSSL }
        : { spelling: 'RSA', params: { padding: 'PKCS1v15', hash, keySize: info.keySize }, unresolved: ['hash', 'keySize'], functions: [fn], library: OPENSSL });
      return;
    case 'EC':
      f.algorithm(node, symbol, { spelling: 'ECDSA', params: { curve: info.curve, hash }, unresolved: ['curve', 'hash'], functions: [fn], library: OPENSSL });
      return;
    case 'DSA':
      f.algorithm(node, symbol, { spelling: 'DSA', params: { hash, keySize: info.keySize }, unresolved: ['hash', 'keySize'], functions: [fn], library: OPENSSL });
      return;
    case 'Ed25519': case 'Ed448':
      f.algorithm(node, symbol, { spelling: info.type, functions: [fn], library: OPENSSL });
      return;
    default:
      // `OpenSSL::PKey.generate_key('ML-DSA-65')`: the signature scheme the key's type names (a KEM key signs nothing).
      if (info.named) {
        if (info.named.primitive === 'signature') f.algorithm(node, symbol, { spelling: info.named.spelling, params: { hash }, functions: [fn], library: OPENSSL });
        return;
      }
      if (pss) f.algorithm(node, symbol, { spelling: 'RSA-PSS', params: { padding: 'PSS', hash }, unresolved: ['hash', 'keySize'], functions: [fn], library: OPENSSL });
      // A key loaded elsewhere (`PKey.read(pem)`, `@key`): its type is the key file's, the digest the call names is not.
      else f.algorithm(node, symbol, { spelling: unresolvedSpelling('signature'), params: { hash }, unresolved: ['hash'], functions: [fn], library: OPENSSL });
  }
}

/** The objects that sign themselves with `sign(key, digest)`: certificates, CSRs, CRLs and SPKACs. */
const X509_SIGNED = /^OpenSSL::(X509::(Certificate|Request|CRL)|Netscape::SPKI)$/;
/** Names code gives such objects (`ca_cert`, `csr`, `req`, `crl`, `spki`), read when the object is made elsewhere. */
const X509_NAMES = /(cert|csr|req|crl|spki)/i;

/**
 * `cert.sign(key, digest)` (also a CSR's, a CRL's, an SPKI's): a signature with the key's algorithm over
 * that digest (`nil` for Ed25519 and Ed448 keys). The object is one the file makes
 * (`OpenSSL::X509::Certificate.new`), or, when it is made elsewhere, the call must look like one: a digest
 * second, and a receiver named like a certificate, a key the file makes or loads, or a digest object
 * rather than a bare string (`signer.sign(payload, 'sha256')` of another library stays unread).
 */
function x509Sign(f: RbFile, c: RbCall): boolean {
  const [key, d] = c.positional;
  if (c.positional.length !== 2 || !key || !d || kindOf(key) === 'nil' || peekDigest(f, key)) return false;
  const made = f.origin(c.receiver);
  const mc = made && kindOf(made) === 'call' ? callParts(made) : undefined;
  const path = mc && mc.method === 'new' ? constPath(mc.receiver) : undefined;
  const cls = path && X509_SIGNED.test(path) ? path : undefined;
  const info = keyInfo(f, key);
  const isNil = kindOf(d) === 'nil';
  if (!cls) {
    const named = X509_NAMES.test(c.receiver!.text().replace(/^@+/, ''));
    const digest = isNil ? named && (info.type === 'Ed25519' || info.type === 'Ed448' || info.named?.primitive === 'signature') : peekDigest(f, d) && (named || keyKnown(info) || f.str(d) === undefined);
    if (!digest) return false;
  }
  const { hash } = isNil ? { hash: undefined } : digestArg(f, d);
  signature(f, c.node, `${cls ?? 'OpenSSL::X509'}#sign`, info, hash, false, 'sign');
  return true;
}

/** Whether a node is a digest argument, without consuming it. */
function peekDigest(f: RbFile, node: SgNode): boolean {
  const s = f.str(node);
  if (s !== undefined) return opensslDigestName(f, s) !== undefined;
  // A parameter continues into what the file's calls pass, or its default where they leave it out
  // (`def pbkdf2(…, digest = OpenSSL::Digest::SHA256.new)`, spaceship's SRP login).
  const o = f.origin(node) ?? f.ev.originAcrossCalls(node) ?? node;
  const path = constPath(o);
  if (path) return digestClass(path) !== undefined;
  const c = kindOf(o) === 'call' ? callParts(o) : undefined;
  const rp = constPath(c?.receiver);
  return !!c && !!rp && c.method === 'new' && (rp === 'OpenSSL::Digest' || digestClass(rp) !== undefined);
}

/**
 * `pub.encapsulate` / `priv.decapsulate(ct)` (OpenSSL 3's KEM operations): on an ML-KEM key the KEM; on an X25519,
 * X448 or EC key OpenSSL's DHKEM (RFC 9180), reported as the key agreement it is built on. Other keys, and keys of
 * unknown type, are not read (`encapsulate` is a common method name).
 */
export function kemCall(f: RbFile, c: RbCall): void {
  if (!c.receiver) return;
  const info = keyInfo(f, c.receiver);
  const fn: CryptoFunction = c.method === 'encapsulate' ? 'encapsulate' : 'decapsulate';
  const symbol = `OpenSSL::PKey#${c.method}`;
  if (info.named?.primitive === 'kem') f.algorithm(c.node, symbol, { spelling: info.named.spelling, functions: [fn], library: OPENSSL });
  else if (info.type === 'X25519' || info.type === 'X448') f.algorithm(c.node, symbol, { spelling: info.type, functions: [fn], library: OPENSSL });
  else if (info.type === 'EC') f.algorithm(c.node, symbol, { spelling: 'ECDH', params: { curve: info.curve }, unresolved: ['curve'], functions: [fn], library: OPENSSL });
}

/** `ec.dh_compute_key(peer_point)`, `pkey.derive(peer)`: key agreement on a key made in the file. */
export function keyAgreement(f: RbFile, c: RbCall): void {
  if (!c.receiver) return;
  const info = keyInfo(f, c.receiver);
  const symbol = `OpenSSL::PKey#${c.method}`;
  if (info.type === 'EC') f.algorithm(c.node, symbol, { spelling: 'ECDH', params: { curve: info.curve }, unresolved: ['curve'], functions: ['keygen'], library: OPENSSL });
  else if (info.type === 'DH') f.algorithm(c.node, symbol, { spelling: 'FFDH', params: { keySize: info.keySize }, unresolved: ['keySize'], functions: ['keygen'], library: OPENSSL });
  else if (info.type === 'X25519' || info.type === 'X448') f.algorithm(c.node, symbol, { spelling: info.type, functions: ['keygen'], library: OPENSSL });
}
