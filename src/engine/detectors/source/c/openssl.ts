// OpenSSL's libcrypto calls the C/C++ detector recognises, keyed by function name, with how their
// arguments become algorithm parameters (argument positions from the OpenSSL 3 manual pages).
//
// Algorithm names are never tabled here: OpenSSL's own spellings are what the knowledge base
// resolves (`aes-256-gcm`, `SHA2-256`, `NID_X9_62_prime256v1`, `ML-KEM-768`). A cipher or digest
// getter `EVP_aes_256_gcm()` is its OpenSSL name with `_` for `-` (`aes-256-gcm`), and an
// `EVP_PKEY_RSA_PSS` key type is `RSA-PSS`; the knowledge base decides whether that is a cipher, a
// digest or a key type.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling, type UnresolvedRole } from '../../../kb/unresolved.js';
import { assignedName, type AlgorithmEmit, type CFile } from './file.js';
import { calleeName } from './resolve.js';
import { deriveLength, osslName, paramsFor, type ParamFacts } from './ossl-params.js';

export const OPENSSL: LibraryRef = { ecosystem: 'generic', name: 'openssl' };

export type CallHandler = (f: CFile, call: SgNode, callee: string, args: SgNode[]) => void;

/** `EVP_aes_256_gcm`, `EVP_sha512_256`, `EVP_chacha20_poly1305`: lower-case EVP getters of ciphers and digests. */
export const EVP_GETTER = /^EVP_[a-z][a-z0-9_]*$/;

/**
 * OpenSSL spelling of an EVP getter: `EVP_aes_256_gcm` -> `aes-256-gcm`. BoringSSL's AEAD getters
 * (`EVP_aead_aes_128_gcm`, `EVP_aead_chacha20_poly1305`) name the same algorithms behind `aead_`.
 */
function getterSpelling(callee: string): string {
  return callee.slice(callee.startsWith('EVP_aead_') ? 9 : 4).replace(/_/g, '-');
}

/**
 * Calls that only ask about a cipher or digest (`EVP_MD_size(EVP_sha1())`,
 * `EVP_MD_get_type(EVP_get_digestbyname(name))`, `EVP_CIPHER_key_length(…)`): the algorithm is not
 * used there, so a getter or fetch written as their argument is not reported.
 */
const INTROSPECTION = /^EVP_(MD|CIPHER)_(?!fetch$)[a-z0-9_]+$/;

const CIPHER_PRIMITIVES = new Set(['block-cipher', 'ae', 'stream-cipher']);
const DIGEST_PRIMITIVES = new Set(['hash', 'xof']);

/** What an EVP getter names, by the knowledge base: a cipher, a digest, or nothing we know. */
export function getterKind(f: CFile, callee: string): 'cipher' | 'digest' | undefined {
  if (!EVP_GETTER.test(callee) || callee.endsWith('_null')) return undefined;
  const hit = f.kb.findAlgorithm(getterSpelling(callee));
  if (!hit) return undefined;
  if (CIPHER_PRIMITIVES.has(hit.entry.primitive)) return 'cipher';
  if (DIGEST_PRIMITIVES.has(hit.entry.primitive)) return 'digest';
  return undefined;
}

/** Hash named by a digest argument: `EVP_sha256()`, `EVP_MD_fetch(NULL, "SHA2-256", NULL)`, `EVP_get_digestbyname("sha1")`, a variable holding one. */
export function digestOf(f: CFile, node: SgNode | undefined): string | undefined {
  const p = f.producer(node);
  if (!p) return undefined;
  if (getterKind(f, p.callee) === 'digest') return hashName(f, getterSpelling(p.callee));
  if (p.callee === 'EVP_MD_fetch' || p.callee === 'EVP_get_digestbyname') {
    const args = argsOf(p.call);
    const name = f.str(args[p.callee === 'EVP_MD_fetch' ? 1 : 0]);
    return name ? hashName(f, name) : undefined;
  }
  return undefined;
}

/** Canonical hash name of an OpenSSL digest spelling, or undefined when the knowledge base does not know it as a hash. */
export function hashName(f: CFile, spelling: string): string | undefined {
  const hit = f.kb.findAlgorithm(spelling);
  return hit && DIGEST_PRIMITIVES.has(hit.entry.primitive) ? hit.entry.name : undefined;
}

/** Hash named by an `NID_sha256`-style constant (RSA_sign, ECDSA_sign's type argument). */
function nidHash(f: CFile, node: SgNode | undefined): string | undefined {
  const s = f.symbol(node);
  return s?.startsWith('NID_') ? hashName(f, s.slice(4)) : undefined;
}

export function argsOf(call: SgNode): SgNode[] {
  return call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
}

function bitsOf(bytes: number | undefined): number | undefined {
  return bytes === undefined ? undefined : bytes * 8;
}

export function withHash(base: string, hash: string | undefined): string {
  return hash ? `${base}-${hash}` : base;
}

/**
 * Calls that take a digest and report it themselves (HMAC-SHA-256, PBKDF2-SHA-256, HKDF-SHA-256, the
 * OAEP hash): a getter written as their argument is not a digest computed on its own.
 */
export const DIGEST_CONSUMERS = new Set([
  'HMAC', 'HMAC_Init_ex', 'HMAC_Init', 'PKCS5_PBKDF2_HMAC', 'EVP_PKEY_CTX_set_hkdf_md', 'EVP_PKEY_CTX_set_rsa_oaep_md',
  'EVP_PKEY_CTX_set_rsa_mgf1_md', 'EVP_PKEY_CTX_set_tls1_prf_md', 'RSA_padding_add_PKCS1_OAEP_mgf1',
  // The digest of a sign/verify init names the HMAC or signature of its key (digest-sign.ts).
  'EVP_DigestSignInit', 'EVP_DigestVerifyInit',
]);

/**
 * Calls that use their digest only to sign with the key they are also given: `X509_to_X509_REQ(x509,
 * NULL, EVP_md5())` builds an unsigned request (crypto/x509/x509_req.c signs only `if (pkey != NULL)`),
 * so a digest beside a NULL key hashes nothing.
 */
