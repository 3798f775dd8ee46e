// PEM blocks anywhere in a text file: certificates and keys in .pem/.crt/.key files, but also inside
// markdown code blocks, YAML values (indented, `|` block scalars), JSON strings with `\n` escapes and
// string literals in code. A block yields an asset only when its body decodes and parses: prose that
// mentions "BEGIN CERTIFICATE" and truncated or garbage bodies yield nothing.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { Detection, MaterialFacts, Occurrence } from '../../inventory/model.js';
import type { DetectContext, Detector, SourceFile } from '../types.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { certificateFacts } from './certificate.js';
import { isCompleteSequence, pbes2Oids, readTlv } from './der-reader.js';
import { keyFacts, sha256Hex } from './key-facts.js';
import { SECURITY_KEY_FORMAT, parseOpensshPrivate } from './ssh-wire.js';
import { PARAMETER_LABELS, REQUEST_LABELS, parameterFacts, requestFacts } from './requests-and-parameters.js';
import { LineIndex, NON_TEXT_EXT, occurrenceAt, snippetOf } from './text.js';
import { OPENPGP_LABELS, openpgpKeys, openpgpMessageRecipients } from './openpgp.js';
import { openvpnStaticKeys } from './openvpn-config.js';

const ID = 'pem';
const BEGIN = /-----BEGIN ([A-Z0-9][A-Z0-9 ]{0,40}?)-----/g;
/** A PEM body longer than this is not a key or certificate we report (CRL dumps, bundles are split per block). */
const MAX_BODY_CHARS = 128 * 1024;
const LINE_SPLIT = /\r?\n|\\r\\n|\\n/;
const HEADER = /^\s*([A-Za-z][A-Za-z-]*):\s*(.*)$/;
/**
 * Base64 runs of 4+ characters, padding included: a body's last line can be `OA==` (two data
 * characters); stray 1-3 character runs (`+` concatenating code literals) are not base64 groups.
 */
const BASE64_RUN = /[A-Za-z0-9+/]+={0,2}/g;
/** OpenPGP armour's CRC-24 line (`=XXXX`, RFC 9580 §6.1) after the body: not part of the data. */
const ARMOR_CHECKSUM = /^\s*=[A-Za-z0-9+/]{4}\s*$/;

interface Block {
  label: string;
  der: Buffer;
  headers: Map<string, string>;
  beginOffset: number;
  endOffset: number;
}

function* pemBlocks(text: string): Generator<Block> {
  BEGIN.lastIndex = 0;
  for (let m = BEGIN.exec(text); m; m = BEGIN.exec(text)) {
    const label = m[1]!;
    const bodyStart = m.index + m[0].length;
    const endMarker = `-----END ${label}-----`;
    // The END marker is searched only up to the next BEGIN (an unterminated block followed by another
    // one is skipped) and within the size bound, so many unterminated markers stay linear.
    const nextBegin = text.indexOf('-----BEGIN ', bodyStart);
    const limit = Math.min(nextBegin === -1 ? text.length : nextBegin, bodyStart + MAX_BODY_CHARS + endMarker.length);
    const inWindow = text.slice(bodyStart, limit).indexOf(endMarker);
    if (inWindow === -1) continue;
    const end = bodyStart + inWindow;
    const headers = new Map<string, string>();
    let b64 = '';
    for (const line of text.slice(bodyStart, end).split(LINE_SPLIT)) {
      const h = HEADER.exec(line);
      if (h && b64 === '') {
        headers.set(h[1]!, h[2]!.trim());
        continue;
      }
      if (ARMOR_CHECKSUM.test(line)) continue;
      for (const run of line.match(BASE64_RUN) ?? []) if (run.length >= 4) b64 += run;
    }
    BEGIN.lastIndex = end + endMarker.length;
    // A body this short is a fragment, except a named curve's OID (`EC PARAMETERS`: 7 bytes).
    if (b64.length < (label === 'EC PARAMETERS' ? 8 : 16)) continue;
    yield { label, der: Buffer.from(b64, 'base64'), headers, beginOffset: m.index, endOffset: end };
  }
}

function toPem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

