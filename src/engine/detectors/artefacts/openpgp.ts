// OpenPGP keys in ASCII armour (`-----BEGIN PGP PRIVATE KEY BLOCK-----`, `PGP PUBLIC KEY BLOCK`;
// RFC 9580 §6): each key's algorithm and size from its key packet, primary key and subkeys; and the
// recipients' key algorithms of an encrypted `PGP MESSAGE`. sops' PGP test keys, a GnuPG export
// committed beside a deployment, a maintainer's signing key: before, the PEM reader knew no PGP label
// and such a private key was not reported at all. Armour headers (`Version:`) and the CRC line are the
// PEM reader's.
import type { AlgorithmRefFact, MaterialFacts } from '../../inventory/model.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { decodeOid } from './der-reader.js';
import { canonicalCurve, edwardsMontgomeryBits, sha256Hex } from './key-facts.js';

export const OPENPGP_LABELS: ReadonlyMap<string, 'private-key' | 'public-key'> = new Map([
  ['PGP PRIVATE KEY BLOCK', 'private-key'],
  ['PGP PUBLIC KEY BLOCK', 'public-key'],
]);

/** OpenPGP's own curve OIDs for the 25519/448 keys of v4 packets (RFC 9580 §9.2), and the RFC 8410 ones GnuPG also writes. */
const EDWARDS_OIDS: Readonly<Record<string, string>> = {
  '1.3.6.1.4.1.11591.15.1': 'Ed25519', '1.3.101.112': 'Ed25519', '1.3.101.113': 'Ed448',
  '1.3.6.1.4.1.3029.1.5.1': 'X25519', '1.3.101.110': 'X25519', '1.3.101.111': 'X448',
};

/** RFC 9580 §9.1 public-key algorithm ids, by how their public fields begin. */
const RSA_IDS = new Set([1, 2, 3]);
const FIXED: Readonly<Record<number, string>> = { 25: 'X25519', 26: 'X448', 27: 'Ed25519', 28: 'Ed448' };
/** Their public fields' lengths in octets (RFC 9580 §5.5.5.7-10). */
const FIXED_LENGTHS: Readonly<Record<number, number>> = { 25: 32, 26: 56, 27: 32, 28: 57 };

/** The packet at `at`: its tag and body range (old and new formats; a partial length is no key packet). */
function packet(b: Uint8Array, at: number): { tag: number; start: number; end: number } | undefined {
  const h = b[at];
  if (h === undefined || !(h & 0x80)) return undefined;
  let tag: number;
  let start: number;
  let len: number;
  if (h & 0x40) {
    tag = h & 0x3f;
    const o = b[at + 1];
    if (o === undefined) return undefined;
    if (o < 192) [start, len] = [at + 2, o];
    else if (o < 224) [start, len] = [at + 3, ((o - 192) << 8) + (b[at + 2] ?? 0) + 192];
    else if (o === 255) [start, len] = [at + 6, (((b[at + 2] ?? 0) << 24) >>> 0) + ((b[at + 3] ?? 0) << 16) + ((b[at + 4] ?? 0) << 8) + (b[at + 5] ?? 0)];
    else return undefined;
  } else {
    tag = (h >> 2) & 0x0f;
    const type = h & 3;
    if (type === 3) return undefined;
    const n = 1 << type;
    len = 0;
    for (let i = 1; i <= n; i++) len = len * 256 + (b[at + i] ?? 0);
    start = at + 1 + n;
  }
  return start + len <= b.length ? { tag, start, end: start + len } : undefined;
}

/** An MPI's bit count (its two-byte header) and where the next field starts. */
function mpi(b: Uint8Array, at: number, end: number): { bits: number; next: number } | undefined {
  if (at + 2 > end) return undefined;
  const bits = (b[at]! << 8) | b[at + 1]!;
  const next = at + 2 + Math.ceil(bits / 8);
  return next <= end && bits > 0 ? { bits, next } : undefined;
}

/** A curve OID field (length octet, then the OID's DER content) as a dotted string. */
function curveOid(b: Uint8Array, at: number, end: number): string | undefined {
  const len = b[at];
  if (len === undefined || len === 0 || len === 0xff || at + 1 + len > end) return undefined;
  return decodeOid(b, { tag: 0x06, at, start: at + 1, end: at + 1 + len }) ?? undefined;
}