const SIGNS_ONLY_WITH_KEY: Readonly<Record<string, { key: number; md: number }>> = { X509_to_X509_REQ: { key: 1, md: 2 } };

/** Whether a digest argument goes unused: the call would sign with it, but its key is NULL. */
function unusedDigest(f: CFile, outer: { callee: string; call: SgNode; index: number } | undefined): boolean {
  const spec = outer ? SIGNS_ONLY_WITH_KEY[outer.callee] : undefined;
  return spec !== undefined && outer!.index === spec.md && f.isNull(argsOf(outer!.call)[spec.key]);
}

/** `EVP_DigestSignInit`/`EVP_DigestVerifyInit` and their `_ex` forms (digest-sign.ts reads them). */
export const DIGEST_SIGN_INIT = /^EVP_Digest(Sign|Verify)Init(_ex)?$/;

/** Cipher-context initialisers: where the cipher argument sits, and the key/IV arguments to check. */
const CIPHER_INITS: Readonly<Record<string, { cipher: number; key: number; iv: number; fn: CryptoFunction[] }>> = {
  EVP_EncryptInit_ex: { cipher: 1, key: 3, iv: 4, fn: ['encrypt'] },
  EVP_DecryptInit_ex: { cipher: 1, key: 3, iv: 4, fn: ['decrypt'] },
  EVP_CipherInit_ex: { cipher: 1, key: 3, iv: 4, fn: ['encrypt', 'decrypt'] },
  EVP_EncryptInit: { cipher: 1, key: 2, iv: 3, fn: ['encrypt'] },
  EVP_DecryptInit: { cipher: 1, key: 2, iv: 3, fn: ['decrypt'] },
  EVP_CipherInit: { cipher: 1, key: 2, iv: 3, fn: ['encrypt', 'decrypt'] },
  EVP_EncryptInit_ex2: { cipher: 1, key: 2, iv: 3, fn: ['encrypt'] },
  EVP_DecryptInit_ex2: { cipher: 1, key: 2, iv: 3, fn: ['decrypt'] },
  EVP_CipherInit_ex2: { cipher: 1, key: 2, iv: 3, fn: ['encrypt', 'decrypt'] },
};


/** The cipher/digest init a getter is an argument of, if any. */
export function initOf(call: SgNode): { callee: string; call: SgNode; index: number } | undefined {
  const list = call.parent();
  if (list?.kind() !== 'argument_list') return undefined;
  const outer = list.parent();
  if (outer?.kind() !== 'call_expression') return undefined;
  const index = argsOf(outer).findIndex((a) => a.id() === call.id());
  return { callee: calleeName(outer), call: outer, index };
}

/** Whether a getter is only compared with (`if (cipher == EVP_aes_128_gcm())`): that selects a branch, it uses nothing. */
function compared(call: SgNode): boolean {
  let node = call;
  let parent = node.parent();
  while (parent && (parent.kind() === 'parenthesized_expression' || parent.kind() === 'cast_expression')) {
    node = parent;
    parent = parent.parent();
  }
  const op = parent?.kind() === 'binary_expression' ? parent.field('operator')?.text() : undefined;
  return op === '==' || op === '!=';
}

/**
 * An EVP getter named as a value in a table row (`{ "aes256-gcm@openssh.com", …, EVP_aes_256_gcm }`)
 * or as the body of a macro (`#define ssh2_cipher_aes256ctr EVP_aes_256_ctr`):
 * a cipher or digest the program offers, looked up by name at run time. What it is used for is not
 * in sight, so no function is claimed.
 */
export function tableGetter(f: CFile, name: SgNode, getter: string): void {
  if (!getterKind(f, getter)) return;
  f.algorithm(name, OPENSSL, { spelling: getterSpelling(getter) });
}

/** `#define my_md4_init MD4_Init`: the digest a backend switch selects, used through the macro's name. */
export function definedDigestInit(f: CFile, body: SgNode, init: string): void {
  f.algorithm(body, OPENSSL, { spelling: init.slice(0, -'_Init'.length), functions: ['digest'] });
}

/** `EVP_aes_256_gcm()` / `EVP_sha256()` wherever it appears (an init's argument, assigned, returned, in a table). */
export function evpGetter(f: CFile, call: SgNode, callee: string): void {
  const kind = getterKind(f, callee);
  if (!kind) return;
  const outer = initOf(call);
  if (outer && INTROSPECTION.test(outer.callee)) return;
  if (compared(call)) return;
  if (kind === 'digest') {
    if ((outer && DIGEST_CONSUMERS.has(outer.callee)) || unusedDigest(f, outer)) return;
    f.algorithm(call, OPENSSL, { spelling: getterSpelling(callee), functions: ['digest'] });
    return;
  }
  const init = outer ? CIPHER_INITS[outer.callee] : undefined;
  f.algorithm(call, OPENSSL, { spelling: getterSpelling(callee), functions: init && outer!.index === init.cipher ? init.fn : ['encrypt', 'decrypt'] });
}


/**
 * `EVP_EncryptInit_ex(ctx, cipher, impl, key, iv)` and friends: a key or IV written in the source
 * raises a signal, with the cipher when the file names it. The cipher itself is reported where it is
 * made: an `EVP_CIPHER` exists only through a getter or a fetch, each an asset (an unresolvable fetch
 * is `unknown-cipher`), so a cipher handed in as a parameter is not reported a second time here.
 */
function cipherInit(f: CFile, call: SgNode, callee: string, args: SgNode[]): void {
  const spec = CIPHER_INITS[callee]!;
  const p = f.producer(args[spec.cipher]);
  const related = p && getterKind(f, p.callee) === 'cipher' ? { spelling: getterSpelling(p.callee), params: {} } : undefined;
  const mode = related ? f.kb.findAlgorithm(related.spelling)?.impliedParams.mode : undefined;
  if (f.constantBytes(args[spec.key])) f.signal(call, OPENSSL, 'hardcoded-key', `${callee} key is written in the source`, related);
  if (mode !== 'ECB' && f.constantBytes(args[spec.iv])) f.signal(call, OPENSSL, 'static-iv', `${callee} IV is a constant in the source`, related);
}


