// ruma-signatures (also `ruma::signatures`): Matrix's event and JSON signing. Its only key type is
// `Ed25519KeyPair` (generated, or loaded from PKCS#8 DER), every signature it makes or checks is Ed25519
// (the Matrix spec's one signing algorithm), and its content and reference hashes are SHA-256 over
// canonical JSON. Its own crate's code reaches these through `crate::` paths and is not read again.
import type { FnHandler } from './passwords.js';

const emit = (spelling: string, fn: 'sign' | 'verify' | 'digest'): FnHandler => (f, call, symbol) => f.algorithm(call, symbol, { spelling, functions: [fn] });

const OWN: ReadonlyArray<[string, FnHandler]> = [
  ['sign_json', emit('Ed25519', 'sign')], ['sign_event', emit('Ed25519', 'sign')],
  // Hashes the event's content (SHA-256) into it, then signs the redacted event.
  ['hash_and_sign_event', (f, call, symbol, args, typeArgs) => {
    emit('SHA-256', 'digest')(f, call, symbol, args, typeArgs);
    emit('Ed25519', 'sign')(f, call, symbol, args, typeArgs);
  }],
  ['verify_json', emit('Ed25519', 'verify')], ['verify_event', emit('Ed25519', 'verify')], ['verify_canonical_json_bytes', emit('Ed25519', 'verify')],
  ['verify_policy_server_signature', emit('Ed25519', 'verify')],
  ['content_hash', emit('SHA-256', 'digest')], ['reference_hash', emit('SHA-256', 'digest')], ['add_content_hash_to_event', emit('SHA-256', 'digest')],
];

/** By both crate paths: `ruma_signatures::sign_json` and the umbrella's `ruma::signatures::sign_json` (looked up as `ruma::sign_json`). */
export const RUMA_FNS: ReadonlyArray<[string, FnHandler]> = OWN.flatMap(([name, h]): Array<[string, FnHandler]> => [[`ruma_signatures::${name}`, h], [`ruma::${name}`, h]]);
