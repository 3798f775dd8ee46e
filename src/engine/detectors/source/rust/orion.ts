// orion's high-level API: each module fixes its algorithm (orion's documented choices), the function says
// what is done. `aead` is XChaCha20-Poly1305, `hash` BLAKE2b-256, `auth` keyed BLAKE2b-256, `pwhash` and
// `kdf` Argon2i with one lane (iterations and memory in KiB are the call's arguments).
import type { FnHandler } from './passwords.js';

const fixed = (spelling: string, fn: 'encrypt' | 'decrypt' | 'digest' | 'tag' | 'verify'): FnHandler =>
  (f, call, symbol) => f.algorithm(call, symbol, { spelling, functions: [fn] });

/** `pwhash::hash_password(pw, iterations, memory)`, `kdf::derive_key(pw, salt, iterations, memory, len)`. */
const argon2i = (iterationsArg: number, lengthArg?: number): FnHandler => (f, call, symbol, args) => {
  const len = lengthArg !== undefined ? f.int(args[lengthArg]) : undefined;
  f.algorithm(call, symbol, {
    spelling: 'Argon2i',
    params: { cost: f.int(args[iterationsArg]), memoryCost: f.int(args[iterationsArg + 1]), parallelism: 1, ...(len ? { outputLength: len * 8 } : {}) },
    unresolved: ['cost', 'memoryCost'],
    functions: ['keyderive'],
  });
};

export const ORION_FNS: ReadonlyArray<[string, FnHandler]> = [
  ['orion::aead::seal', fixed('XChaCha20-Poly1305', 'encrypt')], ['orion::aead::open', fixed('XChaCha20-Poly1305', 'decrypt')],
  ['orion::hash::digest', fixed('BLAKE2b-256', 'digest')],
  ['orion::auth::authenticate', fixed('BLAKE2b-256', 'tag')], ['orion::auth::authenticate_verify', fixed('BLAKE2b-256', 'verify')],
  ['orion::pwhash::hash_password', argon2i(1)], ['orion::kdf::derive_key', argon2i(2, 4)],
  // Checked against the stored PHC string, whose parameters are the hash's.
  ['orion::pwhash::hash_password_verify', (f, call, symbol) => f.algorithm(call, symbol, { spelling: 'Argon2i', functions: ['verify'] })],
];