/**
 * The family every candidate name of a variable shares, when the knowledge base has a generic entry
 * for it (`"ML-KEM-512"`, `"ML-KEM-768"`, `"ML-KEM-1024"` chosen per case -> `ML-KEM`): the algorithm
 * is certain, its parameter set is not.
 */
export function commonFamily(f: CFile, node: SgNode | undefined): string | undefined {
  const names = f.alternatives(node);
  if (!names) return undefined;
  const families = new Set(names.map((n) => f.kb.findAlgorithm(n)?.entry.family));
  const [family] = families;
  if (families.size !== 1 || !family) return undefined;
  const hit = f.kb.findAlgorithm(family);
  return hit?.entry.name === family && hit.entry.generic ? family : undefined;
}

/** Fetch-by-name calls: the position of the name and the role an unresolvable name has. */
const FETCHES: Readonly<Record<string, { name: number; role: UnresolvedRole; fn: CryptoFunction[] }>> = {
  EVP_CIPHER_fetch: { name: 1, role: 'cipher', fn: ['encrypt', 'decrypt'] },
  EVP_get_cipherbyname: { name: 0, role: 'cipher', fn: ['encrypt', 'decrypt'] },
  EVP_MD_fetch: { name: 1, role: 'hash', fn: ['digest'] },
  EVP_get_digestbyname: { name: 0, role: 'hash', fn: ['digest'] },
  EVP_MAC_fetch: { name: 1, role: 'mac', fn: ['tag'] },
  EVP_KDF_fetch: { name: 1, role: 'key-derivation', fn: ['keyderive'] },
  EVP_SIGNATURE_fetch: { name: 1, role: 'signature', fn: ['sign', 'verify'] },
  // No unresolved role names a KEM; key establishment is the nearest (a KEM fetch of unknown name is rare).
  EVP_KEM_fetch: { name: 1, role: 'key-agreement', fn: ['encapsulate', 'decapsulate'] },
  EVP_KEYEXCH_fetch: { name: 1, role: 'key-agreement', fn: [] },
  EVP_ASYM_CIPHER_fetch: { name: 1, role: 'cipher', fn: ['encrypt', 'decrypt'] },
  EVP_PKEY_CTX_new_from_name: { name: 1, role: 'key-pair-generator', fn: [] },
};

function fetch(f: CFile, call: SgNode, callee: string, args: SgNode[]): void {
  const spec = FETCHES[callee]!;
  const name = f.str(args[spec.name]) ?? osslName(f.symbol(args[spec.name])) ?? commonFamily(f, args[spec.name]);
  // A digest fetched to be handed to an HMAC/PBKDF2/HKDF call is reported by that call; one fetched
  // only to ask its size or type is not used.
  const outer = initOf(call);
  if (outer && INTROSPECTION.test(outer.callee)) return;
  if (spec.role === 'hash' && ((outer && DIGEST_CONSUMERS.has(outer.callee)) || unusedDigest(f, outer))) return;
  if (callee === 'EVP_PKEY_CTX_new_from_name') {
    pkeyContext(f, call, name);
    return;
  }
  if (name && (callee === 'EVP_KDF_fetch' || callee === 'EVP_MAC_fetch')) {
    f.algorithm(call, OPENSSL, { ...configured(f, call, callee, name), functions: spec.fn });
    return;
  }
  f.algorithm(call, OPENSSL, { spelling: name ?? unresolvedSpelling(spec.role), ...(spec.fn.length ? { functions: spec.fn } : {}) });
}

/**
 * A KDF or MAC fetched by name, with what the parameter arrays of the same function set on it
 * (ossl-params.ts): the HMAC/HKDF/PBKDF2/TLS PRF digest, PBKDF2's iterations, scrypt's N, r and p,
 * the output length of the function's one `EVP_KDF_derive`.
 */
function configured(f: CFile, call: SgNode, callee: string, name: string): Omit<AlgorithmEmit, 'functions'> {
  const p = paramsFor(f, call, callee === 'EVP_KDF_fetch' ? /^EVP_KDF_fetch$/ : /^EVP_MAC_fetch$/);
  const digest = typeof p.get('digest') === 'string' ? (p.get('digest') as string) : undefined;
  const hash = digest ? hashName(f, digest) : undefined;
  const num = (k: string): number | undefined => (typeof p.get(k) === 'number' ? (p.get(k) as number) : undefined);
  const upper = name.toUpperCase();
  if (upper === 'HMAC' || upper === 'HKDF') return { spelling: withHash(upper, hash), params: { hash }, unresolved: ['hash'] };
  if (upper === 'TLS1-PRF') return tlsPrf(digest, hash);
  if ((upper === 'CMAC' || upper === 'GMAC') && typeof p.get('cipher') === 'string') return cipherMac(f, upper, p.get('cipher') as string);
  const outputLength = callee === 'EVP_KDF_fetch' ? bitsOf(deriveLength(f, call)) : undefined;
  if (upper === 'PBKDF2') {
    return { spelling: withHash('PBKDF2', hash), params: { hash, iterations: num('iter'), outputLength }, unresolved: ['hash', 'iterations', 'outputLength'] };
  }
  if (upper === 'SCRYPT' || upper === 'ID-SCRYPT') {
    const n = num('n');
    const r = num('r');
    return scryptEmit(n, r, num('p'), outputLength);
  }
  return { spelling: name, params: { hash } };
}

/**
 * CMAC or GMAC over the block cipher an `OSSL_MAC_PARAM_CIPHER` parameter names ("AES-256-CBC",
 * "aes-128-gcm"): that cipher's family and key size in the MAC's mode (AES-256-CMAC, AES-128-GMAC).
 * A cipher the knowledge base does not know as a block cipher leaves the MAC as written.
 */
