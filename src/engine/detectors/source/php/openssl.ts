// PHP's OpenSSL extension: symmetric ciphers by OpenSSL name (`openssl_encrypt($d, 'aes-256-gcm', $k,
// OPENSSL_RAW_DATA, $iv, $tag)`), key generation (`openssl_pkey_new([...])`), signatures
// (`openssl_sign(…, OPENSSL_ALGO_SHA256)`), RSA encryption with its padding, PBKDF2, digests and envelopes.
// Defaults used are the ones php.net documents for the function itself: openssl_sign/verify's
// OPENSSL_ALGO_SHA1, openssl_public_encrypt's OPENSSL_PKCS1_PADDING, openssl_pbkdf2's 'sha1',
// openssl_pkey_new's OPENSSL_KEYTYPE_RSA, openssl_encrypt's 16-byte GCM/CCM tag. A key size taken from
// openssl.cnf (`private_key_bits` absent) is unknown.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import type { AlgorithmEmit, PhpCall, PhpFile } from './file.js';
import { functionName } from './resolve.js';

/** OPENSSL_ALGO_* constants -> digest. */
const ALGO_CONSTANTS: Record<string, string> = {
  OPENSSL_ALGO_SHA1: 'SHA-1', OPENSSL_ALGO_DSS1: 'SHA-1', OPENSSL_ALGO_MD5: 'MD5', OPENSSL_ALGO_MD4: 'MD4', OPENSSL_ALGO_MD2: 'MD2',
  OPENSSL_ALGO_SHA224: 'SHA-224', OPENSSL_ALGO_SHA256: 'SHA-256', OPENSSL_ALGO_SHA384: 'SHA-384', OPENSSL_ALGO_SHA512: 'SHA-512',
  OPENSSL_ALGO_RMD160: 'RIPEMD-160',
};

/** Modes whose IV OpenSSL pads with zero bytes when the script gives none (php.net warns "an empty IV … is potentially insecure"). */
const IV_MODES = new Set(['CBC', 'CFB', 'CFB1', 'CFB8', 'OFB', 'CTR']);
const AEAD_MODES = new Set(['GCM', 'CCM', 'OCB']);

/** openssl_encrypt / openssl_decrypt (data, cipher_algo, passphrase, options, iv, tag, aad, tag_length). */
export function opensslCipher(f: PhpFile, call: PhpCall): void {
  const encrypt = call.name === 'openssl_encrypt';
  const fn: CryptoFunction = encrypt ? 'encrypt' : 'decrypt';
  const cipherArg = f.arg(call, 1, 'cipher_algo');
  const name = f.str(cipherArg);
  const ivArg = f.arg(call, 4, 'iv');
  const keyArg = f.arg(call, 2, 'passphrase');
  if (name === undefined || name === '') {
    f.algorithm(call.node, call.name, { spelling: 'unknown-cipher', unresolved: ['keySize', 'mode'], functions: [fn] });
    if (f.constantBytes(keyArg)) f.signal(call.node, call.name, 'hardcoded-key', `${call.name} key is written in the source`);
    if (f.constantBytes(ivArg)) f.signal(call.node, call.name, 'static-iv', `${call.name} IV is a constant in the source`);
    return;
  }
  const resolved = f.kb.resolve(name, {});
  const mode = typeof resolved.params.mode === 'string' ? resolved.params.mode : undefined;
  const params: AlgorithmParams = {};
  const ivBytes = f.byteLength(ivArg);
  if (ivBytes) params.ivLength = ivBytes * 8;
  if (mode && AEAD_MODES.has(mode) && encrypt) {
    const tagArg = f.arg(call, 7, 'tag_length');
    const tag = tagArg ? f.int(tagArg) : 16;
    if (tag) params.tagLength = tag * 8;
  }
  // The signal names the algorithm as reported, so that both land on one asset.
  const related = { spelling: name, params };
  f.algorithm(call.node, call.name, { spelling: name, params, functions: [fn] });
  if (f.constantBytes(keyArg)) f.signal(call.node, call.name, 'hardcoded-key', `${name} key is written in the source`, related);
  if (f.constantBytes(ivArg)) f.signal(call.node, call.name, 'static-iv', `${name} IV is a constant in the source`, related);
  else if (mode && IV_MODES.has(mode) && (!ivArg || ivBytes === 0)) {
    f.signal(call.node, call.name, 'static-iv', `${name} without an IV: OpenSSL uses an all-zero IV`, related);
  }
}

