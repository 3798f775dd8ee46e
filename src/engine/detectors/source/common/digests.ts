// Output lengths of fixed-length hashes, by knowledge-base name: a key made from a digest
// (`sha256.Sum256(secret)` in Go, `password.bytes.sha256()` in Swift) has the digest's length.

/** Output length in bytes of a fixed-length hash named as the knowledge base names it; SHAKE has none. */
export function digestBytes(hash: string): number | undefined {
  if (hash === 'MD5' || hash === 'MD4') return 16;
  if (hash === 'SHA-1' || hash === 'RIPEMD-160') return 20;
  const m = /^(?:SHA-512\/|SHA-|SHA3-|BLAKE2[bs]-|Keccak-)(\d+)$/.exec(hash);
  return m ? Number(m[1]) / 8 : undefined;
}
