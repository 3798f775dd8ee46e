// The openssl crate: `Cipher::aes_256_cbc()` and `MessageDigest::sha256()` name their algorithm by
// method (OpenSSL's own names, which the knowledge base knows: aes-256-cbc, des-ede3-cbc, bf-cbc);
// `Rsa::generate(2048)`, `Dsa::generate(1024)`, `EcGroup::from_curve_name(Nid::SECP384R1)`,
// `PKey::generate_ed25519()`; `pkcs5::pbkdf2_hmac(pass, salt, iter, MessageDigest::sha256(), &mut key)`;
// `symm::encrypt(cipher, key, iv, data)` with a key or IV written in the source; RSA padding given to
// `public_encrypt`/`private_decrypt`.
import type { SgNode } from '@ast-grep/napi';
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

/** `rsa.public_encrypt(data, &mut buf, Padding::PKCS1)` and siblings; `ctx.set_rsa_padding(Padding::PKCS1)` on an encrypter. */
export function opensslRsaPadding(f: RsFile, call: SgNode, method: string, args: SgNode[]): void {
  const arg = method === 'set_rsa_padding' ? args[0] : args[2];
  const v = f.value(arg);
  if (v.kind !== 'member' || !/(^|::)Padding::/.test(v.path)) return;
  const p = RSA_PADDINGS[v.path.split('::').pop() ?? ''];
  if (!p) return;
  if (method === 'set_rsa_padding') {
    // `Signer::new(MessageDigest::sha256(), &pkey)` then `signer.set_rsa_padding(Padding::PKCS1)`: a signature padding.
    const signer = signerOf(f, call);
    if (signer) {
      const spelling = p.spelling === 'RSASSA-PSS' ? 'RSASSA-PSS' : p.padding === 'PKCS1v15' ? 'RSASSA-PKCS1-v1_5' : undefined;
      if (!spelling) return;
      f.algorithm(call, method, { spelling, params: { hash: signer.hash }, unresolved: ['keySize', 'hash'], functions: [signer.verify ? 'verify' : 'sign'] });
      return;
    }
    if (p.spelling === 'RSASSA-PSS') return;
  } else if (p.spelling === 'RSASSA-PSS') return;
  const sign = method === 'private_encrypt' || method === 'public_decrypt';
  const keySize = method === 'set_rsa_padding' ? undefined : generatedBits(f, call);
  if (sign && p.padding === 'PKCS1v15') {
    f.algorithm(call, method, { spelling: 'RSASSA-PKCS1-v1_5', params: { keySize }, unresolved: ['keySize'], functions: [method === 'private_encrypt' ? 'sign' : 'verify'] });
    return;
  }
  f.algorithm(call, method, {
    spelling: p.spelling, params: { keySize, ...(p.padding ? { padding: p.padding } : {}), ...(p.hash ? { hash: p.hash } : {}) }, unresolved: ['keySize'],
    functions: [method === 'private_decrypt' ? 'decrypt' : 'encrypt'],
  });
}

/** The `Signer::new(digest, key)`/`Verifier::new(…)` a method is called on, with the digest it names. */
function signerOf(f: RsFile, call: SgNode): { verify: boolean; hash?: string } | undefined {
  const fn = call.field('function');
  const made = fn && kindOf(fn) === 'field_expression' ? f.origin(fn.field('value')) : null;
  if (!made || kindOf(made) !== 'call_expression') return undefined;
  const m = /(^|::)(Signer|Verifier)::new\w*$/.exec(f.adapter.callee(made));
  if (!m) return undefined;
  const args = made.field('arguments')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
  const digest = namedBy(f, args[0], 'MessageDigest');
  const hash = digest ? f.kb.resolve(digest.name, {}).name : undefined;
  return { verify: m[2] === 'Verifier', ...(hash && hash !== digest?.name ? { hash } : {}) };
}

/** Bits of the `Rsa` a method is called on, when this file generated it (`Rsa::generate(2048)`). */
function generatedBits(f: RsFile, call: SgNode): number | undefined {
  const fn = call.field('function');
  const made = fn && kindOf(fn) === 'field_expression' ? f.origin(fn.field('value')) : null;
  if (!made || kindOf(made) !== 'call_expression') return undefined;
  const tc = f.typeCall(made);
  return tc && tc.type.path.startsWith('openssl') && tc.type.path.endsWith('Rsa') && /^generate(_with_e)?$/.test(tc.method) ? f.int(tc.args[0]) : undefined;
}
