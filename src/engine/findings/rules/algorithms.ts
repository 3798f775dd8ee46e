// Rules on algorithm assets: broken or weak primitives and parameters.
import type { AlgorithmAsset, Severity } from '../../inventory/model.js';
import { assetLocations, type Hit, type Rule, type RuleContext } from '../rule.js';

function algorithms(ctx: RuleContext): AlgorithmAsset[] {
  return ctx.inventory.assets.filter((a): a is AlgorithmAsset => a.kind === 'algorithm');
}

function hit(a: AlgorithmAsset, severity: Severity, detail: string, remediation: string): Hit {
  return { severity, detail, remediation, assetRef: a.id, locations: assetLocations(a) };
}

const WEAK_HASHES: Record<string, { severity: Severity; why: string }> = {
  MD2: { severity: 'high', why: 'MD2 is broken (RFC 6149 moved it to Historic)' },
  MD4: { severity: 'high', why: 'MD4 collisions take less than a second (RFC 6150)' },
  MD5: { severity: 'high', why: 'MD5 collisions are practical (RFC 6151; chosen-prefix collisions forged a CA certificate in 2008)' },
  'SHA-1': { severity: 'medium', why: 'SHA-1 collisions are practical (SHAttered 2017, chosen-prefix 2020); NIST retires it by 2030' },
  RIPEMD: { severity: 'low', why: 'RIPEMD-160 gives 80-bit collision resistance, below the 112-bit minimum of SP 800-131A' },
};
const HASH_REMEDIATION = 'Use SHA-256 or SHA-3 for signatures, integrity and commitments, and a password hash (Argon2id, scrypt, bcrypt, or PBKDF2 with enough iterations) for passwords. A non-security checksum (cache key, deduplication) can stay, but say so in a comment.';

export const weakHash: Rule = {
  id: 'weak-hash',
  title: 'Broken or weak hash function',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => {
    const w = a.primitive === 'hash' ? WEAK_HASHES[a.family] : undefined;
    if (!w) return [];
    // Places where the code declares a non-security use (usedforsecurity=False) are left out; an
    // asset used only that way raises nothing.
    const locations = assetLocations({ ...a, occurrences: a.occurrences.filter((o) => !o.notForSecurity) });
    if (locations.length === 0) return [];
    return [{ ...hit(a, w.severity, `${a.name}: ${w.why}. Findings cannot tell a security use from a checksum; review each location.`, HASH_REMEDIATION), locations }];
  }),
};

const SIGNATURE_BREAKING_HASHES = new Set(['MD2', 'MD4', 'MD5', 'SHA-1']);

/** Hash inside a signature, MAC or KDF: the parameter carries the weakness. */
export const weakHashInScheme: Rule = {
  id: 'weak-hash-in-signature',
  title: 'Signature with a broken hash',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => {
    const h = a.params.hash;
    if (a.primitive !== 'signature' || !h) return [];
    const family = ctx.kb.resolve(h, {}).family;
    const w = SIGNATURE_BREAKING_HASHES.has(family) ? WEAK_HASHES[family] : undefined;
    if (!w) return [];
    return [hit(a, 'high', `${a.name} signs a ${h} digest: ${w.why}, so signatures can be forged by collision (RFC 9155 forbids MD5/SHA-1 signatures in TLS 1.2).`,
      'Sign with SHA-256 or stronger (SHA256withRSA, RSA-PSS with SHA-256, ECDSA with SHA-256), and re-issue certificates signed with SHA-1 or MD5.')];
  }),
};

const WEAK_CIPHERS: Record<string, string> = {
  DES: 'DES has a 56-bit key, searchable in hours',
  RC4: 'RC4 keystream biases allow plaintext recovery (RFC 7465 prohibits it in TLS)',
  RC2: 'RC2 is obsolete; 40- and 64-bit keys are searchable',
  '3DES': 'Triple DES has 64-bit blocks (Sweet32) and NIST withdrew it at the end of 2023',
  Blowfish: 'Blowfish has 64-bit blocks: birthday attacks after about 32 GiB (Sweet32)',
  IDEA: 'IDEA has 64-bit blocks: birthday attacks after about 32 GiB (Sweet32)',
  CAST5: 'CAST5 has 64-bit blocks: birthday attacks after about 32 GiB (Sweet32)',
};