function cipherMac(f: CFile, mode: 'CMAC' | 'GMAC', cipher: string): Omit<AlgorithmEmit, 'functions'> {
  const r = f.kb.resolve(cipher, {});
  if (r.primitive !== 'block-cipher' && r.primitive !== 'ae') return { spelling: mode };
  return { spelling: r.family, params: { keySize: r.params.keySize, mode }, unresolved: ['keySize'] };
}

/** OpenSSL's TLS1-PRF: with the MD5-SHA1 digest it is the TLS 1.0/1.1 PRF, otherwise the TLS 1.2 PRF of that digest. */
function tlsPrf(digest: string | undefined, hash: string | undefined): Omit<AlgorithmEmit, 'functions'> {
  if (digest && /^md5-sha1$/i.test(digest)) return { spelling: 'TLS1.0-PRF' };
  return { spelling: 'TLS1-PRF', params: { hash }, unresolved: ['hash'] };
}

/** scrypt's N, r, p and output length (memory 128·N·r bytes, memoryCost in KiB). */
function scryptEmit(n: number | undefined, r: number | undefined, p: number | undefined, outputLength: number | undefined): Omit<AlgorithmEmit, 'functions'> {
  return {
    spelling: 'scrypt',
    params: { cost: n, memoryCost: n !== undefined && r !== undefined ? (128 * n * r) / 1024 : undefined, parallelism: p, outputLength },
    unresolved: ['cost', 'memoryCost', 'parallelism', 'outputLength'],
  };
}

/** `EVP_PKEY_CTX_set_*` calls whose parameter joins the key type of the context they configure. */
export const PKEY_SETTERS = /^EVP_PKEY_CTX_(set_rsa_keygen_bits|set_ec_paramgen_curve_nid|set_group_name|set_dh_paramgen_prime_len|set_dsa_paramgen_bits|set_hkdf_md|set_tls1_prf_md|set_rsa_padding|set_rsa_oaep_md|set_signature_md|set_dh_nid)$|^EVP_PKEY_(keygen|paramgen|derive|encrypt|decrypt|sign|verify|encapsulate|decapsulate)_init(_ex)?$/;

/** Parameters an `EVP_PKEY_CTX_set_*` call gives, and the crypto function an `EVP_PKEY_*_init` selects. */
export function setterFacts(f: CFile, call: SgNode, params: AlgorithmParams, functions: Set<CryptoFunction>): void {
  const callee = calleeName(call);
  const a = argsOf(call);
  switch (callee) {
    case 'EVP_PKEY_CTX_set_rsa_keygen_bits':
    case 'EVP_PKEY_CTX_set_dh_paramgen_prime_len':
    case 'EVP_PKEY_CTX_set_dsa_paramgen_bits':
      params.keySize = f.int(a[1]);
      return;
    case 'EVP_PKEY_CTX_set_ec_paramgen_curve_nid':
    case 'EVP_PKEY_CTX_set_dh_nid':
      params.curve = f.symbol(a[1]);
      return;
    case 'EVP_PKEY_CTX_set_group_name':
      params.curve = f.str(a[1]);
      return;
    case 'EVP_PKEY_CTX_set_hkdf_md':
    case 'EVP_PKEY_CTX_set_rsa_oaep_md':
    case 'EVP_PKEY_CTX_set_signature_md':
      params.hash = digestOf(f, a[1]);
      return;
    case 'EVP_PKEY_CTX_set_rsa_padding':
      params.padding = rsaPadding(f.symbol(a[1]));
      return;
    case 'EVP_PKEY_CTX_set_tls1_prf_md':
      // EVP_md5_sha1() is no hash of its own: it selects the TLS 1.0/1.1 PRF (EVP_PKEY_CTX_set_tls1_prf_md(3)).
      params.hash = f.producer(a[1])?.callee === 'EVP_md5_sha1' ? 'MD5-SHA1' : digestOf(f, a[1]);
      return;
  }
  const m = /^EVP_PKEY_(keygen|paramgen|derive|encrypt|decrypt|sign|verify|encapsulate|decapsulate)_init/.exec(callee);
  if (m) functions.add(m[1] === 'paramgen' ? 'keygen' : m[1] === 'derive' ? 'keyderive' : (m[1] as CryptoFunction));
}

/** OpenSSL padding constants as the knowledge base spells paddings. */
export function rsaPadding(symbol: string | undefined): string | undefined {
  switch (symbol) {
    case 'RSA_PKCS1_PADDING': return 'PKCS1v15';
    case 'RSA_PKCS1_OAEP_PADDING': return 'OAEP';
    case 'RSA_PKCS1_PSS_PADDING': return 'PSS';
    case 'RSA_NO_PADDING': return 'NoPadding';
    default: return undefined;
  }
}

/**
 * A key context made for a key type (`EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL)`,
 * `EVP_PKEY_CTX_new_from_name(NULL, "ML-KEM-768", NULL)`): one asset with what the same function then
 * sets on that context (key bits, curve, HKDF hash, padding) and the operation it initialises.
 */
function pkeyContext(f: CFile, call: SgNode, keyType: string | undefined): void {
  const params: AlgorithmParams = {};
  const functions = new Set<CryptoFunction>();
  const ctx = assignedName(call);
  if (ctx) for (const c of f.callsOn(ctx, call, PKEY_SETTERS)) setterFacts(f, c, params, functions);
  fromParamArrays(paramsFor(f, call, /^EVP_PKEY_CTX_new_(id|from_name)$/), params);
  // A context for a key type the file does not name (`EVP_PKEY_get0_type_name(pub)`) serves an
  // existing key: only a key generation on it is a use to report (as unknown-key-pair-generator).
  if (keyType === undefined && !functions.has('keygen')) return;
  const spelling = keyType ?? unresolvedSpelling('key-pair-generator');
  let name = spelling;
  if (/^hkdf$/i.test(spelling)) name = withHash('HKDF', params.hash);
  if (/^tls1-prf$/i.test(spelling)) {
    const prf = tlsPrf(params.hash, params.hash === 'MD5-SHA1' ? undefined : params.hash);
    f.algorithm(call, OPENSSL, { ...prf, functions: [...functions] });
    return;
  }
  // A curve fixes an EC key (`EC` + NID_secp384r1 is the curve's key): the knowledge base names it from the curve.
  const unresolved = /^(rsa|dsa|dh)$/i.test(spelling) ? (['keySize'] as const) : /^ec$/i.test(spelling) ? (['curve'] as const) : [];
  if (/^ec$/i.test(spelling) && params.curve && f.kb.findCurve(params.curve)) name = params.curve;
  f.algorithm(call, OPENSSL, {
    spelling: name,
    params,
    unresolved: [...unresolved],
    ...(functions.size ? { functions: [...functions] } : {}),
  });
}

