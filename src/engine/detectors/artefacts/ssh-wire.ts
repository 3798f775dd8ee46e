// SSH public-key blobs (RFC 4253 section 6.6, RFC 5656, RFC 8709), OpenSSH certificates (OpenSSH
// PROTOCOL.certkeys) and the openssh-key-v1 private-key container (OpenSSH PROTOCOL.key): enough to
// learn the key type and size, and who signed a certificate with what. Private parts are not read.
import type { AlgorithmRefFact } from '../../inventory/model.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { canonicalCurve, edwardsMontgomeryBits, sha256Hex } from './key-facts.js';

const sized = (size: number | undefined): { size?: number } => (size === undefined ? {} : { size });

class Reader {
  p = 0;
  constructor(private readonly b: Buffer) {}
  skip(n: number): boolean {
    if (this.p + n > this.b.length) return false;
    this.p += n;
    return true;
  }
  slice(from: number, to: number): Buffer {
    return this.b.subarray(from, to);
  }
  u32(): number | null {
    if (this.p + 4 > this.b.length) return null;
    const v = this.b.readUInt32BE(this.p);
    this.p += 4;
    return v;
  }
  bytes(): Buffer | null {
    const n = this.u32();
    if (n === null || this.p + n > this.b.length) return null;
    const v = this.b.subarray(this.p, this.p + n);
    this.p += n;
    return v;
  }
  string(): string | null {
    return this.bytes()?.toString('latin1') ?? null;
  }
}

function mpintBits(m: Buffer): number {
  let i = 0;
  while (i < m.length && m[i] === 0) i++;
  if (i === m.length) return 0;
  return (m.length - i - 1) * 8 + (32 - Math.clz32(m[i]!));
}

export interface SshKeyFacts {
  /** The key type written in the blob: ssh-rsa, ssh-ed25519, ecdsa-sha2-nistp256, ... */
  keyType: string;
  algorithm: AlgorithmRefFact;
  size?: number;
  /** SHA-256 hex of the public-key blob: what `ssh-keygen -l -E sha256` prints, in hex. */
  fingerprintSha256: string;
  /**
   * A FIDO security key (`sk-ssh-ed25519@openssh.com`, `sk-ecdsa-sha2-nistp256@openssh.com`): the
   * private key never leaves the authenticator; a private-key file holds only its key handle.
   */
  securityKey: boolean;
}

/** FIPS 204's ML-DSA-44 public key (1,312 bytes) followed by the 32-byte Ed25519 key. */
const MLDSA44_ED25519_PUBLIC_BYTES = 1312 + 32;

/** The key fields of a blob after its type string; null when malformed or of a type we do not know. */
function readKeyFields(base: string, r: Reader, kb: KnowledgeBase): { algorithm: AlgorithmRefFact; size?: number } | null {
  if (base === 'ssh-rsa') {
    const e = r.bytes();
    const n = r.bytes();
    if (!e || !n) return null;
    const bits = mpintBits(n);
    return { algorithm: { spelling: 'RSA', params: { keySize: bits }, oid: '1.2.840.113549.1.1.1' }, size: bits };
  }
  if (base === 'ssh-dss') {
    const p = r.bytes();
    const q = r.bytes();
    const g = r.bytes();
    const y = r.bytes();
    if (!p || !q || !g || !y) return null;
    const bits = mpintBits(p);
    return { algorithm: { spelling: 'DSA', params: { keySize: bits }, oid: '1.2.840.10040.4.1' }, size: bits };
  }
  if (base === 'ssh-ed25519') {
    const k = r.bytes();
    if (!k || k.length !== 32) return null;
    return { algorithm: { spelling: 'Ed25519', params: {}, oid: '1.3.101.112' }, ...sized(edwardsMontgomeryBits(kb, 'Ed25519')) };
  }
  if (base === 'ssh-ed448') {
    const k = r.bytes();
    if (!k || k.length !== 57) return null;
    return { algorithm: { spelling: 'Ed448', params: {}, oid: '1.3.101.113' }, ...sized(edwardsMontgomeryBits(kb, 'Ed448')) };
  }
  if (base === 'ssh-mldsa44-ed25519') {
    // OpenSSH's composite (draft-miller-sshm-mldsa44-ed25519): one string, the ML-DSA-44 public key then Ed25519's.
    const k = r.bytes();
    if (!k || k.length !== MLDSA44_ED25519_PUBLIC_BYTES) return null;
    return { algorithm: { spelling: 'ML-DSA-44-Ed25519', params: {}, oid: '1.3.6.1.5.5.7.6.39' } };
  }
  const ec = /^ecdsa-sha2-(nistp256|nistp384|nistp521)$/.exec(base);
  if (ec) {
    const curveName = r.string();
    const q = r.bytes();
    if (curveName !== ec[1] || !q || q.length < 33) return null;
    const curve = canonicalCurve(kb, curveName);
    return { algorithm: { spelling: 'ECDSA', params: { curve: curve.name }, oid: '1.2.840.10045.2.1' }, ...sized(curve.bits) };
  }
  return null;
}

