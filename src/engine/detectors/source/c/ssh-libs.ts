// The SSH client libraries' calls that fix an algorithm in the caller's code: the digest of a host-key
// fingerprint (libssh2's `libssh2_hostkey_hash(session, LIBSSH2_HOSTKEY_HASH_MD5)`, libssh's
// `ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, …)`, which curl compares with the
// fingerprint its user pins), and libssh's key generation (`ssh_pki_generate(SSH_KEYTYPE_RSA, 3072,
// &key)`). The algorithms a session negotiates are SSH names, read where the program writes them
// (common/ssh-names.ts); the key types of a host key merely inspected (`switch(ssh_key_type(k))`) are
// the peer's, not a choice of the program, and are not reported.
import type { LibraryRef } from '../../../inventory/model.js';
import type { CallHandler } from './openssl.js';

const LIBSSH2: LibraryRef = { ecosystem: 'generic', name: 'libssh2' };
const LIBSSH: LibraryRef = { ecosystem: 'generic', name: 'libssh' };

/** Fingerprint digests by the constant's suffix (both libraries name them MD5, SHA1, SHA256). */
const FINGERPRINT_HASHES: Readonly<Record<string, string>> = { MD5: 'MD5', SHA1: 'SHA-1', SHA256: 'SHA-256' };

/** `fn(…, TYPE, …)` whose TYPE constant (`prefix` + MD5/SHA1/SHA256) names the fingerprint's digest; another value reports nothing. */
function fingerprint(library: LibraryRef, prefix: string, arg: number): CallHandler {
  return (f, call, _callee, args) => {
    const type = f.symbol(args[arg]);
    const hash = type?.startsWith(prefix) ? FINGERPRINT_HASHES[type.slice(prefix.length)] : undefined;
    if (hash) f.algorithm(call, library, { spelling: hash, functions: ['digest'] });
  };
}

/** ECDSA curves by the key size libssh's generic `SSH_KEYTYPE_ECDSA` takes as its parameter. */
const ECDSA_BITS: Readonly<Record<number, string>> = { 256: 'P-256', 384: 'P-384', 521: 'P-521' };

/**
 * `ssh_pki_generate(type, parameter, &key)`: the parameter is the size in bits of an RSA or DSA key
 * and of the generic ECDSA type's curve; the curve-specific types and Ed25519 ignore it.
 */
const pkiGenerate: CallHandler = (f, call, _callee, args) => {
  const type = f.symbol(args[0]);
  const bits = f.int(args[1]);
  const keygen = { functions: ['keygen' as const] };
  switch (type) {
    case 'SSH_KEYTYPE_RSA':
    case 'SSH_KEYTYPE_RSA1':
      return f.algorithm(call, LIBSSH, { spelling: 'RSA', params: { keySize: bits }, unresolved: ['keySize'], ...keygen });
    case 'SSH_KEYTYPE_DSS':
      return f.algorithm(call, LIBSSH, { spelling: 'DSA', params: { keySize: bits }, unresolved: ['keySize'], ...keygen });
    case 'SSH_KEYTYPE_ECDSA': {
      const curve = bits === undefined ? undefined : ECDSA_BITS[bits];
      return f.algorithm(call, LIBSSH, curve ? { spelling: curve, ...keygen } : { spelling: 'ECDSA', unresolved: ['curve'], ...keygen });
    }
    case 'SSH_KEYTYPE_ECDSA_P256':
    case 'SSH_KEYTYPE_ECDSA_P384':
    case 'SSH_KEYTYPE_ECDSA_P521':
      return f.algorithm(call, LIBSSH, { spelling: `P-${type.slice('SSH_KEYTYPE_ECDSA_P'.length)}`, ...keygen });
    case 'SSH_KEYTYPE_ED25519':
      return f.algorithm(call, LIBSSH, { spelling: 'Ed25519', ...keygen });
  }
};

export const SSH_LIB_CALLS: ReadonlyArray<[string, CallHandler]> = [
  ['libssh2_hostkey_hash', fingerprint(LIBSSH2, 'LIBSSH2_HOSTKEY_HASH_', 1)],
  ['ssh_get_publickey_hash', fingerprint(LIBSSH, 'SSH_PUBLICKEY_HASH_', 1)],
  ['ssh_pki_generate', pkiGenerate],
];