function algorithmOf(b: Uint8Array, id: number, at: number, end: number, kb: KnowledgeBase): { algorithm: AlgorithmRefFact; size?: number } | undefined {
  if (RSA_IDS.has(id)) {
    const n = mpi(b, at, end);
    return n && { algorithm: { spelling: 'RSA', params: { keySize: n.bits } }, size: n.bits };
  }
  if (id === 16 || id === 17) {
    const p = mpi(b, at, end);
    return p && { algorithm: { spelling: id === 17 ? 'DSA' : 'ElGamal', params: { keySize: p.bits } }, size: p.bits };
  }
  if (id === 18 || id === 19 || id === 22) {
    const oid = curveOid(b, at, end);
    if (!oid) return undefined;
    const edwards = EDWARDS_OIDS[oid];
    if (edwards) {
      const size = edwardsMontgomeryBits(kb, edwards);
      return { algorithm: { spelling: edwards, params: {} }, ...(size !== undefined && { size }) };
    }
    const named = kb.findCurve(oid);
    if (!named) return undefined;
    const curve = canonicalCurve(kb, named.name);
    return { algorithm: { spelling: id === 18 ? 'ECDH' : 'ECDSA', params: { curve: curve.name } }, ...(curve.bits !== undefined && { size: curve.bits }) };
  }
  const fixed = FIXED[id];
  if (fixed) {
    const size = edwardsMontgomeryBits(kb, fixed);
    return { algorithm: { spelling: fixed, params: {} }, ...(size !== undefined && { size }) };
  }
  return undefined;
}

/** Secret and public key packets, primary and subkey (RFC 9580 §5.5.1). */
const KEY_TAGS: ReadonlyMap<number, 'private-key' | 'public-key'> = new Map([[5, 'private-key'], [7, 'private-key'], [6, 'public-key'], [14, 'public-key']]);
/** Packets a key block is made of (user IDs, signatures, trust, attributes, padding) besides its keys. */
const OTHER_TAGS = new Set([2, 12, 13, 17, 21]);

/**
 * The keys of an armoured OpenPGP key block: the primary key, with its algorithm, size and, for a
 * secret key, whether its secret part is protected by a passphrase (an S2K usage octet other than 0
 * after the public fields); and the algorithm of each subkey (an RSA primary key may have an RSA
 * encryption subkey of another size; an EdDSA one a Curve25519 ECDH subkey, the key that actually
 * receives encrypted data). The block is one key as GnuPG counts them, so one key material (one
 * committed private key), its subkeys algorithms beside it. The block must begin with a primary key
 * packet of the label's kind; packets other than keys are skipped, reading stops at anything
 * unexpected. Undefined when the primary key is not readable.
 */
export function openpgpKeys(data: Uint8Array, kind: 'private-key' | 'public-key', kb: KnowledgeBase): { primary: MaterialFacts; subkeys: AlgorithmRefFact[] } | undefined {
  const first = packet(data, 0);
  if (!first || first.tag !== (kind === 'private-key' ? 5 : 6)) return undefined;
  const primary = keyPacket(data, first, kind, kb);
  if (!primary) return undefined;
  const subkeys: AlgorithmRefFact[] = [];
  for (let p = packet(data, first.end); p; p = packet(data, p.end)) {
    const type = KEY_TAGS.get(p.tag);
    if (type === undefined && !OTHER_TAGS.has(p.tag)) break;
    const key = type && keyPacket(data, p, type, kb);
    if (key?.algorithm) subkeys.push(key.algorithm);
  }
  return { primary, subkeys };
}

