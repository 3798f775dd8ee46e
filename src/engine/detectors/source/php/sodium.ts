// libsodium (ext/sodium, PHP >= 7.2, and the sodium_compat polyfill with the same function names): the
// function name fixes the algorithm (`sodium_crypto_secretbox` is XSalsa20-Poly1305, `sodium_crypto_sign_*`
// Ed25519, `sodium_crypto_box_keypair` X25519). Nonces written in the source are static IVs; keys written
// there are hard-coded keys. `sodium_crypto_pwhash` takes its algorithm from its last argument: the
// default (SODIUM_CRYPTO_PWHASH_ALG_DEFAULT) is "the currently recommended algorithm, which can change
// between libsodium versions", so it stays Argon2 without a variant.
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import type { PhpCall, PhpFile } from './file.js';
import { passwordSignal } from './openssl.js';

interface SodiumFn {
  spelling: string;
  params?: AlgorithmParams;
  fn: CryptoFunction;
  /** Positions of the nonce and key arguments. */
  nonce?: number;
  key?: number;
}

const AEADS: Record<string, { spelling: string; params?: AlgorithmParams }> = {
  aes256gcm: { spelling: 'AES', params: { keySize: 256, mode: 'GCM' } },
  chacha20poly1305: { spelling: 'ChaCha20-Poly1305' },
  chacha20poly1305_ietf: { spelling: 'ChaCha20-Poly1305' },
  xchacha20poly1305_ietf: { spelling: 'XChaCha20-Poly1305' },
};

const TABLE = new Map<string, SodiumFn>([
  ['sodium_crypto_secretbox', { spelling: 'XSalsa20-Poly1305', fn: 'encrypt', nonce: 1, key: 2 }],
  ['sodium_crypto_secretbox_open', { spelling: 'XSalsa20-Poly1305', fn: 'decrypt', nonce: 1, key: 2 }],
  ['sodium_crypto_secretbox_keygen', { spelling: 'XSalsa20-Poly1305', fn: 'keygen' }],
  ['sodium_crypto_box', { spelling: 'XSalsa20-Poly1305', fn: 'encrypt', nonce: 1 }],
  ['sodium_crypto_box_open', { spelling: 'XSalsa20-Poly1305', fn: 'decrypt', nonce: 1 }],
  ['sodium_crypto_box_seal', { spelling: 'XSalsa20-Poly1305', fn: 'encrypt' }],
  ['sodium_crypto_box_seal_open', { spelling: 'XSalsa20-Poly1305', fn: 'decrypt' }],
  ['sodium_crypto_box_keypair', { spelling: 'X25519', fn: 'keygen' }],
  ['sodium_crypto_box_seed_keypair', { spelling: 'X25519', fn: 'keygen' }],
  ['sodium_crypto_kx_keypair', { spelling: 'X25519', fn: 'keygen' }],
  ['sodium_crypto_kx_seed_keypair', { spelling: 'X25519', fn: 'keygen' }],
  ['sodium_crypto_kx_client_session_keys', { spelling: 'X25519', fn: 'keyderive' }],
  ['sodium_crypto_kx_server_session_keys', { spelling: 'X25519', fn: 'keyderive' }],
  ['sodium_crypto_scalarmult', { spelling: 'X25519', fn: 'keyderive' }],
  ['sodium_crypto_sign_keypair', { spelling: 'Ed25519', fn: 'keygen' }],
  ['sodium_crypto_sign_seed_keypair', { spelling: 'Ed25519', fn: 'keygen' }],
  ['sodium_crypto_sign', { spelling: 'Ed25519', fn: 'sign' }],
  ['sodium_crypto_sign_detached', { spelling: 'Ed25519', fn: 'sign' }],
  ['sodium_crypto_sign_open', { spelling: 'Ed25519', fn: 'verify' }],
  ['sodium_crypto_sign_verify_detached', { spelling: 'Ed25519', fn: 'verify' }],
  ['sodium_crypto_generichash', { spelling: 'BLAKE2b', fn: 'digest' }],
  ['sodium_crypto_generichash_init', { spelling: 'BLAKE2b', fn: 'digest' }],
  ['sodium_crypto_kdf_derive_from_key', { spelling: 'BLAKE2b', fn: 'keyderive' }],
  ['sodium_crypto_auth', { spelling: 'HMAC', params: { hash: 'SHA-512/256' }, fn: 'tag', key: 1 }],
  ['sodium_crypto_auth_verify', { spelling: 'HMAC', params: { hash: 'SHA-512/256' }, fn: 'verify', key: 2 }],
  ['sodium_crypto_shorthash', { spelling: 'SipHash-2-4', fn: 'tag' }],
  ['sodium_crypto_stream_xchacha20', { spelling: 'XChaCha20', fn: 'encrypt', nonce: 1, key: 2 }],
  ['sodium_crypto_stream_xchacha20_xor', { spelling: 'XChaCha20', fn: 'encrypt', nonce: 1, key: 2 }],
  ['sodium_crypto_stream', { spelling: 'XSalsa20', fn: 'encrypt', nonce: 1, key: 2 }],
  ['sodium_crypto_stream_xor', { spelling: 'XSalsa20', fn: 'encrypt', nonce: 1, key: 2 }],
  ['sodium_crypto_secretstream_xchacha20poly1305_init_push', { spelling: 'XChaCha20-Poly1305', fn: 'encrypt', key: 0 }],
  ['sodium_crypto_secretstream_xchacha20poly1305_init_pull', { spelling: 'XChaCha20-Poly1305', fn: 'decrypt', key: 1 }],
  ['sodium_crypto_pwhash_scryptsalsa208sha256', { spelling: 'scrypt', fn: 'keyderive' }],
  ['sodium_crypto_pwhash_scryptsalsa208sha256_str', { spelling: 'scrypt', fn: 'keyderive' }],
  ...Object.entries(AEADS).flatMap(([suffix, a]): Array<[string, SodiumFn]> => [
    [`sodium_crypto_aead_${suffix}_encrypt`, { ...a, fn: 'encrypt', nonce: 2, key: 3 }],
    [`sodium_crypto_aead_${suffix}_decrypt`, { ...a, fn: 'decrypt', nonce: 2, key: 3 }],
    [`sodium_crypto_aead_${suffix}_keygen`, { ...a, fn: 'keygen' }],
  ]),
]);

