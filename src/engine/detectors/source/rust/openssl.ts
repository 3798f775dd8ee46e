// The openssl crate: `Cipher::aes_256_cbc()` and `MessageDigest::sha256()` name their algorithm by
// method (OpenSSL's own names, which the knowledge base knows: aes-256-cbc, des-ede3-cbc, bf-cbc);
// `Rsa::generate(2048)`, `Dsa::generate(1024)`, `EcGroup::from_curve_name(Nid::SECP384R1)`,
// `PKey::generate_ed25519()`; `pkcs5::pbkdf2_hmac(pass, salt, iter, MessageDigest::sha256(), &mut key)`;
// `symm::encrypt(cipher, key, iv, data)` with a key or IV written in the source; RSA padding given to
// `public_encrypt`/`private_decrypt`.
import type { SgNode } from '@ast-grep/napi';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { kindOf } from '../common/languages.js';
import type { RsFile, TypeCall } from './file.js';
import type { FnHandler } from './passwords.js';
import { symbolOf } from './rustcrypto.js';

const OPENSSL_CIPHER_NAME: Record<string, string> = { des_ede3: 'des-ede3', des_ede3_cbc: 'des-ede3-cbc', bf_cbc: 'bf-cbc', bf_ecb: 'bf-ecb', rc4: 'rc4' };

/** `aes_256_gcm` -> `aes-256-gcm`; `sha3_256` -> `sha3-256`; `sha512_256` -> `sha512-256`. */
function openSslName(method: string): string {
  return OPENSSL_CIPHER_NAME[method] ?? method.replace(/_/g, '-');
}

/** NIDs of the curves `EcGroup::from_curve_name` is given -> the knowledge base's curve spelling. */
const NID_CURVES: Record<string, string> = {
  X9_62_PRIME256V1: 'P-256', SECP384R1: 'P-384', SECP521R1: 'P-521', SECP256K1: 'secp256k1', SECP224R1: 'P-224',
  X9_62_PRIME192V1: 'P-192', BRAINPOOL_P256R1: 'brainpoolP256r1', BRAINPOOL_P384R1: 'brainpoolP384r1', BRAINPOOL_P512R1: 'brainpoolP512r1',
};

function memberName(f: RsFile, node: SgNode | undefined): string | undefined {
  const v = f.value(node);
  return v.kind === 'member' ? v.path.split('::').pop() : undefined;
}

/** The algorithm of an openssl value made by `Cipher::…()`/`MessageDigest::…()` (for the calls that take one). */
function namedBy(f: RsFile, node: SgNode | undefined, owner: 'Cipher' | 'MessageDigest'): { call: SgNode; name: string } | undefined {
  const made = f.origin(node);
  if (!made || kindOf(made) !== 'call_expression') return undefined;
  const tc = f.typeCall(made);
  if (!tc || !tc.type.path.startsWith('openssl') || !tc.type.path.endsWith(owner)) return undefined;
  return { call: made, name: openSslName(tc.method) };
}

export function opensslTypeCall(f: RsFile, tc: TypeCall, family: string): void {
  const symbol = symbolOf(tc);
  switch (family) {
    case 'openssl-cipher':
      if (f.consumed(tc.call) || /^(from_nid|from_name|fetch)$/.test(tc.method)) return;
      f.algorithm(tc.call, symbol, { spelling: openSslName(tc.method), functions: ['encrypt', 'decrypt'] });
      return;
    case 'openssl-digest':
      if (f.consumed(tc.call) || /^(from_nid|from_name|fetch|null)$/.test(tc.method)) return;
      f.algorithm(tc.call, symbol, { spelling: openSslName(tc.method), functions: ['digest'] });
      return;
    case 'openssl-rsa':
      if (/^generate(_with_e)?$/.test(tc.method)) f.algorithm(tc.call, symbol, { spelling: 'RSA', params: { keySize: f.int(tc.args[0]) }, unresolved: ['keySize'], functions: ['keygen'] });
      else if (/^(private_key_from|public_key_from)/.test(tc.method)) f.algorithm(tc.call, symbol, { spelling: 'RSA', unresolved: ['keySize'] });
      return;
    case 'openssl-dsa':
      if (tc.method === 'generate') f.algorithm(tc.call, symbol, { spelling: 'DSA', params: { keySize: f.int(tc.args[0]) }, unresolved: ['keySize'], functions: ['keygen'] });
      return;
    case 'openssl-dh':
      if (tc.method === 'generate_params') f.algorithm(tc.call, symbol, { spelling: 'FFDH', params: { keySize: f.int(tc.args[0]) }, unresolved: ['keySize'], functions: ['keygen'] });
      else if (/^get_(\d+)_/.test(tc.method)) f.algorithm(tc.call, symbol, { spelling: 'FFDH', params: { keySize: Number(/^get_(\d+)/.exec(tc.method)![1]) } });
      return;
    case 'openssl-ec':
      if (tc.method === 'from_curve_name') {
        const curve = NID_CURVES[memberName(f, tc.args[0]) ?? ''];
        f.algorithm(tc.call, symbol, { spelling: 'EC', params: { curve }, unresolved: ['curve'], functions: ['keygen'] });
      }
      return;
    case 'openssl-pkey': {
      const m = /^generate_(ed25519|ed448|x25519|x448)$/.exec(tc.method);
      if (m) f.algorithm(tc.call, symbol, { spelling: { ed25519: 'Ed25519', ed448: 'Ed448', x25519: 'X25519', x448: 'X448' }[m[1]!]!, functions: ['keygen'] });
      return;
    }
    default:
      return;
  }
}