/** openssl_pkey_new(options): RSA unless `private_key_type` says otherwise (php.net: "The default value is OPENSSL_KEYTYPE_RSA"). */
export function opensslPkeyNew(f: PhpFile, call: PhpCall): void {
  const key = pkeyNewAlgorithm(f, call.node);
  f.algorithm(call.node, call.name, { ...key, functions: ['keygen'] });
}

/** The key openssl_pkey_new makes, from its options array. */
function pkeyNewAlgorithm(f: PhpFile, node: SgNode): AlgorithmEmit {
  const options = f.argsOf(node).positional[0];
  const merged = options ? optionEntries(f, options) : { entries: new Map<string, SgNode>(), fixed: new Set<string>() };
  if (!merged) return { spelling: 'unknown-key-pair-generator', unresolved: ['keySize'] };
  const { entries, fixed } = merged;
  // A member naming the key's own parameters makes that key whatever `private_key_type` says, in
  // php-src's order (rsa, dsa, dh, ec): `['dh' => ['p' => …, 'g' => …]]` is a DH key over that prime
  // (laminas-crypt's DiffieHellman), its size the prime's; `private_key_bits` beside it is not read.
  const own = ['rsa', 'dsa', 'dh', 'ec'].find((k) => entries.has(k));
  if (own === 'rsa') return { spelling: 'RSA', unresolved: ['keySize'] };
  if (own === 'dsa') return { spelling: 'DSA', unresolved: ['keySize'] };
  if (own === 'dh') return { spelling: 'DH', unresolved: ['keySize'] };
  if (own === 'ec') {
    const curve = f.str(f.arrayEntries(entries.get('ec'))?.get('curve_name'));
    const canonical = curve ? f.kb.findCurve(curve)?.name : undefined;
    return canonical ? { spelling: 'EC', params: { curve: canonical } } : { spelling: 'EC', unresolved: ['curve'] };
  }
  const typeNode = entries.get('private_key_type');
  const type = typeNode ? f.constantName(typeNode) : 'OPENSSL_KEYTYPE_RSA';
  const bits = fixed.has('private_key_bits') ? f.int(entries.get('private_key_bits')) : undefined;
  switch (type) {
    case 'OPENSSL_KEYTYPE_RSA':
      return { spelling: 'RSA', params: { keySize: bits }, unresolved: ['keySize'] };
    case 'OPENSSL_KEYTYPE_DSA':
      return { spelling: 'DSA', params: { keySize: bits }, unresolved: ['keySize'] };
    case 'OPENSSL_KEYTYPE_DH':
      return { spelling: 'DH', params: { keySize: bits }, unresolved: ['keySize'] };
    case 'OPENSSL_KEYTYPE_EC': {
      const curve = fixed.has('curve_name') ? f.str(entries.get('curve_name')) : undefined;
      const canonical = curve ? f.kb.findCurve(curve)?.name : undefined;
      return canonical ? { spelling: 'EC', params: { curve: canonical } } : { spelling: 'EC', unresolved: ['curve'] };
    }
    // PHP 8.4's OPENSSL_KEYTYPE_ED25519/ED448/X25519/X448.
    case 'OPENSSL_KEYTYPE_ED25519': return { spelling: 'Ed25519' };
    case 'OPENSSL_KEYTYPE_ED448': return { spelling: 'Ed448' };
    case 'OPENSSL_KEYTYPE_X25519': return { spelling: 'X25519' };
    case 'OPENSSL_KEYTYPE_X448': return { spelling: 'X448' };
    default:
      return { spelling: 'unknown-key-pair-generator', unresolved: ['keySize'] };
  }
}

/**
 * The entries of an options array: a literal, or `array_replace`/`array_merge` of literals and options a
 * caller passes (laminas-crypt's `array_replace(['private_key_type' => OPENSSL_KEYTYPE_RSA,
 * 'private_key_bits' => …], $opensslConfig)`). `fixed` holds the keys no unknown array merged after them
 * can replace: the key type the code writes stands as its own choice, a size or curve a caller may
 * replace (laminas' tests pass 512 bits) is not taken.
 */
function optionEntries(f: PhpFile, node: SgNode, depth = 0): { entries: Map<string, SgNode>; fixed: Set<string> } | undefined {
  const literal = f.arrayEntries(node);
  if (literal) return { entries: literal, fixed: new Set(literal.keys()) };
  const o = f.origin(node);
  if (depth > 3 || !o || kindOf(o) !== 'function_call_expression') return undefined;
  const name = functionName(o.field('function') ?? o);
  if (name !== 'array_replace' && name !== 'array_merge') return undefined;
  const entries = new Map<string, SgNode>();
  const fixed = new Set<string>();
  let known = false;
  for (const a of f.argsOf(o).positional) {
    const part = optionEntries(f, a, depth + 1);
    if (!part) {
      fixed.clear();
      continue;
    }
    known = true;
    for (const [k, v] of part.entries) {
      entries.set(k, v);
      if (part.fixed.has(k)) fixed.add(k);
      else fixed.delete(k);
    }
  }
  return known ? { entries, fixed } : undefined;
}