/** A key context's bits and group given as `OSSL_PARAM`s (`OSSL_PKEY_PARAM_RSA_BITS`, `OSSL_PKEY_PARAM_GROUP_NAME`), unless a setter gave them. */
function fromParamArrays(p: ParamFacts, params: AlgorithmParams): void {
  const bits = p.get('bits');
  const group = p.get('group');
  if (params.keySize === undefined && typeof bits === 'number') params.keySize = bits;
  if (params.curve === undefined && typeof group === 'string') params.curve = group;
}

/** `EVP_PKEY_CTX_set_*` on a context the file did not make from a key type (`EVP_PKEY_CTX_new(pkey, …)`): the setting stands alone. */
function unlinkedSetter(f: CFile, call: SgNode, callee: string, args: SgNode[]): void {
  const ctx = args[0]?.text().replace(/\s+/g, '');
  if (ctx && linkedContext(f, call, ctx)) return;
  // The padding of the context a sign/verify init hands back (`&pctx`) is reported with that init.
  if (ctx && f.callsOn(`&${ctx}`, firstStatementOf(call), DIGEST_SIGN_INIT, 1).some((c) => c.range().start.index < call.range().start.index)) return;
  switch (callee) {
    case 'EVP_PKEY_CTX_set_rsa_keygen_bits':
      f.algorithm(call, OPENSSL, { spelling: 'RSA', params: { keySize: f.int(args[1]) }, unresolved: ['keySize'], functions: ['keygen'] });
      return;
    case 'EVP_PKEY_CTX_set_dh_paramgen_prime_len':
      f.algorithm(call, OPENSSL, { spelling: 'DH', params: { keySize: f.int(args[1]) }, unresolved: ['keySize'], functions: ['keygen'] });
      return;
    case 'EVP_PKEY_CTX_set_dh_nid':
      f.algorithm(call, OPENSSL, { ...dhGroup(f, args[1]), functions: ['keygen'] });
      return;
    case 'EVP_PKEY_CTX_set_ec_paramgen_curve_nid': {
      const curve = f.symbol(args[1]);
      f.algorithm(call, OPENSSL, curve && f.kb.findCurve(curve) ? { spelling: curve, functions: ['keygen'] } : { spelling: 'EC', unresolved: ['curve'], functions: ['keygen'] });
      return;
    }
    case 'EVP_PKEY_CTX_set_rsa_padding': {
      const padding = rsaPadding(f.symbol(args[1]));
      if (!padding) return;
      const hash = padding === 'OAEP' ? digestOf(f, f.callsOn(ctx ?? '', call, /^EVP_PKEY_CTX_set_rsa_oaep_md$/)[0]?.field('arguments')?.namedChildren()[1]) : undefined;
      // Without a hash, RSA + PKCS1v15 reads as encryption; a signature context says so through its init.
      const sign = f.callsOn(ctx ?? '', firstStatementOf(call), /^EVP_PKEY_(sign|verify)_init(_ex)?$|^EVP_DigestSign/).length > 0;
      if (padding === 'PKCS1v15' && sign) {
        f.algorithm(call, OPENSSL, { spelling: 'RSASSA-PKCS1-v1_5', unresolved: ['keySize', 'hash'], functions: ['sign'] });
        return;
      }
      f.algorithm(call, OPENSSL, {
        spelling: padding === 'PSS' ? 'RSA-PSS' : padding === 'OAEP' ? 'RSA-OAEP' : 'RSA',
        params: { padding: padding === 'PSS' ? undefined : padding, hash },
        unresolved: ['keySize'],
        functions: padding === 'PSS' || sign ? ['sign'] : ['encrypt'],
      });
      return;
    }
  }
}

/** The first node of the function a call is in (so that "calls on ctx" covers the whole function). */
export function firstStatementOf(call: SgNode): SgNode {
  return call.ancestors().find((a) => a.kind() === 'compound_statement' && a.parent()?.kind() === 'function_definition') ?? call;
}

/** Whether `ctx` was made in the same function by a key-type context constructor (which reports the setting). */
function linkedContext(f: CFile, call: SgNode, ctx: string): boolean {
  const fn = call.ancestors().find((a) => a.kind() === 'function_definition');
  if (!fn) return false;
  const at = call.range().start.index;
  return fn.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '^EVP_PKEY_CTX_new_(id|from_name)$' } } })
    .some((c) => c.range().start.index < at && assignedName(c) === ctx);
}

function rsaKeygen(bitsArg: number): CallHandler {
  return (f, call, _callee, args) => {
    f.algorithm(call, OPENSSL, { spelling: 'RSA', params: { keySize: f.int(args[bitsArg]) }, unresolved: ['keySize'], functions: ['keygen'] });
  };
}

/** `EC_KEY_new_by_curve_name(NID_secp384r1)`: the knowledge base names the key from the curve constant. */
function curveKey(arg: number, fn?: CryptoFunction): CallHandler {
  return (f, call, _callee, args) => {
    const curve = f.symbol(args[arg]) ?? f.str(args[arg]);
    const known = curve !== undefined && f.kb.findCurve(curve) !== undefined;
    f.algorithm(call, OPENSSL, known ? { spelling: curve, ...(fn ? { functions: [fn] } : {}) } : { spelling: 'EC', unresolved: ['curve'], ...(fn ? { functions: [fn] } : {}) });
  };
}