export const weakCipher: Rule = {
  id: 'weak-cipher',
  title: 'Broken or obsolete cipher',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => {
    const why = WEAK_CIPHERS[a.family];
    if (!why) return [];
    return [hit(a, a.broken ? 'high' : 'medium', `${a.name}: ${why}.`,
      'Use AES-256-GCM or ChaCha20-Poly1305 (authenticated encryption with a fresh random nonce per message); re-encrypt stored data.')];
  }),
};

export const ecbMode: Rule = {
  id: 'ecb-mode',
  title: 'Block cipher in ECB mode',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => (a.params.mode === 'ECB' && a.primitive === 'block-cipher'
    ? [hit(a, 'high', `${a.name}: ECB encrypts equal plaintext blocks to equal ciphertext blocks, which leaks the structure of the data and offers no integrity.`,
      'Use an authenticated mode: AES-GCM (unique 96-bit nonce per key) or ChaCha20-Poly1305; AES-GCM-SIV where nonces may repeat.')]
    : [])),
};

const MODULUS_FAMILIES = new Set(['RSA', 'RSASSA-PKCS1', 'RSAES-PKCS1', 'RSASSA-PSS', 'RSAES-OAEP', 'DSA', 'ElGamal', 'FFDH']);

export const shortKey: Rule = {
  id: 'short-key',
  title: 'RSA, DSA or Diffie-Hellman key below 2048 bits',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => {
    if (!MODULUS_FAMILIES.has(a.family)) return [];
    const size = a.params.keySize;
    const short = size !== undefined ? size < 2048 : a.classicalSecurityBits !== null && a.classicalSecurityBits < 112;
    if (!short) return [];
    const bits = a.classicalSecurityBits === null ? '' : ` (about ${a.classicalSecurityBits}-bit security)`;
    return [hit(a, a.broken ? 'critical' : 'high',
      `${a.name}: ${size ?? 'the'}-bit modulus${bits} is below the 2048-bit minimum of NIST SP 800-131A Rev. 2${a.broken ? '; moduli of this size have been factored publicly' : ''}.`,
      'Use at least 3072-bit RSA or DH (2048 only until 2030), or move to ECC now and to ML-KEM / ML-DSA for post-quantum safety; rotate the keys.')];
  }),
};

const ECC_FAMILIES = new Set(['ECDSA', 'ECDH', 'EdDSA', 'SM2']);

export const smallCurve: Rule = {
  id: 'small-curve',
  title: 'Elliptic curve under 224 bits',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => {
    if (!ECC_FAMILIES.has(a.family) || !a.params.curve) return [];
    const curve = ctx.kb.findCurve(a.params.curve);
    if (!curve || curve.bits >= 224) return [];
    return [hit(a, 'high', `${a.name}: curve ${curve.name} has a ${curve.bits}-bit field (about ${curve.classicalSecurityBits}-bit security), below the 224-bit minimum of NIST SP 800-186 / SP 800-131A.`,
      'Use P-256, P-384, X25519 or Ed25519 (and plan for ML-KEM / ML-DSA).')];
  }),
};

export const rsaPkcs1Encryption: Rule = {
  id: 'rsa-pkcs1v15-encryption',
  title: 'RSA encryption with PKCS#1 v1.5 padding',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => (a.family === 'RSAES-PKCS1'
    ? [hit(a, 'medium', `${a.name}: PKCS#1 v1.5 encryption padding is open to Bleichenbacher-style padding-oracle attacks (ROBOT); NIST SP 800-131A Rev. 2 disallows it for key transport after 2023.`,
      'Use RSA-OAEP with SHA-256, or better a KEM (ML-KEM-768, or X25519 / X25519MLKEM768 key agreement) with an AEAD.')]
    : [])),
};