const PRIVATE_FORMATS: Record<string, string> = {
  'PRIVATE KEY': 'PKCS#8',
  'RSA PRIVATE KEY': 'PKCS#1',
  'EC PRIVATE KEY': 'SEC1',
  'DSA PRIVATE KEY': 'OpenSSL-DSA',
};
const PUBLIC_FORMATS: Record<string, string> = {
  'PUBLIC KEY': 'SPKI',
  'RSA PUBLIC KEY': 'PKCS#1',
};
const LEGACY_ALGORITHMS: Record<string, string> = { 'RSA PRIVATE KEY': 'RSA', 'EC PRIVATE KEY': 'ECDSA', 'DSA PRIVATE KEY': 'DSA' };

function material(block: Block, kb: KnowledgeBase): MaterialFacts | null {
  const { label, der } = block;
  if (label in PRIVATE_FORMATS) {
    const format = PRIVATE_FORMATS[label]!;
    // Legacy OpenSSL encryption (Proc-Type: 4,ENCRYPTED): the key type is in the label, the size is sealed.
    if (/ENCRYPTED/.test(block.headers.get('Proc-Type') ?? '')) {
      if (der.length < 64) return null;
      return { materialType: 'private-key', format, algorithm: { spelling: LEGACY_ALGORITHMS[label]!, params: {} }, encrypted: true, fingerprintSha256: sha256Hex(der) };
    }
    if (!isCompleteSequence(der)) return null;
    try {
      const f = keyFacts(createPrivateKey(toPem(label, der)), kb);
      return { materialType: 'private-key', format, algorithm: f.algorithm, ...(f.size !== undefined && { size: f.size }), encrypted: false, fingerprintSha256: f.fingerprintSha256 };
    } catch {
      return null;
    }
  }
  if (label === 'ENCRYPTED PRIVATE KEY') {
    // PKCS#8 EncryptedPrivateKeyInfo: algorithm and size are inside the encrypted part.
    const top = readTlv(der, 0);
    if (!isCompleteSequence(der) || !top || der.length < 64) return null;
    return { materialType: 'private-key', format: 'PKCS#8', encrypted: true, fingerprintSha256: sha256Hex(der) };
  }
  if (label === 'OPENSSH PRIVATE KEY') {
    const f = parseOpensshPrivate(der, kb);
    if (!f) return null;
    const known = { ...(f.algorithm && { algorithm: f.algorithm }), ...(f.size !== undefined && { size: f.size }), fingerprintSha256: f.fingerprintSha256 };
    // A FIDO security key's file holds the authenticator's key handle, not the private key, which never
    // leaves the token: a credential of the key's algorithm, not a committed private key.
    if (f.securityKey) return { materialType: 'credential', format: SECURITY_KEY_FORMAT, ...known };
    // A key type we cannot read (an experimental post-quantum type) is still a private key in the
    // repository; its format names the type, the only fact there is about its algorithm.
    return { materialType: 'private-key', format: f.algorithm ? 'OpenSSH' : `OpenSSH ${f.keyType}`, ...known, encrypted: f.encrypted };
  }
  if (label in PUBLIC_FORMATS) {
    if (!isCompleteSequence(der)) return null;
    try {
      const f = keyFacts(createPublicKey(toPem(label, der)), kb);
      return { materialType: 'public-key', format: PUBLIC_FORMATS[label]!, algorithm: f.algorithm, ...(f.size !== undefined && { size: f.size }), fingerprintSha256: f.fingerprintSha256 };
    } catch {
      return null;
    }
  }
  return null;
}

/** PBES2-encrypted PKCS#8: the key-derivation function (with its PRF's hash) and the cipher, named by the KB from their OIDs. */
function pbes2Algorithms(der: Buffer, kb: KnowledgeBase, occurrence: Occurrence): Detection[] {
  const oids = pbes2Oids(der);
  if (!oids) return [];
  const out: Detection[] = [];
  const kdf = kb.findByOid(oids.kdf);
  const prf = oids.prf ? kb.findByOid(oids.prf) : undefined;
  if (kdf) {
    const hash = prf?.entry.params.hash ?? prf?.impliedParams.hash;
    out.push({ type: 'algorithm', spelling: kdf.entry.name, params: { ...kdf.impliedParams, ...(hash && { hash }) }, functions: ['keyderive'], occurrence });
  }
  const cipher = kb.findByOid(oids.cipher);
  if (cipher) out.push({ type: 'algorithm', spelling: cipher.entry.name, params: { ...cipher.impliedParams }, functions: ['encrypt', 'decrypt'], occurrence });
  return out;
}