/** `pkcs5::pbkdf2_hmac(pass, salt, iter, MessageDigest::sha256(), &mut key)`. */
const pbkdf2Hmac: FnHandler = (f, call, symbol, args) => {
  const digest = namedBy(f, args[3], 'MessageDigest');
  if (digest) f.consume(digest.call);
  const hash = digest ? f.kb.resolve(digest.name, {}).name : undefined;
  const out = f.byteLength(args[4]);
  f.algorithm(call, symbol, {
    spelling: 'PBKDF2', params: { hash: hash && hash !== digest?.name ? hash : undefined, iterations: f.int(args[2]), ...(out ? { outputLength: out * 8 } : {}) },
    unresolved: ['hash', 'iterations'], functions: ['keyderive'],
  });
};

/** `symm::encrypt(Cipher::…(), key, iv, data)`, `Crypter::new(cipher, mode, key, iv)`: the key and IV as written. */
function keyAndIv(keyArg: number, ivArg: number): FnHandler {
  return (f, call, symbol, args) => {
    const cipher = namedBy(f, args[0], 'Cipher');
    const related = cipher ? { spelling: cipher.name } : undefined;
    if (f.constantBytes(args[keyArg])) f.signal(call, symbol, 'hardcoded-key', 'cipher key is written in the source', related);
    const iv = args[ivArg];
    // `None` is no IV (ECB, or a cipher without one); `Some(b"…")` is a fixed one.
    if (iv && iv.text() !== 'None' && f.constantBytes(iv)) f.signal(call, symbol, 'static-iv', 'cipher IV is a constant in the source', related);
  };
}

/** `openssl::sha::sha256(data)` one-shot hashes. */
const oneShot: FnHandler = (f, call, symbol) => {
  const name = symbol.split('::').pop() ?? '';
  f.algorithm(call, symbol, { spelling: name, functions: ['digest'] });
};

export const OPENSSL_FNS: ReadonlyArray<[string, FnHandler]> = [
  ['openssl::pbkdf2_hmac', pbkdf2Hmac],
  ['openssl::encrypt', keyAndIv(1, 2)], ['openssl::decrypt', keyAndIv(1, 2)],
  ['openssl::encrypt_aead', keyAndIv(1, 2)], ['openssl::decrypt_aead', keyAndIv(1, 2)],
  ['openssl::symm::Crypter::new', keyAndIv(2, 3)], ['openssl::Crypter::new', keyAndIv(2, 3)],
  ...['sha1', 'sha224', 'sha256', 'sha384', 'sha512'].map((n): [string, FnHandler] => [`openssl::sha::${n}`, oneShot]),
];

const RSA_PADDINGS: Record<string, { spelling: string; padding?: string; hash?: string }> = {
  PKCS1: { spelling: 'RSA', padding: 'PKCS1v15' },
  PKCS1_OAEP: { spelling: 'RSA-OAEP', hash: 'SHA-1' },
  PKCS1_PSS: { spelling: 'RSASSA-PSS' },
  NONE: { spelling: 'RSA', padding: 'NoPadding' },
};

type Operation = 'sign' | 'verify' | 'encrypt' | 'decrypt';

/**
 * `rsa.public_encrypt(data, &mut buf, Padding::PKCS1)` and siblings; `set_rsa_padding(Padding::…)` on a
 * `Signer`/`Verifier` (a signature padding with the signer's digest), an `Encrypter`/`Decrypter`, or a
 * `PkeyCtx` whose operation is the `sign_init()`/`verify_init()`/`verify_recover_init()`/`encrypt_init()`/
 * `decrypt_init()` called on it last before; the digest is the one `set_signature_md`/`set_rsa_oaep_md`
 * sets on it after (OAEP's default is SHA-1), the key size that of an `Rsa` the file generated.
 */