/**
 * `EC_KEY_new_by_curve_name`: an EC key, which the knowledge base names ECDSA on its curve, unless the
 * function hands the key to `SSL_CTX_set_tmp_ecdh`/`SSL_set_tmp_ecdh`, which makes it the TLS server's
 * ephemeral ECDH curve (OpenVPN's `--ecdh-curve` fallback to secp384r1, nginx's `ssl_ecdh_curve` on
 * OpenSSL before 1.0.2): key agreement, never a signature.
 */
const TMP_ECDH = /^SSL_(?:CTX_)?set_tmp_ecdh$/;

const ecKeyByCurve: CallHandler = (f, call, callee, args) => {
  const key = assignedName(call);
  const fn = key === undefined ? undefined : call.ancestors().find((a) => a.kind() === 'function_definition');
  // Passed straight in (`SSL_CTX_set_tmp_ecdh(ctx, EC_KEY_new_by_curve_name(NID_…))`), or through a variable.
  const outer = call.parent()?.kind() === 'argument_list' ? call.parent()?.parent() : undefined;
  const tmpEcdh = (outer?.kind() === 'call_expression' && TMP_ECDH.test(calleeName(outer)))
    || fn?.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: TMP_ECDH.source } } })
      .some((c) => c.field('arguments')?.namedChildren()[1]?.text().replace(/\s+/g, '') === key);
  if (!tmpEcdh) {
    curveKey(0)(f, call, callee, args);
    return;
  }
  const written = f.symbol(args[0]) ?? f.str(args[0]);
  const curve = written === undefined ? undefined : f.kb.findCurve(written);
  f.algorithm(call, OPENSSL, { spelling: 'ECDH', params: { curve: curve?.name }, unresolved: ['curve'], functions: ['keyderive'] });
};

/** `RSA_public_encrypt(flen, from, to, rsa, padding)` and its three siblings. */
function rsaRaw(fn: 'encrypt' | 'decrypt' | 'sign' | 'verify'): CallHandler {
  return (f, call, _callee, args) => {
    const padding = rsaPadding(f.symbol(args[4]));
    if (padding === 'PKCS1v15' && (fn === 'sign' || fn === 'verify')) {
      // RSA_private_encrypt with PKCS#1 padding is the raw signature primitive (type-1 padding, no hash).
      f.algorithm(call, OPENSSL, { spelling: 'RSASSA-PKCS1-v1_5', unresolved: ['keySize'], functions: [fn] });
      return;
    }
    f.algorithm(call, OPENSSL, {
      // RSA_public_encrypt's OAEP is fixed by the API: SHA-1 with MGF1-SHA-1 (RSA_public_encrypt(3)).
      spelling: padding === 'OAEP' ? 'RSA-OAEP' : 'RSA',
      params: { padding, hash: padding === 'OAEP' ? 'SHA-1' : undefined },
      unresolved: padding ? ['keySize'] : ['keySize', 'padding'],
      functions: [fn],
    });
  };
}