const CERT_LABELS = new Set(['CERTIFICATE', 'X509 CERTIFICATE', 'TRUSTED CERTIFICATE']);

export const pemDetector: Detector = {
  id: ID,
  keywords: ['-----BEGIN '],
  appliesTo: (path) => !NON_TEXT_EXT.test(path),
  detect(file: SourceFile, ctx: DetectContext): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const out: Detection[] = [];
    for (const block of pemBlocks(text)) {
      const marker = `-----BEGIN ${block.label}-----`;
      // The snippet stops at the marker: on one-line PEM (JSON, env files) the rest of the line is key material.
      const lineStart = text.lastIndexOf('\n', block.beginOffset - 1) + 1;
      const snippet = snippetOf(text.slice(lineStart, block.beginOffset + marker.length));
      const occurrence: Occurrence = occurrenceAt(index, file.path, block.beginOffset, ID, marker, snippet, block.endOffset);
      if (CERT_LABELS.has(block.label)) {
        // TRUSTED CERTIFICATE carries OpenSSL trust settings after the certificate: keep the first SEQUENCE.
        const first = readTlv(block.der, 0);
        const der = block.label === 'TRUSTED CERTIFICATE' && first ? block.der.subarray(0, first.end) : block.der;
        const certificate = certificateFacts(der, 'PEM', ctx.kb);
        if (certificate) out.push({ type: 'certificate', certificate, occurrence });
        continue;
      }
      if (REQUEST_LABELS.has(block.label)) {
        // A certificate signing request: the key to be certified, and the scheme it signed the request with.
        const request = requestFacts(block.der, ctx.kb);
        if (request) {
          out.push({ type: 'material', material: request.publicKey, occurrence });
          out.push({ type: 'algorithm', spelling: request.signature.spelling, params: request.signature.params, functions: ['sign'], occurrence });
        }
        continue;
      }
      if (PARAMETER_LABELS.has(block.label)) {
        // Domain parameters (`openssl dhparam`, `dsaparam`, `ecparam`): the group keys are generated in.
        const p = parameterFacts(block.label, block.der, ctx.kb);
        if (p) out.push({ type: 'algorithm', spelling: p.spelling, params: p.params, functions: ['keygen'], occurrence });
        continue;
      }
      const pgp = OPENPGP_LABELS.get(block.label);
      if (pgp) {
        // An OpenPGP key block: the primary key, and the algorithm of each subkey.
        const keys = openpgpKeys(block.der, pgp, ctx.kb);
        if (keys) out.push({ type: 'material', material: keys.primary, occurrence });
        for (const a of keys?.subkeys ?? []) out.push({ type: 'algorithm', spelling: a.spelling, params: a.params, occurrence });
        continue;
      }
      if (block.label === 'PGP MESSAGE') {
        // Encrypted to public keys: each recipient's key algorithm wraps the session key.
        for (const a of openpgpMessageRecipients(block.der)) {
          out.push({ type: 'algorithm', spelling: a.spelling, params: a.params, ...(a.spelling === 'RSA' || (a.spelling === 'ECDH' && !a.params.curve) ? { unresolved: [a.spelling === 'RSA' ? 'keySize' as const : 'curve' as const] } : {}), functions: ['encrypt'], occurrence });
        }
        continue;
      }
      const m = material(block, ctx.kb);
      if (m) out.push({ type: 'material', material: m, occurrence });
      // Legacy OpenSSL key encryption names its cipher (DEK-Info: DES-EDE3-CBC,<iv>): that cipher protects the key.
      const dek = m?.encrypted ? /^([A-Za-z0-9-]+),/.exec(block.headers.get('DEK-Info') ?? '')?.[1] : undefined;
      if (dek) out.push({ type: 'algorithm', spelling: dek, params: {}, functions: ['encrypt', 'decrypt'], occurrence });
      if (m?.encrypted && block.label === 'ENCRYPTED PRIVATE KEY') out.push(...pbes2Algorithms(block.der, ctx.kb, occurrence));
    }
    // OpenVPN's static keys have a mixed-case label and a hex body, so they are not PEM blocks.
    for (const k of openvpnStaticKeys(text)) {
      const marker = '-----BEGIN OpenVPN Static key V1-----';
      out.push({ type: 'material', material: k.material, occurrence: occurrenceAt(index, file.path, k.beginOffset, ID, marker, marker, k.endOffset) });
    }
    return out;
  },
};