export function opensslRsaPadding(f: RsFile, call: SgNode, method: string, args: SgNode[]): void {
  const arg = method === 'set_rsa_padding' ? args[0] : args[2];
  const v = f.value(arg);
  if (v.kind !== 'member' || !/(^|::)Padding::/.test(v.path)) return;
  const p = RSA_PADDINGS[v.path.split('::').pop() ?? ''];
  if (!p) return;
  const fn = call.field('function');
  const receiver = fn && kindOf(fn) === 'field_expression' ? (fn.field('value') ?? undefined) : undefined;
  if (method !== 'set_rsa_padding') {
    if (p.spelling === 'RSASSA-PSS') return;
    const key = opensslKey(f, receiver);
    const keySize = key?.type === 'RSA' ? key.bits : undefined;
    if (method === 'private_encrypt' || method === 'public_decrypt') {
      if (p.padding === 'PKCS1v15') f.algorithm(call, method, { spelling: 'RSASSA-PKCS1-v1_5', params: { keySize }, unresolved: ['keySize'], functions: [method === 'private_encrypt' ? 'sign' : 'verify'] });
      else encryption(f, call, method, p, keySize, method === 'private_encrypt' ? 'encrypt' : 'decrypt');
      return;
    }
    encryption(f, call, method, p, keySize, method === 'private_decrypt' ? 'decrypt' : 'encrypt');
    return;
  }
  const use = paddingUse(f, call, receiver);
  const keySize = use?.key?.type === 'RSA' ? use.key.bits : undefined;
  const sign = use?.op === 'sign' || use?.op === 'verify';
  if (sign) {
    const spelling = p.spelling === 'RSASSA-PSS' ? 'RSASSA-PSS' : p.padding === 'PKCS1v15' ? 'RSASSA-PKCS1-v1_5' : p.padding === 'NoPadding' ? 'RSA' : undefined;
    if (!spelling) return;
    f.algorithm(call, method, {
      spelling, params: { hash: use.hash, keySize, ...(spelling === 'RSA' ? { padding: 'NoPadding' } : {}) },
      unresolved: spelling === 'RSA' ? ['keySize'] : ['keySize', 'hash'], functions: [use.op!],
    });
    return;
  }
  if (p.spelling === 'RSASSA-PSS') return;
  encryption(f, call, method, { ...p, ...(p.spelling === 'RSA-OAEP' && use?.hash ? { hash: use.hash } : {}) }, keySize, use?.op ?? 'encrypt');
}

function encryption(f: RsFile, call: SgNode, method: string, p: { spelling: string; padding?: string; hash?: string }, keySize: number | undefined, op: Operation): void {
  f.algorithm(call, method, {
    spelling: p.spelling, params: { keySize, ...(p.padding ? { padding: p.padding } : {}), ...(p.hash ? { hash: p.hash } : {}) }, unresolved: ['keySize'],
    functions: [op],
  });
}

interface PaddingUse {
  /** Undefined when the receiver's operation is not known (a `PkeyCtx` initialised elsewhere). */
  op?: Operation;
  /** The signature digest (`Signer::new(md, …)`, `set_signature_md(md)`) or OAEP digest (`set_rsa_oaep_md(md)`). */
  hash?: string;
  key?: OpenSslKey;
}

const INITS = 'sign_init|verify_init|verify_recover_init|encrypt_init|decrypt_init|derive_init';
const INIT_OPS: Record<string, Operation | undefined> = { sign_init: 'sign', verify_init: 'verify', verify_recover_init: 'verify', encrypt_init: 'encrypt', decrypt_init: 'decrypt' };

/** What the object `set_rsa_padding` is called on does: a Signer/Verifier/Encrypter/Decrypter made in the file, or a PkeyCtx initialised before. */
function paddingUse(f: RsFile, call: SgNode, receiver: SgNode | undefined): PaddingUse | undefined {
  const made = f.origin(receiver);
  if (made && kindOf(made) === 'call_expression') {
    const m = /(^|::)(Signer|Verifier|Encrypter|Decrypter|PkeyCtx)::new\w*$/.exec(f.adapter.callee(made));
    const args = made.field('arguments')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
    if (m && (m[2] === 'Signer' || m[2] === 'Verifier')) {
      const digest = digestOf(f, args[0]);
      return { op: m[2] === 'Verifier' ? 'verify' : 'sign', ...(digest?.hash ? { hash: digest.hash } : {}), key: opensslKey(f, args[1]) };
    }
    if (m) {
      const later = laterSetting(f, call, receiver, m[2] === 'PkeyCtx' ? 'set_signature_md|set_rsa_oaep_md' : 'set_rsa_oaep_md');
      const op = m[2] === 'Encrypter' ? 'encrypt' : m[2] === 'Decrypter' ? 'decrypt' : initBefore(f, call, receiver);
      return { ...(op ? { op } : {}), ...(later ? { hash: later } : {}), key: opensslKey(f, args[0]) };
    }
    return undefined;
  }
  // A context made elsewhere (a parameter): its init in this function still says what it does.
  const op = initBefore(f, call, receiver);
  if (!op) return undefined;
  const later = laterSetting(f, call, receiver, 'set_signature_md|set_rsa_oaep_md');
  return { op, ...(later ? { hash: later } : {}) };
}