/** What the key argument was made by, when this file made it with openssl_pkey_new. */
function keyOrigin(f: PhpFile, keyArg: SgNode | undefined): AlgorithmEmit | undefined {
  let made = f.origin(keyArg);
  // openssl_pkey_get_private($res) / openssl_pkey_get_details($res)['key'] of a key made here.
  for (let i = 0; made && i < 3; i++) {
    if (kindOf(made) !== 'function_call_expression') return undefined;
    const name = functionName(made.field('function') ?? made);
    if (name === 'openssl_pkey_new') return pkeyNewAlgorithm(f, made);
    if (name !== 'openssl_pkey_get_private' && name !== 'openssl_pkey_get_public') return undefined;
    made = f.origin(f.argsOf(made).positional[0]);
  }
  return undefined;
}

/** openssl_sign / openssl_verify (data, signature, key, algorithm = OPENSSL_ALGO_SHA1). */
export function opensslSign(f: PhpFile, call: PhpCall): void {
  const fn: CryptoFunction = call.name === 'openssl_sign' ? 'sign' : 'verify';
  const algArg = f.arg(call, 3, 'algorithm');
  let hash: string | undefined;
  if (!algArg) hash = 'SHA-1';
  else {
    const c = f.constantName(algArg);
    const s = f.str(algArg);
    if (c) hash = ALGO_CONSTANTS[c];
    else if (s !== undefined) {
      const r = f.kb.resolve(s, {});
      // 'sha256WithRSAEncryption', 'RSA-SHA256', 'ecdsa-with-SHA256': the signature scheme is named.
      if (r.primitive === 'signature') {
        const keySize = keyOrigin(f, f.arg(call, 2))?.params?.keySize;
        f.algorithm(call.node, call.name, { spelling: s, params: keySize ? { keySize } : {}, functions: [fn] });
        return;
      }
      if (r.primitive === 'hash') hash = r.name;
    }
  }
  const key = keyOrigin(f, f.arg(call, 2, fn === 'sign' ? 'private_key' : 'public_key'));
  const hashParams = hash ? { hash } : {};
  const unresolved: AlgorithmEmit['unresolved'] = hash ? [] : ['hash'];
  if (key?.spelling === 'RSA') f.algorithm(call.node, call.name, { spelling: 'RSA', params: { ...key.params, padding: 'PKCS1v15', ...hashParams }, unresolved: [...unresolved, 'keySize'], functions: [fn] });
  else if (key?.spelling === 'EC') f.algorithm(call.node, call.name, { spelling: 'ECDSA', params: { ...key.params, ...hashParams }, unresolved: [...unresolved, ...(key.unresolved ?? [])], functions: [fn] });
  else if (key?.spelling === 'DSA') f.algorithm(call.node, call.name, { spelling: 'DSA', params: { ...key.params, ...hashParams }, unresolved: [...unresolved, 'keySize'], functions: [fn] });
  // The key's type is the key file's: the signature scheme is unknown, its digest is not.
  else f.algorithm(call.node, call.name, { spelling: 'unknown-signature', params: hashParams, unresolved, functions: [fn] });
}

const PADDINGS: Record<string, { padding: string; hash?: string }> = {
  OPENSSL_PKCS1_PADDING: { padding: 'PKCS1v15' }, OPENSSL_SSLV23_PADDING: { padding: 'PKCS1v15' },
  // PHP's OAEP is OpenSSL's default: SHA-1 and MGF1-SHA-1 (a digest argument arrived only in PHP 8.5).
  OPENSSL_PKCS1_OAEP_PADDING: { padding: 'OAEP', hash: 'SHA-1' },
  OPENSSL_NO_PADDING: { padding: 'NoPadding' },
};

