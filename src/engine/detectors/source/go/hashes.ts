// Go hash identities: the constructors and one-shot functions of the hash packages (each call is a
// hash asset), and the values that name a hash when passed to HMAC, HKDF, PBKDF2, RSA or signatures
// (`sha256.New`, `crypto.SHA256`). Names are the knowledge base's canonical names.

const SHA3 = {
  New224: 'SHA3-224', New256: 'SHA3-256', New384: 'SHA3-384', New512: 'SHA3-512',
  Sum224: 'SHA3-224', Sum256: 'SHA3-256', Sum384: 'SHA3-384', Sum512: 'SHA3-512',
  NewShake128: 'SHAKE128', NewShake256: 'SHAKE256', ShakeSum128: 'SHAKE128', ShakeSum256: 'SHAKE256',
  NewCShake128: 'SHAKE128', NewCShake256: 'SHAKE256', NewLegacyKeccak256: 'Keccak-256', NewLegacyKeccak512: 'Keccak-512',
};

/** Import path -> function -> hash name. Calling one of these computes (or starts computing) that hash. */
export const HASH_FUNCTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'crypto/md5': { New: 'MD5', Sum: 'MD5' },
  'crypto/sha1': { New: 'SHA-1', Sum: 'SHA-1' },
  'crypto/sha256': { New: 'SHA-256', Sum256: 'SHA-256', New224: 'SHA-224', Sum224: 'SHA-224' },
  'crypto/sha512': {
    New: 'SHA-512', Sum512: 'SHA-512', New384: 'SHA-384', Sum384: 'SHA-384',
    New512_224: 'SHA-512/224', Sum512_224: 'SHA-512/224', New512_256: 'SHA-512/256', Sum512_256: 'SHA-512/256',
  },
  'crypto/sha3': SHA3,
  'golang.org/x/crypto/sha3': SHA3,
  'golang.org/x/crypto/blake2b': {
    New256: 'BLAKE2b-256', New384: 'BLAKE2b-384', New512: 'BLAKE2b-512',
    Sum256: 'BLAKE2b-256', Sum384: 'BLAKE2b-384', Sum512: 'BLAKE2b-512',
  },
  'golang.org/x/crypto/blake2s': { New256: 'BLAKE2s-256', New128: 'BLAKE2s-128', Sum256: 'BLAKE2s-256' },
  'golang.org/x/crypto/md4': { New: 'MD4' },
  'golang.org/x/crypto/ripemd160': { New: 'RIPEMD-160' },
};

/** `crypto.Hash` constants (package `crypto`); `crypto.SHA256.New()` computes the hash too. */
export const CRYPTO_HASH: Readonly<Record<string, string>> = {
  MD5: 'MD5', SHA1: 'SHA-1', SHA224: 'SHA-224', SHA256: 'SHA-256', SHA384: 'SHA-384', SHA512: 'SHA-512',
  SHA512_224: 'SHA-512/224', SHA512_256: 'SHA-512/256', SHA3_224: 'SHA3-224', SHA3_256: 'SHA3-256',
  SHA3_384: 'SHA3-384', SHA3_512: 'SHA3-512', BLAKE2b_256: 'BLAKE2b-256', BLAKE2b_512: 'BLAKE2b-512',
  BLAKE2s_256: 'BLAKE2s-256', RIPEMD160: 'RIPEMD-160', MD4: 'MD4',
};

/**
 * Hash named by a qualified Go path: a hash function (`crypto/sha256.New`), a `crypto.Hash`
 * constant (`crypto.SHA256`) or its method value (`crypto.SHA256.New`).
 */
export function hashFromPath(path: string): string | undefined {
  const p = path.replace(/\(\)$/, '');
  const dot = p.lastIndexOf('.');
  if (dot < 0) return undefined;
  const pkg = p.slice(0, dot);
  const name = p.slice(dot + 1);
  const fromFn = HASH_FUNCTIONS[pkg]?.[name];
  if (fromFn) return fromFn;
  if (pkg === 'crypto') return CRYPTO_HASH[name];
  if (pkg.startsWith('crypto.') && (name === 'New' || name === 'HashFunc')) return CRYPTO_HASH[pkg.slice('crypto.'.length)];
  return undefined;
}
