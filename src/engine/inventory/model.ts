// The one neutral model of the engine. Detectors emit Detections (raw facts, JSON-serialisable so
// they cross worker-thread boundaries); the inventory builder resolves them through the knowledge
// base into Assets; findings rules read Assets and Signals; encoders read the Inventory only.
// Nothing here knows about tenants, HTTP, CycloneDX or SPDX.

/** CycloneDX 1.6 `algorithmProperties.primitive` values. */
export const PRIMITIVES = [
  'drbg', 'mac', 'block-cipher', 'stream-cipher', 'signature', 'hash', 'pke', 'xof', 'kdf',
  'key-agree', 'kem', 'ae', 'combiner', 'other', 'unknown',
] as const;
export type Primitive = (typeof PRIMITIVES)[number];

/** CycloneDX 1.6 `algorithmProperties.cryptoFunctions` values. */
export const CRYPTO_FUNCTIONS = [
  'generate', 'keygen', 'encrypt', 'decrypt', 'digest', 'tag', 'keyderive', 'sign', 'verify',
  'encapsulate', 'decapsulate', 'other', 'unknown',
] as const;
export type CryptoFunction = (typeof CRYPTO_FUNCTIONS)[number];

export const ASSET_KINDS = ['algorithm', 'certificate', 'related-crypto-material', 'protocol', 'library'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** Where something was seen. Paths are repository-relative, POSIX separators; line and column 1-based. */
export interface Location {
  path: string;
  line: number;
  column: number;
  /** Last line of a multi-line match (PEM blocks); absent when it is `line`. */
  endLine?: number;
  /** Byte offset of the match in the file. */
  offset?: number;
}

export interface Occurrence extends Location {
  /** The API or construct matched, e.g. `Cipher.getInstance`, `hashlib.sha256`, `-----BEGIN CERTIFICATE-----`. */
  symbol: string;
  /** The source line (or its first 200 characters), trimmed. */
  snippet: string;
  /** Id of the detector that saw it. */
  detector: string;
  /**
   * The code itself declares this use is not for security (Python `hashlib.md5(data,
   * usedforsecurity=False)`): the algorithm is inventoried, but weakness rules skip the place.
   */
  notForSecurity?: true;
}

/** Parameters a detector resolved. Absent means "not known"; never fill in a guessed default. */
export interface AlgorithmParams {
  /** Key size in bits (AES-256 -> 256, RSA modulus bits, HMAC key bits). */
  keySize?: number;
  /** Block-cipher mode, upper case as the registry spells it: CBC, GCM, CTR, ECB, CCM, CFB, OFB, XTS, KW, KWP. */
  mode?: string;
  /** Padding as in the registry: PKCS5, PKCS7, NoPadding, OAEP, PSS, PKCS1v15. */
  padding?: string;
  /** Canonical curve name from the knowledge base (P-256, secp256k1, Curve25519, ...). */
  curve?: string;
  /** Inner hash, canonical KB name (SHA-256): for HMAC, signatures, KDFs, OAEP/PSS. */
  hash?: string;
  /** Authentication tag length in bits. */
  tagLength?: number;
  /** IV or nonce length in bits. */
  ivLength?: number;
  /** Iteration count (PBKDF2, bcrypt cost is `cost`). */
  iterations?: number;
  /** Salt length in bytes. */
  saltLength?: number;
  /** Output/derived key length in bits. */
  outputLength?: number;
  /** scrypt N, bcrypt cost, Argon2 time cost. */
  cost?: number;
  /** Argon2/scrypt memory in KiB. */
  memoryCost?: number;
  parallelism?: number;
  /** Post-quantum or named parameter set: '768' (ML-KEM), '65' (ML-DSA), 'SHA2-128s' (SLH-DSA). */
  parameterSet?: string;
}
export type AlgorithmParamName = keyof AlgorithmParams;

/** The package that provides an API, as detectors infer it from imports. */
export interface LibraryRef {
  /** purl type: npm, pypi, golang, maven, nuget, cargo, gem, composer, generic. */
  ecosystem: string;
  /** Package name as the ecosystem spells it (`node-forge`, `cryptography`, `org.bouncycastle:bcprov-jdk18on`, `golang.org/x/crypto`). */
  name: string;
}

/** An algorithm reference inside another fact (certificate signature, key type, ...). */
export interface AlgorithmRefFact {
  spelling: string;
  params: AlgorithmParams;
  oid?: string;
}

// ---------------------------------------------------------------- detections (detector output)

interface DetectionBase {
  occurrence: Occurrence;
  /** The library behind the call, when the detector knows it from imports. */
  library?: LibraryRef;
}

export interface AlgorithmDetection extends DetectionBase {
  type: 'algorithm';
  /** As written or as the API implies it: 'AES', 'SHA256withRSA', 'aes-256-gcm', 'RSA', 'P-256'. */
  spelling: string;
  /** Only what was resolved. */
  params: AlgorithmParams;
  /** Parameters the API takes but the detector could not resolve (reported as unknown). */
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
}

export interface CertificateFacts {
  subject: string;
  issuer: string;
  serialNumber: string;
  /** ISO 8601, whole seconds, UTC. */
  notBefore: string;
  notAfter: string;
  signatureAlgorithm: AlgorithmRefFact;
  publicKeyAlgorithm: AlgorithmRefFact;
  /** SHA-256 hex of the DER encoding: the certificate's identity. */
  fingerprintSha256: string;
  encoding: 'PEM' | 'DER';
}
export interface CertificateDetection extends DetectionBase {
  type: 'certificate';
  certificate: CertificateFacts;
}

export const MATERIAL_TYPES = [
  'private-key', 'public-key', 'secret-key', 'key', 'keystore', 'password', 'credential', 'token',
  'shared-secret', 'initialization-vector', 'nonce', 'salt', 'seed', 'other',
] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

export interface MaterialFacts {
  materialType: MaterialType;
  /** 'PKCS#1', 'PKCS#8', 'SEC1', 'OpenSSH', 'JWK', 'PKCS#12', 'JKS', 'SPKI', 'raw'. */
  format?: string;
  algorithm?: AlgorithmRefFact;
  /** Key size in bits when known. */
  size?: number;
  /** True when the key itself is encrypted (ENCRYPTED PRIVATE KEY, passphrase-protected OpenSSH). */
  encrypted?: boolean;
  /** SHA-256 hex of the material's bytes: identity for deduplication (never the material itself). */
  fingerprintSha256?: string;
}
export interface MaterialDetection extends DetectionBase {
  type: 'material';
  material: MaterialFacts;
}

export interface ProtocolFacts {
  protocolType: 'tls' | 'ssh' | 'ipsec' | 'other';
  /** '1.2', '1.3', '2.0' (SSH). Absent when not pinned. */
  version?: string;
  /** IANA (TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256) or OpenSSL (ECDHE-RSA-AES128-GCM-SHA256) names as written. */
  cipherSuites?: string[];
  /** Key-exchange groups / curves as written (X25519MLKEM768, P-256). */
  groups?: string[];
}
export interface ProtocolDetection extends DetectionBase {
  type: 'protocol';
  protocol: ProtocolFacts;
}

export interface LibraryFacts extends LibraryRef {
  version?: string;
  /** Package URL, with version when known: pkg:npm/node-forge@1.3.1. */
  purl: string;
}
export interface LibraryDetection extends DetectionBase {
  type: 'library';
  library: LibraryFacts;
}

/** Facts that are not assets but that findings rules need. */
export const SIGNAL_TYPES = [
  'static-iv', // constant or zero IV/nonce
  'hardcoded-key', // key bytes in source
  'hardcoded-password', // password/passphrase literal passed to a KDF or keystore
  'cert-verification-disabled', // trust-all managers, verify=False, rejectUnauthorized: false, InsecureSkipVerify
  'hostname-verification-disabled', // check_hostname = False, ALLOW_ALL hostname verifier
  'ssh-host-key-verification-disabled', // any server key accepted: InsecureIgnoreHostKey, AutoAddPolicy, StrictHostKeyChecking=no
  'insecure-protocol-version', // SSLv3, TLS 1.0/1.1 enabled or pinned as minimum
  'weak-random', // non-cryptographic RNG used for keys/IVs/tokens
  'jwt-none-algorithm', // JWT 'none' accepted
] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

export interface SignalDetection extends DetectionBase {
  type: 'signal';
  signal: SignalType;
  detail: string;
  /** The algorithm the signal concerns, when there is one (the cipher whose IV is static). */
  related?: AlgorithmRefFact;
}

export type Detection =
  | AlgorithmDetection
  | CertificateDetection
  | MaterialDetection
  | ProtocolDetection
  | LibraryDetection
  | SignalDetection;

// ---------------------------------------------------------------- assets (resolved inventory)

/**
 * Stable, content-derived identity, unique within an inventory:
 * `algorithm/aes-256-gcm`, `certificate/<sha256>`, `related-crypto-material/private-key/rsa-2048/<sha256>`,
 * `protocol/tls/1.2`, `library/pkg:npm/node-forge@1.3.1`. Encoders derive bom-refs and SPDX ids from it.
 */
export type AssetId = string;

interface AssetBase {
  id: AssetId;
  /** Normalised display name: AES-256-GCM, RSA-2048, CN=example.com, TLS 1.2, node-forge. */
  name: string;
  /** Every place the asset was seen, sorted by (path, line, column, symbol). */
  occurrences: Occurrence[];
}

export interface AlgorithmAsset extends AssetBase {
  kind: 'algorithm';
  /** CycloneDX registry family (AES, SHA-2, RSA, ECDSA, ML-KEM), or the spelling when unknown to the KB. */
  family: string;
  primitive: Primitive;
  params: AlgorithmParams;
  /** Parameters that matter for this algorithm but are not known (e.g. keySize of AES). */
  unknownParams: AlgorithmParamName[];
  oid: string | null;
  /** null when it depends on an unknown parameter. */
  classicalSecurityBits: number | null;
  /** NIST PQC category 0-5; null when it depends on an unknown parameter. */
  nistQuantumLevel: number | null;
  broken: boolean;
  deprecated: string | null;
  cryptoFunctions: CryptoFunction[];
  /** Name of the knowledge-base entry used; null when the algorithm is not in the KB. */
  kbEntry: string | null;
}

export interface CertificateAsset extends AssetBase {
  kind: 'certificate';
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  format: 'X.509';
  fingerprintSha256: string;
  signatureAlgorithmRef: AssetId | null;
  /** The public key it certifies (a related-crypto-material asset). */
  subjectPublicKeyRef: AssetId | null;
}

export interface MaterialAsset extends AssetBase {
  kind: 'related-crypto-material';
  materialType: MaterialType;
  format: string | null;
  algorithmRef: AssetId | null;
  size: number | null;
  encrypted: boolean | null;
  fingerprintSha256: string | null;
}

export interface CipherSuite {
  /** IANA name. */
  name: string;
  /** Two-byte code point as CycloneDX writes it: ['0xC0', '0x2F']. Empty when unknown. */
  identifiers: string[];
  algorithmRefs: AssetId[];
}

export interface ProtocolAsset extends AssetBase {
  kind: 'protocol';
  protocolType: 'tls' | 'ssh' | 'ipsec' | 'other';
  version: string | null;
  cipherSuites: CipherSuite[];
}

export interface LibraryAsset extends AssetBase {
  kind: 'library';
  ecosystem: string;
  packageName: string;
  version: string | null;
  purl: string;
  /** Algorithms this library was seen providing (from calls attributed to it). */
  providesRefs: AssetId[];
}

export type Asset = AlgorithmAsset | CertificateAsset | MaterialAsset | ProtocolAsset | LibraryAsset;

export interface Signal {
  signal: SignalType;
  detail: string;
  /** The asset concerned, when the detection named one. */
  assetRef: AssetId | null;
  occurrence: Occurrence;
}

/** Why files were not parsed, counted per reason. */
export const SKIP_REASONS = [
  'excluded-dir', // VCS, vendored, dependency folders
  'excluded-glob', // user-supplied exclude
  'too-large',
  'binary',
  'minified',
  'generated',
  'no-detector', // no detector reads this kind of file
  'prefilter', // no crypto keyword in the bytes
  'file-cap', // over the file-count cap
  'byte-cap', // over the total-bytes cap
  'unreadable',
  'parse-error',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface ScanStats {
  filesSeen: number;
  /** Files handed to at least one detector. */
  filesScanned: number;
  bytesScanned: number;
  skipped: Record<SkipReason, number>;
  /** Files scanned per detector id. */
  filesByDetector: Record<string, number>;
  /** True when a cap stopped the walk early: the inventory is partial. */
  truncated: boolean;
}

export interface Inventory {
  /** Sorted by id. */
  assets: Asset[];
  /** Sorted by (signal, path, line, column). */
  signals: Signal[];
  stats: ScanStats;
}

// ---------------------------------------------------------------- findings

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Finding {
  /** Stable: `${ruleId}:${assetRef ?? first location}`. */
  id: string;
  ruleId: string;
  severity: Severity;
  title: string;
  detail: string;
  /** What to do about it (migration advice for quantum-vulnerable crypto). */
  remediation: string;
  assetRef: AssetId | null;
  locations: Location[];
}

export type FindingsSummary = Record<Severity, number> & { total: number };

/** What the engine hands to the CLI, the service and the encoders. */
export interface ScanResult {
  inventory: Inventory;
  /** Sorted by (severity rank, ruleId, id). */
  findings: Finding[];
  findingsSummary: FindingsSummary;
  /** 0-100, see docs/methodology.md. */
  score: number;
  methodologyVersion: string;
}

/** The scanned source as encoders name it (metadata.component, SPDX root package). */
export interface SourceDescriptor {
  /** GitHub repository when scanned from one. */
  repository?: { owner: string; name: string; ref: string; commit: string; committedAt: string };
  /** Name to use for a local directory (its base name). */
  name: string;
  /** project_name / project_version given by the client, if any. */
  projectName?: string;
  projectVersion?: string;
  /** ISO timestamp used for every document timestamp: commit date, SOURCE_DATE_EPOCH, or the fixed epoch. */
  timestamp: string;
}