/** OWASP Password Storage Cheat Sheet (2023): minimum PBKDF2 iterations per PRF hash. */
export const PBKDF2_MIN_ITERATIONS: Record<string, number> = { 'SHA-1': 1_300_000, 'SHA-256': 600_000, 'SHA-512': 210_000 };
const LOWEST_PBKDF2_MINIMUM = Math.min(...Object.values(PBKDF2_MIN_ITERATIONS));

export const pbkdf2Iterations: Rule = {
  id: 'pbkdf2-low-iterations',
  title: 'PBKDF2 with fewer iterations than OWASP recommends',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => {
    const n = a.params.iterations;
    if (a.family !== 'PBKDF2' || n === undefined) return [];
    const hash = a.params.hash;
    // Without a known PRF only a count under every threshold is certainly too low.
    const min = hash ? PBKDF2_MIN_ITERATIONS[hash] : LOWEST_PBKDF2_MINIMUM;
    if (min === undefined || n >= min) return [];
    return [hit(a, n < 10_000 ? 'high' : 'medium',
      `${a.name}: ${n.toLocaleString('en-US')} iterations; OWASP (2023) asks for at least ${min.toLocaleString('en-US')} with ${hash ? `HMAC-${hash}` : 'any PRF'}.`,
      'Raise the iteration count (600,000 for PBKDF2-HMAC-SHA256, 210,000 for SHA-512, 1,300,000 for SHA-1) and re-hash on next login, or move to Argon2id (19 MiB, 2 passes) or scrypt.')];
  }),
};

/** Password-to-key derivations that predate PBKDF2: PKCS #5 v1.5's PBKDF1 and OpenSSL's EVP_BytesToKey. */
const LEGACY_PASSWORD_KDFS: Record<string, string> = {
  PBKDF1: 'PBKDF1 is kept by RFC 8018 only for compatibility: its output is capped at the hash length and it has no salted PRF construction',
  EVP_BytesToKey: 'EVP_BytesToKey is documented by OpenSSL as legacy: one hash per block, one iteration by default (OpenSSL enc before 1.1.1, crypto-js passphrases, PEM encryption), so a password falls to an offline search at hashing speed',
};

export const legacyPasswordKdf: Rule = {
  id: 'legacy-password-kdf',
  title: 'Legacy password-based key derivation',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => {
    const why = LEGACY_PASSWORD_KDFS[a.family];
    if (!why) return [];
    const n = a.params.iterations;
    // Same bar as PBKDF2: a count under 10,000 makes the search cheap whatever the hash.
    const severity: Severity = n !== undefined && n < 10_000 ? 'high' : 'medium';
    const count = n === undefined ? '' : ` (${n.toLocaleString('en-US')} iteration${n === 1 ? '' : 's'})`;
    return [hit(a, severity, `${a.name}${count}: ${why}.`,
      'Derive keys from passwords with Argon2id (19 MiB, 2 passes), scrypt, or PBKDF2-HMAC-SHA256 with 600,000 iterations and a random salt; re-encrypt data protected by the old derivation.')];
  }),
};

const COVERED = new Set([...Object.keys(WEAK_HASHES), ...Object.keys(WEAK_CIPHERS), ...MODULUS_FAMILIES, ...ECC_FAMILIES, ...Object.keys(LEGACY_PASSWORD_KDFS)]);

export const brokenAlgorithm: Rule = {
  id: 'broken-algorithm',
  title: 'Algorithm with practical attacks',
  evaluate: (ctx) => algorithms(ctx).flatMap((a) => (a.broken && !COVERED.has(a.family)
    ? [hit(a, 'high', `${a.name} is broken: practical attacks are published (see the knowledge-base sources for ${a.kbEntry ?? a.name}).`,
      'Replace it with a current algorithm of the same kind (AES-GCM, SHA-256, HMAC-SHA-256, PBKDF2-HMAC-SHA256 with 600,000 iterations or Argon2id).')]
    : [])),
};