/** Calls `receiver.<one of names>(…)` on the same variable (the same binding) as `call`, in its function, in source order. */
function callsOnReceiver(f: RsFile, call: SgNode, receiver: SgNode | undefined, names: string): SgNode[] {
  if (!receiver || kindOf(receiver) !== 'identifier') return [];
  const name = receiver.text();
  const body = call.ancestors().find((a) => kindOf(a) === 'function_item' || kindOf(a) === 'closure_expression');
  const binding = f.ev.bindingOf(receiver);
  if (!body) return [];
  const span = body.range();
  return f.callsNamed(names).filter((c) => {
    const r = c.range();
    if (r.start.index < span.start.index || r.end.index > span.end.index) return false;
    const fn = c.field('function');
    const value = fn && kindOf(fn) === 'field_expression' ? fn.field('value') : null;
    return !!value && kindOf(value) === 'identifier' && value.text() === name && f.ev.bindingOf(value) === binding;
  });
}

/** The operation of the last `receiver.<op>_init()` before `call` on the same context. */
function initBefore(f: RsFile, call: SgNode, receiver: SgNode | undefined): Operation | undefined {
  const at = call.range().start.index;
  const init = callsOnReceiver(f, call, receiver, INITS).filter((c) => c.range().start.index < at).at(-1);
  const name = init?.field('function')?.field('field')?.text();
  return name ? INIT_OPS[name] : undefined;
}

/** The digest the first of `setters` called on the receiver after `call` sets, before the receiver is initialised or padded again. */
function laterSetting(f: RsFile, call: SgNode, receiver: SgNode | undefined, setters: string): string | undefined {
  const at = call.range().end.index;
  for (const c of callsOnReceiver(f, call, receiver, `${setters}|${INITS}|set_rsa_padding`)) {
    if (c.range().start.index < at) continue;
    const name = c.field('function')?.field('field')?.text() ?? '';
    if (!new RegExp(`^(${setters})$`).test(name)) return undefined;
    const args = c.field('arguments')?.namedChildren().filter((a) => !kindOf(a).endsWith('comment')) ?? [];
    return digestOf(f, args[0])?.hash;
  }
  return undefined;
}

/** An openssl digest made by `MessageDigest::sha256()` or `Md::sha256()` (directly or through a `let`), with the knowledge base's name of it. */
function digestOf(f: RsFile, node: SgNode | undefined): { call: SgNode; hash?: string } | undefined {
  const made = f.origin(node);
  if (!made || kindOf(made) !== 'call_expression') return undefined;
  const tc = f.typeCall(made);
  if (!tc || !/^(openssl|crate)::(\w+::)*(MessageDigest|Md)$/.test(tc.type.path) || /^(from_nid|from_name|fetch)$/.test(tc.method)) return undefined;
  if (tc.method === 'null') return { call: made };
  const name = openSslName(tc.method);
  const hash = f.kb.resolve(name, {}).name;
  return { call: made, ...(hash !== name ? { hash } : {}) };
}

/** What a file shows of an openssl key: its type and, when generated here, its size or curve. */
interface OpenSslKey {
  type: 'RSA' | 'EC' | 'DSA' | 'Ed25519' | 'Ed448';
  bits?: number;
  curve?: string;
}

/**
 * The key a node holds, followed to where the file made it: `PKey::from_rsa(Rsa::generate(2048)?)`,
 * `PKey::from_ec_key(EcKey::generate(&EcGroup::from_curve_name(Nid::SECP384R1)?)?)`, `PKey::generate_ed25519()`,
 * `Rsa::private_key_from_pem(pem)` (RSA of unknown size).
 */