const table: Array<[string, CallHandler]> = [
  ...Object.keys(CIPHER_INITS).map((n): [string, CallHandler] => [n, cipherInit]),
  ...Object.keys(FETCHES).map((n): [string, CallHandler] => [n, fetch]),

  // One-shot and low-level digests: SHA256(d, n, md), SHA256_Init(&c), MD5(...), RIPEMD160(...).
  ...['MD4', 'MD5', 'SHA1', 'SHA224', 'SHA256', 'SHA384', 'SHA512', 'RIPEMD160'].flatMap((h): Array<[string, CallHandler]> => [
    [h, (f, call) => f.algorithm(call, OPENSSL, { spelling: h, functions: ['digest'] })],
    [`${h}_Init`, (f, call) => f.algorithm(call, OPENSSL, { spelling: h, functions: ['digest'] })],
  ]),
  ['EVP_Q_digest', (f, call, _c, args) => f.algorithm(call, OPENSSL, { spelling: f.str(args[1]) ?? unresolvedSpelling('hash'), functions: ['digest'] })],

  // HMAC(md, key, keylen, data, n, out, outlen); HMAC_Init_ex(ctx, key, keylen, md, impl).
  ['HMAC', hmac(0, 1)],
  ['HMAC_Init_ex', hmac(3, 1)],
  ['HMAC_Init', hmac(3, 1)],

  // PKCS5_PBKDF2_HMAC(pass, passlen, salt, saltlen, iter, md, keylen, out).
  ['PKCS5_PBKDF2_HMAC', pbkdf2({ pass: 0, iter: 4, md: 5, keyLen: 6 })],
  ['PKCS5_PBKDF2_HMAC_SHA1', pbkdf2({ pass: 0, iter: 4, keyLen: 5 })],
  // EVP_PBE_scrypt(pass, passlen, salt, saltlen, N, r, p, maxmem, key, keylen).
  ['EVP_PBE_scrypt', (f, call, _c, args) => {
    f.algorithm(call, OPENSSL, { ...scryptEmit(f.int(args[4]), f.int(args[5]), f.int(args[6]), bitsOf(f.int(args[9]))), functions: ['keyderive'] });
    if (f.literalSecret(args[0])) f.signal(call, OPENSSL, 'hardcoded-password', 'scrypt password is written in the source');
  }],

  // Key contexts by key type, and their settings when the context comes from elsewhere.
  ['EVP_PKEY_CTX_new_id', (f, call, _c, args) => {
    const id = f.symbol(args[0]);
    pkeyContext(f, call, id?.startsWith('EVP_PKEY_') ? id.slice('EVP_PKEY_'.length).replace(/_/g, '-') : undefined);
  }],
  ...['EVP_PKEY_CTX_set_rsa_keygen_bits', 'EVP_PKEY_CTX_set_ec_paramgen_curve_nid', 'EVP_PKEY_CTX_set_rsa_padding', 'EVP_PKEY_CTX_set_dh_paramgen_prime_len', 'EVP_PKEY_CTX_set_dh_nid']
    .map((n): [string, CallHandler] => [n, unlinkedSetter]),

  // RSA.
  ['RSA_generate_key_ex', rsaKeygen(1)],
  ['RSA_generate_key', rsaKeygen(0)],
  ['RSA_generate_multi_prime_key', rsaKeygen(1)],
  ['EVP_RSA_gen', rsaKeygen(0)],
  ['RSA_public_encrypt', rsaRaw('encrypt')],
  ['RSA_private_decrypt', rsaRaw('decrypt')],
  ['RSA_private_encrypt', rsaRaw('sign')],
  ['RSA_public_decrypt', rsaRaw('verify')],
  ['RSA_sign', (f, call, _c, args) => f.algorithm(call, OPENSSL, { spelling: 'RSASSA-PKCS1-v1_5', params: { hash: nidHash(f, args[0]) }, unresolved: ['keySize', 'hash'], functions: ['sign'] })],
  ['RSA_verify', (f, call, _c, args) => f.algorithm(call, OPENSSL, { spelling: 'RSASSA-PKCS1-v1_5', params: { hash: nidHash(f, args[0]) }, unresolved: ['keySize', 'hash'], functions: ['verify'] })],

  // EC, Ed25519/X25519 through the generic key APIs.
  ['EVP_EC_gen', curveKey(0, 'keygen')],
  ['EC_KEY_new_by_curve_name', ecKeyByCurve],
  ['EC_GROUP_new_by_curve_name', curveKey(0)],
  ['ECDSA_sign', (f, call) => f.algorithm(call, OPENSSL, { spelling: 'ECDSA', unresolved: ['curve'], functions: ['sign'] })],
  ['ECDSA_do_sign', (f, call) => f.algorithm(call, OPENSSL, { spelling: 'ECDSA', unresolved: ['curve'], functions: ['sign'] })],
  ['ECDSA_verify', (f, call) => f.algorithm(call, OPENSSL, { spelling: 'ECDSA', unresolved: ['curve'], functions: ['verify'] })],
  ['ECDSA_do_verify', (f, call) => f.algorithm(call, OPENSSL, { spelling: 'ECDSA', unresolved: ['curve'], functions: ['verify'] })],
  ['ECDH_compute_key', (f, call) => f.algorithm(call, OPENSSL, { spelling: 'ECDH', unresolved: ['curve'] })],
  // EVP_PKEY_Q_keygen(libctx, propq, type, ...): "RSA" takes the bits, "EC" the curve name.
  ['EVP_PKEY_Q_keygen', (f, call, _c, args) => {
    const type = f.str(args[2]);
    if (type === undefined) {
      f.algorithm(call, OPENSSL, { spelling: unresolvedSpelling('key-pair-generator'), functions: ['keygen'] });
    } else if (/^rsa$/i.test(type)) {
      f.algorithm(call, OPENSSL, { spelling: 'RSA', params: { keySize: f.int(args[3]) }, unresolved: ['keySize'], functions: ['keygen'] });
    } else if (/^ec$/i.test(type)) {
      const curve = f.str(args[3]);
      f.algorithm(call, OPENSSL, curve && f.kb.findCurve(curve) ? { spelling: curve, functions: ['keygen'] } : { spelling: 'EC', unresolved: ['curve'], functions: ['keygen'] });
    } else {
      f.algorithm(call, OPENSSL, { spelling: type, functions: ['keygen'] });
    }
  }],

  // Legacy low-level block and stream cipher APIs (deprecated in OpenSSL 3, common in old code).
  // The key schedule fixes the cipher (AES bits from AES_set_*_key); the mode comes from the encrypt call.
  ['AES_set_encrypt_key', lowLevelAes],
  ['AES_set_decrypt_key', lowLevelAes],
  ...([['AES_ecb_encrypt', 'aes-ecb'], ['AES_cbc_encrypt', 'aes-cbc'], ['AES_cfb128_encrypt', 'aes-cfb'], ['AES_ofb128_encrypt', 'aes-ofb'],
    ['AES_ctr128_encrypt', 'aes-ctr'], ['AES_ige_encrypt', 'AES'], ['AES_wrap_key', 'AESWrap'], ['AES_unwrap_key', 'AESWrap'],
    ['DES_set_key', 'des'], ['DES_set_key_checked', 'des'], ['DES_set_key_unchecked', 'des'], ['DES_key_sched', 'des'],
    ['DES_ecb_encrypt', 'des-ecb'], ['DES_ncbc_encrypt', 'des-cbc'], ['DES_cbc_encrypt', 'des-cbc'], ['DES_cfb64_encrypt', 'des-cfb'],
    ['DES_ofb64_encrypt', 'des-ofb'], ['DES_ecb3_encrypt', 'des-ede3-ecb'], ['DES_ede3_cbc_encrypt', 'des-ede3-cbc'],
    ['DES_ede3_cfb64_encrypt', 'des-ede3-cfb'], ['DES_ede3_ofb64_encrypt', 'des-ede3-ofb'],
    ['RC4_set_key', 'rc4'], ['RC4', 'rc4'], ['BF_set_key', 'bf'], ['BF_ecb_encrypt', 'bf-ecb'], ['BF_cbc_encrypt', 'bf-cbc'],
  ] as const).map(([fn, spelling]): [string, CallHandler] => [fn, (f, call) => f.algorithm(call, OPENSSL, { spelling, functions: ['encrypt', 'decrypt'] })]),

  // DSA and DH parameters.
  ['DSA_generate_parameters_ex', (f, call, _c, args) => f.algorithm(call, OPENSSL, { spelling: 'DSA', params: { keySize: f.int(args[1]) }, unresolved: ['keySize'], functions: ['keygen'] })],
  ['DH_generate_parameters_ex', (f, call, _c, args) => f.algorithm(call, OPENSSL, { spelling: 'DH', params: { keySize: f.int(args[1]) }, unresolved: ['keySize'], functions: ['keygen'] })],
  ['DH_generate_parameters', (f, call, _c, args) => f.algorithm(call, OPENSSL, { spelling: 'DH', params: { keySize: f.int(args[0]) }, unresolved: ['keySize'], functions: ['keygen'] })],

  // Finite-field Diffie-Hellman on a DH object: the key pair and the agreement (the group is where the object gets it).
  ['DH_generate_key', (f, call) => f.algorithm(call, OPENSSL, { spelling: 'DH', unresolved: ['keySize'], functions: ['keygen'] })],
  ['DH_compute_key', (f, call) => f.algorithm(call, OPENSSL, { spelling: 'DH', unresolved: ['keySize'], functions: ['keyderive'] })],
  ['DH_compute_key_padded', (f, call) => f.algorithm(call, OPENSSL, { spelling: 'DH', unresolved: ['keySize'], functions: ['keyderive'] })],
  // Built-in groups: RFC 5114's MODP groups with prime-order subgroups (1024/160, 2048/224, 2048/256), by
  // NID (`NID_ffdhe2048`, `NID_modp_2048`: knowledge-base spellings), BoringSSL's RFC 7919 getter.
  ...([['DH_get_1024_160', 1024], ['DH_get_2048_224', 2048], ['DH_get_2048_256', 2048]] as const)
    .map(([fn, bits]): [string, CallHandler] => [fn, (f, call) => f.algorithm(call, OPENSSL, { spelling: 'DH', params: { keySize: bits } })]),
  ['DH_new_by_nid', (f, call, _c, args) => f.algorithm(call, OPENSSL, dhGroup(f, args[0]))],
  ['DH_get_rfc7919_2048', (f, call) => f.algorithm(call, OPENSSL, { spelling: 'ffdhe2048' })],
  // A group the code sets itself: the size of its prime, when the same function makes it from literal bytes or digits.
  ['DH_set0_pqg', (f, call, _c, args) => f.algorithm(call, OPENSSL, { spelling: 'DH', params: { keySize: primeBits(f, call, args[1]) }, unresolved: ['keySize'] })],
];