export const SODIUM_NAMES = [...TABLE.keys(), 'sodium_crypto_pwhash', 'sodium_crypto_pwhash_str', 'sodium_crypto_pwhash_str_verify'];

export function sodiumCall(f: PhpFile, call: PhpCall): void {
  if (call.name.startsWith('sodium_crypto_pwhash') && !call.name.includes('scrypt')) return pwhash(f, call);
  const s = TABLE.get(call.name);
  if (!s) return;
  const params: AlgorithmParams = { ...s.params };
  let spelling = s.spelling;
  let fn = s.fn;
  let keyArg = s.key !== undefined ? f.arg(call, s.key) : undefined;
  if (call.name === 'sodium_crypto_generichash' || call.name === 'sodium_crypto_generichash_init') {
    // generichash(message, key = '', length = SODIUM_CRYPTO_GENERICHASH_BYTES, which is 32): BLAKE2b-256 unless
    // told otherwise; _init(key = '', length = 32). With a key it is keyed BLAKE2b, a MAC (the knowledge base has
    // no entry of its own for it: the hash with the function `tag`, as Bouncy Castle's Blake3Mac in Java).
    const init = call.name === 'sodium_crypto_generichash_init';
    const lengthArg = init ? f.arg(call, 1, 'length') : f.arg(call, 2, 'length');
    const length = lengthArg ? f.int(lengthArg) : 32;
    if (length) spelling = `BLAKE2b-${length * 8}`;
    const key = init ? f.arg(call, 0, 'key') : f.arg(call, 1, 'key');
    const v = key ? f.ev.eval(key) : undefined;
    if (key && !((v?.kind === 'str' && v.value === '') || v?.kind === 'none' || (v?.kind === 'bytes' && v.length === 0))) {
      fn = 'tag';
      keyArg = key;
    }
  }
  const nonceArg = s.nonce !== undefined ? f.arg(call, s.nonce) : undefined;
  const nonceBytes = f.byteLength(nonceArg);
  if (nonceBytes) params.ivLength = nonceBytes * 8;
  f.algorithm(call.node, call.name, { spelling, params, functions: [fn] });
  const related = { spelling, params };
  if (nonceArg && f.constantBytes(nonceArg)) f.signal(call.node, call.name, 'static-iv', `${s.spelling} nonce is a constant in the source`, related);
  if (keyArg && f.constantBytes(keyArg)) f.signal(call.node, call.name, 'hardcoded-key', `${s.spelling} key is written in the source`, related);
}

/** sodium_crypto_pwhash(length, password, salt, opslimit, memlimit, algo), _str(password, opslimit, memlimit), _str_verify. */
function pwhash(f: PhpFile, call: PhpCall): void {
  if (call.name === 'sodium_crypto_pwhash_str_verify') {
    f.algorithm(call.node, call.name, { spelling: 'Argon2', functions: ['verify'] });
    return;
  }
  const str = call.name === 'sodium_crypto_pwhash_str';
  const [ops, mem] = str ? [1, 2] : [3, 4];
  const algo = str ? undefined : f.constantName(f.arg(call, 5, 'algo'));
  const spelling = algo === 'SODIUM_CRYPTO_PWHASH_ALG_ARGON2ID13' ? 'Argon2id' : algo === 'SODIUM_CRYPTO_PWHASH_ALG_ARGON2I13' ? 'Argon2i' : 'Argon2';
  const cost = f.int(f.arg(call, ops, 'opslimit'));
  const memBytes = f.int(f.arg(call, mem, 'memlimit'));
  const length = str ? undefined : f.int(f.arg(call, 0, 'length'));
  f.algorithm(call.node, call.name, {
    spelling,
    // libsodium's Argon2 runs one lane.
    params: { cost, memoryCost: memBytes ? Math.floor(memBytes / 1024) : undefined, parallelism: 1, outputLength: length ? length * 8 : undefined, saltLength: str ? undefined : f.byteLength(f.arg(call, 2, 'salt')) || undefined },
    unresolved: ['cost', 'memoryCost'],
    functions: ['keyderive'],
  });
  passwordSignal(f, call, f.arg(call, str ? 0 : 1, 'password'));
}
