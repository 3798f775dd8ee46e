// Minimal DER reader: enough structure to validate a blob (one complete top-level SEQUENCE), read the
// signature-algorithm OID of a certificate and recognise PKCS#12 without opening it. Never decrypts.

export interface DerNode {
  tag: number;
  /** Offset of the tag (the whole TLV is `at`..`end`). */
  at: number;
  /** Offset of the contents. */
  start: number;
  /** Offset just past the contents. */
  end: number;
}

/** Reads the TLV at `offset`; null when it is malformed or runs past `limit`. */
export function readTlv(buf: Uint8Array, offset: number, limit = buf.length): DerNode | null {
  if (offset + 2 > limit) return null;
  const tag = buf[offset]!;
  let len = buf[offset + 1]!;
  let p = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || p + n > limit) return null;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[p + i]!;
    p += n;
  }
  if (p + len > limit) return null;
  return { tag, at: offset, start: p, end: p + len };
}

export function children(buf: Uint8Array, node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  let p = node.start;
  while (p < node.end) {
    const c = readTlv(buf, p, node.end);
    if (!c) return [];
    out.push(c);
    p = c.end;
  }
  return out;
}

/** True when `buf` is exactly one DER SEQUENCE (trailing bytes or truncation make it false). */
export function isCompleteSequence(buf: Uint8Array): boolean {
  const top = readTlv(buf, 0);
  return top !== null && top.tag === 0x30 && top.end === buf.length;
}

export function decodeOid(buf: Uint8Array, node: DerNode): string | null {
  if (node.tag !== 0x06 || node.end <= node.start) return null;
  const first = buf[node.start]!;
  const parts: number[] = [Math.floor(first / 40) > 2 ? 2 : Math.floor(first / 40), first >= 80 ? first - 80 : first % 40];
  let v = 0;
  for (let i = node.start + 1; i < node.end; i++) {
    v = v * 128 + (buf[i]! & 0x7f);
    if (!(buf[i]! & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

/** Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm AlgorithmIdentifier, signature }. */
export function certificateSignatureOid(der: Uint8Array): string | null {
  const top = readTlv(der, 0);
  if (!top || top.tag !== 0x30) return null;
  const parts = children(der, top);
  const algId = parts[1];
  if (!algId || algId.tag !== 0x30) return null;
  const oid = children(der, algId)[0];
  return oid ? decodeOid(der, oid) : null;
}

/** PFX ::= SEQUENCE { version INTEGER (3), authSafe ContentInfo, macData OPTIONAL } (RFC 7292). */
export function looksLikePkcs12(der: Uint8Array): boolean {
  const top = readTlv(der, 0);
  if (!top || top.tag !== 0x30) return false;
  const version = readTlv(der, top.start, top.end);
  return version !== null && version.tag === 0x02 && version.end - version.start === 1 && der[version.start] === 3;
}

const PBES2 = '1.2.840.113549.1.5.13';
const PBKDF2 = '1.2.840.113549.1.5.12';
/** PBKDF2's PRF when the parameters leave it out (RFC 8018 A.2). */
const HMAC_SHA1 = '1.2.840.113549.2.7';

/** The algorithm OIDs of a PBES2 EncryptedPrivateKeyInfo (RFC 5958, RFC 8018); null for other schemes. */
export function pbes2Oids(der: Uint8Array): { kdf: string; prf: string | null; cipher: string } | null {
  const top = readTlv(der, 0);
  if (!top || top.tag !== 0x30) return null;
  const algId = children(der, top)[0];
  if (!algId || algId.tag !== 0x30) return null;
  const [oid, params] = children(der, algId);
  if (!oid || !params || decodeOid(der, oid) !== PBES2 || params.tag !== 0x30) return null;
  const [kdfId, encId] = children(der, params);
  if (!kdfId || !encId || kdfId.tag !== 0x30 || encId.tag !== 0x30) return null;
  const [kdfOid, kdfParams] = children(der, kdfId);
  const encOid = children(der, encId)[0];
  const kdf = kdfOid ? decodeOid(der, kdfOid) : null;
  const cipher = encOid ? decodeOid(der, encOid) : null;
  if (!kdf || !cipher) return null;
  let prf: string | null = null;
  if (kdf === PBKDF2) {
    // PBKDF2-params ::= SEQUENCE { salt, iterationCount, keyLength OPTIONAL, prf AlgorithmIdentifier DEFAULT hmacWithSHA1 }
    const prfId = kdfParams && kdfParams.tag === 0x30 ? children(der, kdfParams).find((c) => c.tag === 0x30) : undefined;
    const prfOid = prfId ? children(der, prfId)[0] : undefined;
    prf = (prfOid && decodeOid(der, prfOid)) || HMAC_SHA1;
  }
  return { kdf, prf, cipher };
}