function keyPacket(data: Uint8Array, p: { start: number; end: number }, kind: 'private-key' | 'public-key', kb: KnowledgeBase): MaterialFacts | undefined {
  const version = data[p.start];
  // v3/v2: version, time (4), validity days (2), algorithm; v4: version, time, algorithm; v5/v6 add a 4-octet key material length.
  const algoAt = version === 2 || version === 3 ? p.start + 7 : version === 4 || version === 5 || version === 6 ? p.start + 5 : -1;
  if (algoAt < 0 || algoAt >= p.end) return undefined;
  const id = data[algoAt]!;
  const v56 = version === 5 || version === 6;
  const fieldsAt = v56 ? algoAt + 5 : algoAt + 1;
  const facts = algorithmOf(data, id, fieldsAt, p.end, kb);
  if (!facts) return undefined;
  // v5/v6 give the public fields' length; v4 and older are walked field by field.
  const declared = v56 ? fieldsAt + ((((data[algoAt + 1] ?? 0) << 24) >>> 0) + ((data[algoAt + 2] ?? 0) << 16) + ((data[algoAt + 3] ?? 0) << 8) + (data[algoAt + 4] ?? 0)) : undefined;
  const pubEnd = declared !== undefined ? (declared <= p.end ? declared : undefined) : publicEnd(data, id, fieldsAt, p.end);
  // The fingerprint covers the public part only (version to the end of the public fields), so a secret
  // key and its exported public key are one key.
  const out: MaterialFacts = {
    materialType: kind, format: 'OpenPGP', algorithm: facts.algorithm, ...(facts.size !== undefined && { size: facts.size }),
    fingerprintSha256: sha256Hex(data.subarray(p.start, pubEnd ?? p.end)),
  };
  // The S2K usage octet follows the public fields: 0 is a secret part in the clear.
  if (kind === 'private-key' && pubEnd !== undefined && pubEnd < p.end) out.encrypted = data[pubEnd] !== 0;
  return out;
}

/**
 * Where a key's public fields end: RSA (n, e), DSA (p, q, g, y), ElGamal (p, g, y) are MPIs; ECDSA and
 * EdDSA a curve OID and a point; ECDH also its KDF parameters (a length octet and that many octets);
 * RFC 9580's X25519/X448/Ed25519/Ed448 fixed-size octet strings. Undefined when unreadable.
 */
function publicEnd(b: Uint8Array, id: number, at: number, end: number): number | undefined {
  const fixed = FIXED_LENGTHS[id];
  if (fixed !== undefined) return at + fixed <= end ? at + fixed : undefined;
  const ec = id === 18 || id === 19 || id === 22;
  const count = RSA_IDS.has(id) ? 2 : id === 17 ? 4 : id === 16 ? 3 : ec ? 1 : 0;
  if (count === 0) return undefined;
  let next = ec ? at + 1 + (b[at] ?? end) : at;
  for (let i = 0; i < count; i++) {
    const m = mpi(b, next, end);
    if (!m) return undefined;
    next = m.next;
  }
  if (id === 18) next += 1 + (b[next] ?? end);
  return next <= end ? next : undefined;
}

const PKESK = 1;

/** ECDH's ephemeral point, by its MPI size: Curve25519's native form (0x40 prefix, 32 octets) or an uncompressed NIST point. */
const ECDH_POINT_BITS: Readonly<Record<number, string>> = { 263: 'Curve25519', 515: 'P-256', 771: 'P-384', 1059: 'P-521' };

/**
 * The public-key algorithms an armoured OpenPGP message's session key is encrypted to, one per
 * recipient (v3 public-key encrypted session key packets, RFC 9580 §5.1, at the start of the message):
 * RSA (PKCS#1 v1.5 encryption; the modulus size is not in the message), ElGamal, ECDH (its curve from
 * the ephemeral point's size), X25519, X448. sops writes such a message for each PGP key a file is
 * encrypted to. Empty for a message encrypted with a passphrase only, or anything unreadable.
 */
export function openpgpMessageRecipients(data: Uint8Array): AlgorithmRefFact[] {
  const out: AlgorithmRefFact[] = [];
  for (let at = 0, p = packet(data, 0); p && p.tag === PKESK; at = p.end, p = packet(data, at)) {
    if (data[p.start] !== 3) continue;
    const id = data[p.start + 9];
    const fieldsAt = p.start + 10;
    if (id === undefined) break;
    if (RSA_IDS.has(id)) out.push({ spelling: 'RSA', params: { padding: 'PKCS1v15' } });
    else if (id === 16) out.push({ spelling: 'ElGamal', params: {} });
    else if (id === 18) {
      const point = mpi(data, fieldsAt, p.end);
      const curve = point && ECDH_POINT_BITS[point.bits];
      out.push(curve === 'Curve25519' ? { spelling: 'X25519', params: {} } : { spelling: 'ECDH', params: curve ? { curve } : {} });
    } else if (id === 25 || id === 26) out.push({ spelling: FIXED[id]!, params: {} });
  }
  return out;
}
