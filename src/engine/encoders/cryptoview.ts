// What both encodings say about one asset, computed once: the CycloneDX `cryptoProperties` object
// (SPDX flattens the same object into `cbom:cryptoProperties.*` entries), the service properties
// for facts CycloneDX has no field for, hashes, and the assets it refers to. Keeping this in one
// place is what makes the two encodings carry the same facts.
import type { AlgorithmAsset, AlgorithmParamName, Asset, AssetId, CertificateAsset, MaterialAsset, ProtocolAsset } from '../inventory/model.js';
import { type NameValue, cmp, sortProperties } from './properties.js';

/** A dangling or inconsistent reference inside the inventory: a bug upstream, reported, never guessed around. */
export class InventoryError extends Error {
  override name = 'InventoryError';
}

// CycloneDX 1.6 enums that are narrower than the model's vocabulary. Values outside them become
// 'other', and the exact value is kept in a service property (svc_param_mode, svc_material_type).
const CDX_MODES = new Set(['cbc', 'ecb', 'ccm', 'gcm', 'cfb', 'ofb', 'ctr']);
const CDX_PADDINGS: Record<string, string> = { PKCS5: 'pkcs5', PKCS7: 'pkcs7', PKCS1V15: 'pkcs1v15', OAEP: 'oaep', NOPADDING: 'raw', RAW: 'raw' };
const CDX_MATERIAL_TYPES = new Set([
  'private-key', 'public-key', 'secret-key', 'key', 'ciphertext', 'signature', 'digest', 'initialization-vector', 'nonce',
  'seed', 'salt', 'shared-secret', 'tag', 'additional-data', 'password', 'credential', 'token', 'other', 'unknown',
]);

export type CdxCryptoProperties = Record<string, unknown> & { assetType: string };

export interface AssetView {
  cryptoProperties?: CdxCryptoProperties;
  /** svc_* facts without a CycloneDX field, sorted. */
  properties: NameValue[];
  /** SHA-256 fingerprints (certificate DER, key material): CycloneDX `hashes`, SPDX `verifiedUsing`. */
  sha256?: string;
  /** Assets this one refers to (signature algorithm, public key, cipher-suite algorithms), sorted, unique. */
  uses: AssetId[];
}

/** `refOf` turns an AssetId into the encoding's reference (bom-ref or spdxId); it throws on unknown ids. */
export function assetView(asset: Asset, refOf: (id: AssetId) => string): AssetView {
  switch (asset.kind) {
    case 'algorithm':
      return algorithmView(asset);
    case 'certificate':
      return certificateView(asset, refOf);
    case 'related-crypto-material':
      return materialView(asset, refOf);
    case 'protocol':
      return protocolView(asset, refOf);
    case 'library':
      return { properties: sortProperties([prop('svc_library_ecosystem', asset.ecosystem)]), uses: uniqueSorted(asset.providesRefs) };
  }
}

function prop(name: string, value: string | number | boolean): NameValue {
  return { name, value: String(value) };
}

function uniqueSorted(ids: AssetId[]): AssetId[] {
  return [...new Set(ids)].sort(cmp);
}

function algorithmView(a: AlgorithmAsset): AssetView {
  const p = a.params;
  const ap: Record<string, unknown> = { primitive: a.primitive };
  const paramSet = p.parameterSet ?? (p.keySize ?? p.outputLength)?.toString();
  if (paramSet !== undefined) ap.parameterSetIdentifier = paramSet;
  if (p.curve !== undefined) ap.curve = p.curve;
  if (p.mode !== undefined) ap.mode = CDX_MODES.has(p.mode.toLowerCase()) ? p.mode.toLowerCase() : 'other';
  if (p.padding !== undefined) ap.padding = CDX_PADDINGS[p.padding.toUpperCase()] ?? 'other';
  if (a.cryptoFunctions.length > 0) ap.cryptoFunctions = uniqueSorted(a.cryptoFunctions);
  // A level the inventory does not know (null) is left out, never written as null or guessed.
  if (a.classicalSecurityBits !== null) ap.classicalSecurityLevel = checkedInt(a.classicalSecurityBits, 0, Number.MAX_SAFE_INTEGER, a.id, 'classicalSecurityBits');
  if (a.nistQuantumLevel !== null) ap.nistQuantumSecurityLevel = checkedInt(a.nistQuantumLevel, 0, 5, a.id, 'nistQuantumLevel');
  const cp: CdxCryptoProperties = { assetType: 'algorithm', algorithmProperties: ap };
  if (a.oid) cp.oid = a.oid;

  const props: NameValue[] = [prop('svc_algorithm_family', a.family), prop('svc_broken', a.broken)];
  if (a.deprecated !== null) props.push(prop('svc_deprecated', a.deprecated));
  if (a.kbEntry !== null) props.push(prop('svc_kb_entry', a.kbEntry));
  for (const name of Object.keys(p).sort(cmp) as AlgorithmParamName[]) {
    const v = p[name];
    if (v !== undefined) props.push(prop(`svc_param_${name}`, v));
  }
  if (a.unknownParams.length > 0) props.push(prop('svc_unknown_params', uniqueSorted(a.unknownParams).join(',')));
  return { cryptoProperties: cp, properties: sortProperties(props), uses: [] };
}

