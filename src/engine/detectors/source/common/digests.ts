// Output lengths of fixed-length hashes, by knowledge-base name: a key made from a digest
// (`sha256.Sum256(secret)` in Go, `password.bytes.sha256()` in Swift) has the digest's length.

/** Output length in bytes of a fixed-length hash named as the knowledge base names it; SHAKE has none. */
export function digestBytes(hash: string): number | undefined {
  if (hash === 'MD5' || hash === 'MD4') return 16;
  if (hash === 'SHA-1' || hash === 'RIPEMD-160') return 20;
  const m = /^(?:SHA-512\/|SHA-|SHA3-|BLAKE2[bs]-|Keccak-)(\d+)$/.exec(hash);
  return m ? Number(m[1]) / 8 : undefined;
}

/**
 * Output length in bytes of a JCA `MessageDigest` by its standard or common name (`SHA-256`, `SHA256`,
 * `SHA` for SHA-1, `MD5`, `SHA-512/256`, `SHA3-384`): a key made with `md.digest(secret)` (Java and
 * Kotlin) has the digest's length. Undefined for names not read here.
 */
export function jcaDigestBytes(name: string | undefined): number | undefined {
  if (name === undefined) return undefined;
  const n = name.toUpperCase();
  if (n === 'SHA' || n === 'SHA1') return digestBytes('SHA-1');
  const m = /^SHA-?(224|256|384|512)$/.exec(n);
  return digestBytes(m ? `SHA-${m[1]}` : n);
}