/** A named DH group (`NID_ffdhe2048`, `NID_modp_3072`) as the knowledge base spells it, else DH of unknown size. */
function dhGroup(f: CFile, node: SgNode | undefined): Omit<AlgorithmEmit, 'functions'> {
  const nid = f.symbol(node);
  const hit = nid ? f.kb.findAlgorithm(nid) : undefined;
  return hit?.entry.family === 'FFDH' ? { spelling: nid! } : { spelling: 'DH', unresolved: ['keySize'] };
}

/**
 * Bit length of the prime handed to `DH_set0_pqg`: made by `BN_bin2bn(bytes, len, NULL)` (`openssl
 * dhparam -C` writes such functions; the byte count is the size) or, earlier in the same function,
 * by `BN_hex2bn(&p, "FFFF…")` / `BN_dec2bn(&p, "…")` with digits the file fixes. Undefined otherwise.
 */
function primeBits(f: CFile, call: SgNode, node: SgNode | undefined): number | undefined {
  const made = f.producer(node);
  if (made?.callee === 'BN_bin2bn') return bitsOf(f.int(argsOf(made.call)[1]));
  const name = node?.text().trim();
  if (!name || !/^[A-Za-z_]\w*$/.test(name)) return undefined;
  const at = call.range().start.index;
  const setter = f.callsOn(`&${name}`, firstStatementOf(call), /^BN_(hex|dec)2bn$/).filter((c) => c.range().start.index < at).at(-1);
  // A `char p[] = "FFFF…"` array is bytes to the evaluator (its size); its initialiser is the string.
  const arg = setter ? argsOf(setter)[1] : undefined;
  const digits = f.str(arg) ?? f.str(f.origin(arg));
  if (!setter || !digits) return undefined;
  const hex = calleeName(setter) === 'BN_hex2bn';
  if (!(hex ? /^[0-9A-Fa-f]+$/ : /^[0-9]+$/).test(digits)) return undefined;
  return BigInt(hex ? `0x${digits}` : digits).toString(2).length;
}

/** AES_set_encrypt_key(userKey, bits, &key): AES with the key size; a literal key is hard-coded. */
function lowLevelAes(f: CFile, call: SgNode, _callee: string, args: SgNode[]): void {
  const bits = f.int(args[1]);
  f.algorithm(call, OPENSSL, { spelling: 'AES', params: { keySize: bits }, unresolved: ['keySize'], functions: ['encrypt', 'decrypt'] });
  if (f.constantBytes(args[0])) f.signal(call, OPENSSL, 'hardcoded-key', 'AES key is written in the source', { spelling: 'AES', params: { keySize: bits } });
}

function hmac(mdArg: number, keyArg: number): CallHandler {
  return (f, call, callee, args) => {
    // HMAC_Init_ex(ctx, NULL, 0, NULL, NULL) re-uses the context's key and digest: nothing new.
    if (callee !== 'HMAC' && f.isNull(args[mdArg]) && f.isNull(args[keyArg])) return;
    const hash = digestOf(f, args[mdArg]);
    f.algorithm(call, OPENSSL, { spelling: withHash('HMAC', hash), params: { hash }, unresolved: ['hash'], functions: ['tag'] });
    if (f.literalSecret(args[keyArg])) f.signal(call, OPENSSL, 'hardcoded-key', 'HMAC key is written in the source');
  };
}

function pbkdf2(pos: { pass: number; iter: number; md?: number; keyLen: number }): CallHandler {
  return (f, call, _c, args) => {
    // PKCS5_PBKDF2_HMAC_SHA1 fixes SHA-1 (its name); otherwise the digest argument does.
    const hash = pos.md === undefined ? 'SHA-1' : digestOf(f, args[pos.md]);
    f.algorithm(call, OPENSSL, {
      spelling: withHash('PBKDF2', hash),
      params: { hash, iterations: f.int(args[pos.iter]), outputLength: bitsOf(f.int(args[pos.keyLen])) },
      unresolved: ['hash', 'iterations', 'outputLength'],
      functions: ['keyderive'],
    });
    if (f.literalSecret(args[pos.pass])) f.signal(call, OPENSSL, 'hardcoded-password', 'PBKDF2 password is written in the source');
  };
}

export const OPENSSL_CALLS: ReadonlyMap<string, CallHandler> = new Map(table);