function certificateView(c: CertificateAsset, refOf: (id: AssetId) => string): AssetView {
  const cert: Record<string, unknown> = {
    subjectName: c.subject,
    issuerName: c.issuer,
    notValidBefore: c.notBefore,
    notValidAfter: c.notAfter,
  };
  if (c.signatureAlgorithmRef !== null) cert.signatureAlgorithmRef = refOf(c.signatureAlgorithmRef);
  if (c.subjectPublicKeyRef !== null) cert.subjectPublicKeyRef = refOf(c.subjectPublicKeyRef);
  cert.certificateFormat = c.format;
  const uses = uniqueSorted([c.signatureAlgorithmRef, c.subjectPublicKeyRef].filter((r): r is AssetId => r !== null));
  return {
    cryptoProperties: { assetType: 'certificate', certificateProperties: cert },
    properties: [prop('svc_certificate_serial_number', c.serialNumber)],
    sha256: c.fingerprintSha256,
    uses,
  };
}

function materialView(m: MaterialAsset, refOf: (id: AssetId) => string): AssetView {
  const rcm: Record<string, unknown> = { type: CDX_MATERIAL_TYPES.has(m.materialType) ? m.materialType : 'other' };
  if (m.algorithmRef !== null) rcm.algorithmRef = refOf(m.algorithmRef);
  if (m.size !== null) rcm.size = checkedInt(m.size, 0, Number.MAX_SAFE_INTEGER, m.id, 'size');
  if (m.format !== null) rcm.format = m.format;
  const props: NameValue[] = [prop('svc_material_type', m.materialType)];
  if (m.encrypted !== null) props.push(prop('svc_material_encrypted', m.encrypted));
  return {
    cryptoProperties: { assetType: 'related-crypto-material', relatedCryptoMaterialProperties: rcm },
    properties: sortProperties(props),
    ...(m.fingerprintSha256 !== null ? { sha256: m.fingerprintSha256 } : {}),
    uses: m.algorithmRef !== null ? [m.algorithmRef] : [],
  };
}

function protocolView(pr: ProtocolAsset, refOf: (id: AssetId) => string): AssetView {
  const pp: Record<string, unknown> = { type: pr.protocolType };
  if (pr.version !== null) pp.version = pr.version;
  const suites = [...pr.cipherSuites].sort((a, b) => cmp(a.name, b.name) || cmp(a.identifiers.join(), b.identifiers.join()));
  if (suites.length > 0) {
    pp.cipherSuites = suites.map((s) => {
      const out: Record<string, unknown> = { name: s.name };
      const refs = uniqueSorted(s.algorithmRefs).map(refOf);
      if (refs.length > 0) out.algorithms = refs;
      if (s.identifiers.length > 0) out.identifiers = [...s.identifiers];
      return out;
    });
  }
  return {
    cryptoProperties: { assetType: 'protocol', protocolProperties: pp },
    properties: [],
    uses: uniqueSorted(suites.flatMap((s) => s.algorithmRefs)),
  };
}

function checkedInt(v: number, min: number, max: number, id: AssetId, field: string): number {
  if (!Number.isInteger(v) || v < min || v > max) throw new InventoryError(`asset ${id}: ${field} ${v} is not an integer in [${min}, ${max}]`);
  return v;
}
