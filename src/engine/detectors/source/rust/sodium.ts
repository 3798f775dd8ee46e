// sodiumoxide (libsodium bindings), also re-exported by other crates (`hbb_common::sodiumoxide`): the module
// names the algorithm (`crypto::secretbox` is XSalsa20-Poly1305, `crypto::sign` Ed25519, `crypto::box_`
// X25519 with XSalsa20-Poly1305), the function what is done with it.
import type { CryptoFunction } from '../../../inventory/model.js';
import type { AlgorithmEmit } from './file.js';

const MODULES: Record<string, { spelling: string; params?: AlgorithmEmit['params']; unresolved?: AlgorithmEmit['unresolved'] }> = {
  secretbox: { spelling: 'XSalsa20-Poly1305' }, 'secretbox::xsalsa20poly1305': { spelling: 'XSalsa20-Poly1305' },
  sealedbox: { spelling: 'XSalsa20-Poly1305' },
  box_: { spelling: 'XSalsa20-Poly1305' }, 'box_::curve25519xsalsa20poly1305': { spelling: 'XSalsa20-Poly1305' },
  sign: { spelling: 'Ed25519' }, 'sign::ed25519': { spelling: 'Ed25519' },
  kx: { spelling: 'X25519' }, 'kx::x25519blake2b': { spelling: 'X25519' },
  'hash::sha256': { spelling: 'SHA-256' }, 'hash::sha512': { spelling: 'SHA-512' }, hash: { spelling: 'SHA-512' },
  generichash: { spelling: 'BLAKE2b' },
  auth: { spelling: 'HMAC', params: { hash: 'SHA-512/256' } }, 'auth::hmacsha512256': { spelling: 'HMAC', params: { hash: 'SHA-512/256' } },
  'auth::hmacsha256': { spelling: 'HMAC', params: { hash: 'SHA-256' } }, 'auth::hmacsha512': { spelling: 'HMAC', params: { hash: 'SHA-512' } },
  // Work factors are the OPSLIMIT/MEMLIMIT arguments (named constants of the crate): not read.
  pwhash: { spelling: 'Argon2id', unresolved: ['cost', 'memoryCost'] }, 'pwhash::argon2id13': { spelling: 'Argon2id', unresolved: ['cost', 'memoryCost'] },
  'pwhash::argon2i13': { spelling: 'Argon2i', unresolved: ['cost', 'memoryCost'] }, 'pwhash::scryptsalsa208sha256': { spelling: 'scrypt', unresolved: ['cost'] },
  'aead::chacha20poly1305_ietf': { spelling: 'ChaCha20-Poly1305' }, 'aead::chacha20poly1305': { spelling: 'ChaCha20-Poly1305' },
  'aead::xchacha20poly1305_ietf': { spelling: 'XChaCha20-Poly1305' }, 'aead::aes256gcm': { spelling: 'AES', params: { keySize: 256, mode: 'GCM' } },
};

/** What each function of those modules does; functions not listed (sizes, `Nonce`, `gen_nonce`) are no use. */
const FUNCTIONS: Record<string, CryptoFunction> = {
  seal: 'encrypt', seal_detached: 'encrypt', seal_precomputed: 'encrypt', encrypt: 'encrypt',
  open: 'decrypt', open_detached: 'decrypt', open_precomputed: 'decrypt', decrypt: 'decrypt',
  gen_key: 'keygen', gen_keypair: 'keygen', keypair_from_seed: 'keygen', precompute: 'keygen',
  sign: 'sign', sign_detached: 'sign', verify: 'verify', verify_detached: 'verify',
  hash: 'digest', authenticate: 'tag',
  pwhash: 'keyderive', derive_key: 'keyderive', pwhash_verify: 'verify',
  client_session_keys: 'keyderive', server_session_keys: 'keyderive',
};

export const SODIUM_FNS = Object.keys(FUNCTIONS);

/** The algorithm of a call `…sodiumoxide::crypto::<module>::<function>`, or undefined. */
export function sodiumCall(path: string): AlgorithmEmit | undefined {
  const m = /(?:^|::)sodiumoxide::crypto::(\w+(?:::\w+)?)::(\w+)$/.exec(path);
  if (!m) return undefined;
  const fn = FUNCTIONS[m[2]!];
  const mod = MODULES[m[1]!];
  if (!fn || !mod) return undefined;
  // `box_::gen_keypair()` and `sealedbox` keys are X25519 key pairs; `box_::seal` is the XSalsa20-Poly1305 they key.
  if (fn === 'keygen' && /^(box_|sealedbox)/.test(m[1]!) && m[2] !== 'gen_key') return { spelling: 'X25519', functions: ['keygen'] };
  return { spelling: mod.spelling, ...(mod.params ? { params: mod.params } : {}), ...(mod.unresolved ? { unresolved: mod.unresolved } : {}), functions: [fn] };
}