/** The plain key type a blob's type names: `sk-` and `@openssh.com` dropped (security keys), certificates separate. */
const baseType = (keyType: string): string => keyType.replace(/^sk-/, '').replace(/@openssh\.com$/, '');
const CERT_SUFFIX = '-cert-v01@openssh.com';

/** Parses a public-key blob; null when it is malformed or of a type we do not know. */
export function parseSshPublicBlob(blob: Buffer, kb: KnowledgeBase): SshKeyFacts | null {
  const r = new Reader(blob);
  const keyType = r.string();
  if (!keyType) return null;
  const key = readKeyFields(baseType(keyType), r, kb);
  if (!key) return null;
  return { keyType, ...key, fingerprintSha256: sha256Hex(blob), securityKey: keyType.startsWith('sk-') };
}

export interface SshCertificateFacts {
  /** The certificate type as written: `ssh-ed25519-cert-v01@openssh.com`, ... */
  certType: string;
  /** The certified key; its fingerprint is the plain key's (what `ssh-keygen -l` prints for the key and its certificate). */
  key: SshKeyFacts;
  /** The signing CA's public key, when of a type we know. */
  ca: SshKeyFacts | null;
  /** The CA's signature algorithm as named in the signature blob: `rsa-sha2-512`, `ssh-ed25519`, `ecdsa-sha2-nistp384`. */
  signatureAlgorithm: string | null;
}

/**
 * An OpenSSH certificate blob (PROTOCOL.certkeys): type, nonce, the key's own fields, then serial,
 * type, key id, principals, validity, options, extensions, reserved, the CA key and the signature.
 */
export function parseSshCertificateBlob(blob: Buffer, kb: KnowledgeBase): SshCertificateFacts | null {
  const r = new Reader(blob);
  const certType = r.string();
  if (!certType?.endsWith(CERT_SUFFIX) || !r.bytes()) return null;
  const plainType = certType.slice(0, -CERT_SUFFIX.length) + (certType.startsWith('sk-') ? '@openssh.com' : '');
  const fieldsStart = r.p;
  const key = readKeyFields(baseType(plainType), r, kb);
  if (!key) return null;
  // Security-key certificates carry the application string after the key fields, as their plain blobs do.
  if (plainType.startsWith('sk-') && r.bytes() === null) return null;
  const typeField = Buffer.alloc(4 + plainType.length);
  typeField.writeUInt32BE(plainType.length, 0);
  typeField.write(plainType, 4, 'latin1');
  const plainBlob = Buffer.concat([typeField, r.slice(fieldsStart, r.p)]);
  // serial (8), type (4), key id, principals, valid after (8), valid before (8), critical options, extensions, reserved
  if (!r.skip(12) || r.bytes() === null || r.bytes() === null || !r.skip(16)) return null;
  if (r.bytes() === null || r.bytes() === null || r.bytes() === null) return null;
  const caBlob = r.bytes();
  const signature = r.bytes();
  if (!caBlob || !signature) return null;
  return {
    certType,
    key: { keyType: plainType, ...key, fingerprintSha256: sha256Hex(plainBlob), securityKey: plainType.startsWith('sk-') },
    ca: parseSshPublicBlob(caBlob, kb),
    signatureAlgorithm: new Reader(signature).string(),
  };
}

/** The format of a FIDO security key's handle file (`ssh-keygen -t ed25519-sk`). */
export const SECURITY_KEY_FORMAT = 'OpenSSH FIDO security key';

const OPENSSH_MAGIC = Buffer.from('openssh-key-v1\0', 'latin1');

/** What an `OPENSSH PRIVATE KEY` body tells: its key type, the public half when of a type we know, and whether it is encrypted. */
export interface OpensshPrivateFacts {
  keyType: string;
  /** Absent for key types we cannot read (a new or experimental type): the key is still there. */
  algorithm?: AlgorithmRefFact;
  size?: number;
  fingerprintSha256: string;
  securityKey: boolean;
  encrypted: boolean;
}

/** The public half and encryption state of an `OPENSSH PRIVATE KEY` body; null when malformed. */
export function parseOpensshPrivate(der: Buffer, kb: KnowledgeBase): OpensshPrivateFacts | null {
  if (!der.subarray(0, OPENSSH_MAGIC.length).equals(OPENSSH_MAGIC)) return null;
  const r = new Reader(der.subarray(OPENSSH_MAGIC.length));
  const cipher = r.string();
  const kdf = r.string();
  const kdfOptions = r.bytes();
  const count = r.u32();
  if (cipher === null || kdf === null || kdfOptions === null || count === null || count < 1) return null;
  const pub = r.bytes();
  if (!pub) return null;
  const encrypted = cipher !== 'none';
  const facts = parseSshPublicBlob(pub, kb);
  if (facts) return { ...facts, encrypted };
  const keyType = new Reader(pub).string();
  return keyType ? { keyType, fingerprintSha256: sha256Hex(pub), securityKey: keyType.startsWith('sk-'), encrypted } : null;
}