/** openssl_public_encrypt / private_decrypt / private_encrypt / public_decrypt (data, out, key, padding = OPENSSL_PKCS1_PADDING). */
export function opensslRsa(f: PhpFile, call: PhpCall): void {
  const padArg = f.arg(call, 3, 'padding');
  const c = padArg ? f.constantName(padArg) : 'OPENSSL_PKCS1_PADDING';
  const pad = c ? PADDINGS[c] : undefined;
  const key = keyOrigin(f, f.arg(call, 2));
  const keySize = key?.spelling === 'RSA' ? key.params?.keySize : undefined;
  // Encrypting with the private key is RSA signing (PKCS#1 v1.5 type 1 padding), decrypting with the public key its check.
  const signing = call.name === 'openssl_private_encrypt' || call.name === 'openssl_public_decrypt';
  const fn: CryptoFunction = signing ? (call.name === 'openssl_private_encrypt' ? 'sign' : 'verify') : call.name === 'openssl_public_encrypt' ? 'encrypt' : 'decrypt';
  if (signing && pad?.padding === 'PKCS1v15') {
    f.algorithm(call.node, call.name, { spelling: 'RSASSA-PKCS1-v1_5', params: { keySize }, unresolved: ['keySize'], functions: [fn] });
    return;
  }
  f.algorithm(call.node, call.name, {
    spelling: 'RSA',
    params: { keySize, ...(pad ? { padding: pad.padding } : {}), ...(pad?.hash ? { hash: pad.hash } : {}) },
    unresolved: pad ? ['keySize'] : ['keySize', 'padding'],
    functions: [fn],
  });
}

/** openssl_pbkdf2(password, salt, key_length, iterations, digest_algo = 'sha1'). */
export function opensslPbkdf2(f: PhpFile, call: PhpCall): void {
  const digestArg = f.arg(call, 4, 'digest_algo');
  const digest = digestArg ? f.str(digestArg) : 'sha1';
  const hash = digest ? f.kb.resolve(digest, {}) : undefined;
  const length = f.int(f.arg(call, 2, 'key_length'));
  const iterations = f.int(f.arg(call, 3, 'iterations'));
  const salt = f.byteLength(f.arg(call, 1, 'salt'));
  f.algorithm(call.node, call.name, {
    spelling: 'PBKDF2',
    params: { hash: hash?.primitive === 'hash' ? hash.name : undefined, iterations, outputLength: length ? length * 8 : undefined, saltLength: salt || undefined },
    unresolved: ['hash', 'iterations'],
    functions: ['keyderive'],
  });
  passwordSignal(f, call, f.arg(call, 0, 'password'));
}

/** A password written in the source, given to a key-derivation function. */
export function passwordSignal(f: PhpFile, call: PhpCall, pw: SgNode | undefined): void {
  const s = f.literalString(pw);
  if (s !== undefined && s.length > 0) f.signal(call.node, call.name, 'hardcoded-password', `${call.name} password is a string literal`);
}

/** openssl_digest(data, digest_algo). */
export function opensslDigest(f: PhpFile, call: PhpCall): void {
  const name = f.str(f.arg(call, 1, 'digest_algo'));
  if (name) f.algorithm(call.node, call.name, { spelling: name, functions: ['digest'] });
  else f.algorithm(call.node, call.name, { spelling: 'unknown-hash', functions: ['digest'] });
}

/** openssl_seal / openssl_open (data, sealed, encrypted_keys, public_key, cipher_algo, iv): RSA PKCS#1 v1.5 key transport and a cipher. */
export function opensslSeal(f: PhpFile, call: PhpCall): void {
  const seal = call.name === 'openssl_seal';
  const cipherArg = f.arg(call, seal ? 4 : 4, 'cipher_algo');
  const name = f.str(cipherArg);
  // Before PHP 8.0 the cipher defaulted to RC4; since 8.0 it is required: without it the runtime decides.
  if (name) f.algorithm(call.node, call.name, { spelling: name, functions: [seal ? 'encrypt' : 'decrypt'] });
  else f.algorithm(call.node, call.name, { spelling: 'unknown-cipher', unresolved: ['keySize', 'mode'], functions: [seal ? 'encrypt' : 'decrypt'] });
  f.algorithm(call.node, call.name, { spelling: 'RSA', params: { padding: 'PKCS1v15' }, unresolved: ['keySize'], functions: [seal ? 'encrypt' : 'decrypt'] });
}

/** openssl_csr_new / openssl_csr_sign with a `digest_alg` option: the digest the certificate is signed with. */
export function opensslCsr(f: PhpFile, call: PhpCall): void {
  const options = f.arg(call, call.name === 'openssl_csr_new' ? 2 : 4, 'options');
  const entries = options ? f.arrayEntries(options) : undefined;
  const digest = entries ? f.str(entries.get('digest_alg')) : undefined;
  if (!digest) return;
  const r = f.kb.resolve(digest, {});
  if (r.primitive === 'hash') f.algorithm(call.node, call.name, { spelling: digest, functions: ['digest'] });
}
