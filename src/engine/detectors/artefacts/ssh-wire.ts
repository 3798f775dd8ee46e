// SSH public-key blobs (RFC 4253 section 6.6, RFC 5656, RFC 8709) and the openssh-key-v1 private-key
// container (OpenSSH PROTOCOL.key): enough to learn the key type and size. Private parts are not read.
import type { AlgorithmRefFact } from '../../inventory/model.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { canonicalCurve, edwardsMontgomeryBits, sha256Hex } from './key-facts.js';

const sized = (size: number | undefined): { size?: number } => (size === undefined ? {} : { size });

class Reader {
  private p = 0;
  constructor(private readonly b: Buffer) {}
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
}

/** Parses a public-key blob; null when it is malformed or of a type we do not know. */
export function parseSshPublicBlob(blob: Buffer, kb: KnowledgeBase): SshKeyFacts | null {
  const r = new Reader(blob);
  const keyType = r.string();
  if (!keyType) return null;
  const fingerprintSha256 = sha256Hex(blob);
  const base = keyType.replace(/^sk-/, '').replace(/@openssh\.com$/, '');
  if (base === 'ssh-rsa') {
    const e = r.bytes();
    const n = r.bytes();
    if (!e || !n) return null;
    const bits = mpintBits(n);
    return { keyType, algorithm: { spelling: 'RSA', params: { keySize: bits }, oid: '1.2.840.113549.1.1.1' }, size: bits, fingerprintSha256 };
  }
  if (base === 'ssh-dss') {
    const p = r.bytes();
    if (!p) return null;
    const bits = mpintBits(p);
    return { keyType, algorithm: { spelling: 'DSA', params: { keySize: bits }, oid: '1.2.840.10040.4.1' }, size: bits, fingerprintSha256 };
  }
  if (base === 'ssh-ed25519') {
    const k = r.bytes();
    if (!k || k.length !== 32) return null;
    return { keyType, algorithm: { spelling: 'Ed25519', params: {}, oid: '1.3.101.112' }, ...sized(edwardsMontgomeryBits(kb, 'Ed25519')), fingerprintSha256 };
  }
  if (base === 'ssh-ed448') {
    const k = r.bytes();
    if (!k || k.length !== 57) return null;
    return { keyType, algorithm: { spelling: 'Ed448', params: {}, oid: '1.3.101.113' }, ...sized(edwardsMontgomeryBits(kb, 'Ed448')), fingerprintSha256 };
  }
  const ec = /^ecdsa-sha2-(nistp256|nistp384|nistp521)$/.exec(base);
  if (ec) {
    const curveName = r.string();
    const q = r.bytes();
    if (curveName !== ec[1] || !q || q.length < 33) return null;
    const curve = canonicalCurve(kb, curveName);
    const facts: SshKeyFacts = { keyType, algorithm: { spelling: 'ECDSA', params: { curve: curve.name }, oid: '1.2.840.10045.2.1' }, fingerprintSha256 };
    if (curve.bits !== undefined) facts.size = curve.bits;
    return facts;
  }
  return null;
}

const OPENSSH_MAGIC = Buffer.from('openssh-key-v1\0', 'latin1');

/** The public half and encryption state of an `OPENSSH PRIVATE KEY` body; null when malformed. */
export function parseOpensshPrivate(der: Buffer, kb: KnowledgeBase): (SshKeyFacts & { encrypted: boolean }) | null {
  if (!der.subarray(0, OPENSSH_MAGIC.length).equals(OPENSSH_MAGIC)) return null;
  const r = new Reader(der.subarray(OPENSSH_MAGIC.length));
  const cipher = r.string();
  const kdf = r.string();
  const kdfOptions = r.bytes();
  const count = r.u32();
  if (cipher === null || kdf === null || kdfOptions === null || count === null || count < 1) return null;
  const pub = r.bytes();
  if (!pub) return null;
  const facts = parseSshPublicBlob(pub, kb);
  return facts ? { ...facts, encrypted: cipher !== 'none' } : null;
}