function opensslKey(f: RsFile, node: SgNode | null | undefined, hops = 4): OpenSslKey | undefined {
  const made = f.origin(node);
  if (!made || hops === 0 || kindOf(made) !== 'call_expression') return undefined;
  const tc = f.typeCall(made);
  if (!tc || !tc.type.path.startsWith('openssl::')) return undefined;
  const type = tc.type.path.split('::').pop();
  const m = tc.method;
  switch (type) {
    case 'PKey': {
      if (m === 'from_rsa' || m === 'from_dsa' || m === 'from_ec_key') {
        const inner = opensslKey(f, tc.args[0], hops - 1);
        const expected = m === 'from_rsa' ? 'RSA' : m === 'from_dsa' ? 'DSA' : 'EC';
        return inner?.type === expected ? inner : { type: expected };
      }
      if (m === 'generate_ed25519') return { type: 'Ed25519' };
      if (m === 'generate_ed448') return { type: 'Ed448' };
      return undefined;
    }
    case 'Rsa':
      if (/^generate(_with_e)?$/.test(m)) return { type: 'RSA', ...(f.int(tc.args[0]) ? { bits: f.int(tc.args[0])! } : {}) };
      return /^(private_key_from|public_key_from)/.test(m) ? { type: 'RSA' } : undefined;
    case 'Dsa':
      if (m === 'generate') return { type: 'DSA', ...(f.int(tc.args[0]) ? { bits: f.int(tc.args[0])! } : {}) };
      return /^(private_key_from|public_key_from)/.test(m) ? { type: 'DSA' } : undefined;
    case 'EcKey': {
      const curve = m === 'generate' ? groupCurve(f, tc.args[0]) : m === 'from_curve_name' ? NID_CURVES[memberName(f, tc.args[0]) ?? ''] : undefined;
      if (m === 'generate' || m === 'from_curve_name') return { type: 'EC', ...(curve ? { curve } : {}) };
      return /^(private_key_from|public_key_from)/.test(m) ? { type: 'EC' } : undefined;
    }
    default:
      return undefined;
  }
}

/** The curve of an `EcGroup::from_curve_name(Nid::…)` a node holds. */
function groupCurve(f: RsFile, node: SgNode | undefined): string | undefined {
  const made = f.origin(node);
  const tc = made && kindOf(made) === 'call_expression' ? f.typeCall(made) : undefined;
  return tc && tc.type.path.startsWith('openssl::') && tc.type.path.endsWith('EcGroup') && tc.method === 'from_curve_name' ? NID_CURVES[memberName(f, tc.args[0]) ?? ''] : undefined;
}

/**
 * `X509Builder::sign(&pkey, MessageDigest::sha256())` and `X509ReqBuilder::sign`: a certificate (or
 * request) signature with that digest, of the scheme the key's type fixes (openssl signs with PKCS#1 v1.5
 * for RSA) when the file shows where the key was made, else a signature of unknown scheme. The digest is
 * the signature's, not a hash of its own (consumed when written in the call).
 */
export function opensslX509Sign(f: RsFile, call: SgNode, args: SgNode[]): void {
  if (args.length !== 2) return;
  const digest = digestOf(f, args[1]);
  if (!digest) return;
  const a = digest.call.range();
  const c = call.range();
  if (a.start.index >= c.start.index && a.end.index <= c.end.index) f.consume(digest.call);
  const key = opensslKey(f, args[0]);
  const hash = digest.hash;
  const builder = f.origin(kindOf(call.field('function')!) === 'field_expression' ? call.field('function')!.field('value') : null);
  const req = builder && kindOf(builder) === 'call_expression' && /(^|::)X509Req(Builder)?::(new|builder)$/.test(f.adapter.callee(builder));
  const symbol = req ? 'X509ReqBuilder::sign' : 'X509Builder::sign';
  switch (key?.type) {
    case 'RSA':
      f.algorithm(call, symbol, { spelling: 'RSASSA-PKCS1-v1_5', params: { hash, keySize: key.bits }, unresolved: ['keySize', 'hash'], functions: ['sign'] });
      return;
    case 'EC':
      f.algorithm(call, symbol, { spelling: 'ECDSA', params: { curve: key.curve, hash }, unresolved: ['curve', 'hash'], functions: ['sign'] });
      return;
    case 'DSA':
      f.algorithm(call, symbol, { spelling: 'DSA', params: { hash, keySize: key.bits }, unresolved: ['keySize', 'hash'], functions: ['sign'] });
      return;
    case 'Ed25519': case 'Ed448':
      f.algorithm(call, symbol, { spelling: key.type, functions: ['sign'] });
      return;
    default:
      f.algorithm(call, symbol, { spelling: unresolvedSpelling('signature'), params: { hash }, functions: ['sign'] });
  }
}
