// RustCrypto's symmetric side: hashes, block ciphers in modes, AEADs, stream ciphers, HMAC/CMAC and
// HKDF, found where a type is used to make something (`Aes256Gcm::new(&key)`, `Sha256::digest(data)`,
// `Hmac::<Sha256>::new_from_slice(k)`, `cbc::Encryptor::<Aes128>::new(&key.into(), &iv.into())`).
// A key or IV argument fixed in the source is a hard-coded key or static IV; the nonce given to an
// AEAD's `encrypt` is checked the same way.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { algorithmOf, lookupType, type TypeSpec } from './catalogue.js';
import type { RsFile, TypeCall } from './file.js';

/** Constructors that take the key first (and, for modes and stream ciphers, the IV second). */
const KEYED = new Set(['new', 'new_from_slice', 'new_from_slices', 'new_varkey', 'new_from_slice_unchecked']);
const KEYGEN = new Set(['generate_key', 'generate']);
/** Methods that name the type without using it (sizes, parsing a stored value). */
const NOT_A_USE = /^(output_size|key_size|block_size|nonce_size|tag_size|from_str|type_id|generate_nonce)$/;

export function symbolOf(tc: TypeCall): string {
  const text = tc.call.field('function')?.text() ?? '';
  return text.replace(/\s+/g, '').replace(/^<([^<>]*?)\s*as\s*[^<>]*>/, '$1');
}

/** A call on a RustCrypto type (roles hash, block, cipher, mode, over-hash, over-cipher, nonce, key). Returns false for other roles. */
export function rustCryptoCall(f: RsFile, tc: TypeCall, spec: TypeSpec): boolean {
  const symbol = symbolOf(tc);
  if (spec.role === 'nonce' || spec.role === 'key') {
    const bytesArg = tc.args[0];
    if (!/^(from_slice|from|clone_from_slice|from_exact_iter)$/.test(tc.method) || !f.constantBytes(bytesArg)) return true;
    if (spec.role === 'nonce') f.signal(tc.call, symbol, 'static-iv', `${spec.of} nonce is a constant in the source`, { spelling: spec.of });
    else {
      const of = algorithmOf(tc.type.args[0]);
      f.signal(tc.call, symbol, 'hardcoded-key', `${of ? 'key of ' + of.spelling : 'key'} is written in the source`, of ? { spelling: of.spelling, params: of.params } : spec.of ? { spelling: spec.of } : undefined);
    }
    return true;
  }
  const a = algorithmOf(tc.type);
  if (!a) return false;
  if (NOT_A_USE.test(tc.method)) return true;
  const functions = KEYGEN.has(tc.method) ? ['keygen' as const] : a.functions;
  f.algorithm(tc.call, symbol, { spelling: a.spelling, params: a.params, unresolved: a.unresolved, functions });
  if (spec.role === 'hash' || !KEYED.has(tc.method)) return true;
  const [key, iv] = tc.args;
  if (f.constantBytes(key)) f.signal(tc.call, symbol, 'hardcoded-key', `${a.spelling} key is written in the source`, { spelling: a.spelling, params: a.params });
  if (iv && (spec.role === 'mode' || spec.role === 'cipher') && f.constantBytes(iv)) {
    f.signal(tc.call, symbol, 'static-iv', `${a.spelling} IV is a constant in the source`, { spelling: a.spelling, params: a.params });
  }
  return true;
}

/**
 * `cipher.encrypt(nonce, plaintext)` on an AEAD made in this file: a nonce fixed in the source is a
 * static nonce (a typed `Nonce::from_slice(b"…")` is reported where it is made).
 */
export function aeadEncrypt(f: RsFile, call: SgNode, receiver: SgNode, args: SgNode[]): void {
  const made = f.origin(receiver);
  if (!made || kindOf(made) !== 'call_expression') return;
  const tc = f.typeCall(made);
  const spec = tc ? lookupType(tc.type.path) : undefined;
  if (!tc || !spec || (spec.role !== 'cipher' && spec.role !== 'mode')) return;
  const a = algorithmOf(tc.type);
  const nonce = args[0];
  if (!a || !nonce || !f.constantBytes(nonce)) return;
  const source = f.origin(nonce);
  if (source && kindOf(source) === 'call_expression') {
    const nt = f.typeCall(source);
    if (nt && lookupType(nt.type.path)?.role === 'nonce') return;
  }
  f.signal(call, `${symbolOf(tc)}.encrypt`, 'static-iv', `${a.spelling} nonce is a constant in the source`, { spelling: a.spelling, params: a.params });
}
