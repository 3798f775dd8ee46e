// The knowledge base's public face. Data lives in kb/data/*.json (built from the researched
// crypto-facts table, every figure with its sources); this interface is all detectors, the inventory
// builder and findings rules may use.
import type { AlgorithmParams, Primitive } from '../inventory/model.js';

export interface KbAlgorithm {
  name: string;
  family: string;
  primitive: Primitive;
  otherPrimitives: Primitive[];
  generic: boolean;
  oid: string | null;
  classicalSecurityBits: number | null;
  nistQuantumLevel: number | null;
  broken: boolean;
  deprecated: string | null;
  /** Curve entry name for ECC algorithms. */
  curve: string | null;
  /** Spellings that resolve to this entry (names excluded). */
  aliases: string[];
  /** Extra registry families sharing the name (RSA-PKCS1-1.5 is also RSAES-PKCS1). */
  otherFamilies: string[];
  /** The CycloneDX registry pattern the name follows, or null (family not in the registry). */
  registryPattern: string | null;
  /** Block ciphers: mode -> OID of the mode-specific identifier (AES-256 GCM -> 2.16.840.1.101.3.4.1.46). */
  modeOids: Record<string, string>;
  /** Hashes and XOFs: preimage resistance in bits (classicalSecurityBits is collision resistance). */
  preimageBits: number | null;
  /** Parameters fixed by the entry (AES-256 -> keySize 256; ML-KEM-768 -> parameterSet '768'). */
  params: AlgorithmParams;
  sources: string[];
}

export interface KbCurve {
  name: string;
  bits: number;
  classicalSecurityBits: number;
  nistQuantumLevel: number;
  oid: string | null;
  sources: string[];
}

export interface KbCipherSuite {
  /** IANA name, e.g. TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256. */
  name: string;
  /** ['0xC0', '0x2F']. */
  identifiers: string[];
  /** TLS versions it is defined for. */
  versions: string[];
  /** Component algorithm spellings, resolvable with `resolve`: key exchange, authentication, cipher, MAC/PRF hash. */
  keyExchange: string | null;
  authentication: string | null;
  cipher: string | null;
  mac: string | null;
  /** OpenSSL (and other) names of the suite. */
  aliases: string[];
  sources: string[];
}

export interface KbProtocolVersion {
  protocolType: 'tls' | 'ssh' | 'ipsec' | 'other';
  /** Canonical version as stored in protocol assets: '1.2', '1.3', 'SSL3.0', 'DTLS1.2', '2.0' (SSH). */
  version: string;
  /** Display name: 'TLS 1.2', 'SSL 3.0', 'SSH 2.0'. */
  name: string;
  /** 'prohibited' (an RFC forbids it), 'deprecated' (RFC 8996), 'current'. */
  status: 'prohibited' | 'deprecated' | 'current';
  deprecated: string | null;
  aliases: string[];
  sources: string[];
}

/** Negotiation roles of SSH 2.0 algorithm names (protocols.json sshAlgorithmNames). */
export const SSH_ALGORITHM_ROLES = ['cipher', 'mac', 'kex', 'hostKey'] as const;
export type SshAlgorithmRole = (typeof SSH_ALGORITHM_ROLES)[number];

/** The key an SSH public-key format name stands for (protocols.json sshKeyTypes). */
export interface SshKeyType {
  spelling: string;
  params: AlgorithmParams;
}

/** An algorithm resolved to the most specific KB entry the known parameters allow. */
export interface Resolution {
  /** The entry used (sized when the parameters fix it, generic otherwise); null when unknown to the KB. */
  entry: KbAlgorithm | null;
  /** CycloneDX-registry style name built from the entry and parameters: AES-256-GCM, RSA-2048, HMAC-SHA-256, ECDSA-P256. */
  name: string;
  family: string;
  primitive: Primitive;
  /** Detector params merged with those implied by the spelling (aliasParams) and the entry. */
  params: AlgorithmParams;
  /** Known parameters the name does not express (identity needs them too: the builder puts them in the asset id). */
  paramsNotInName: (keyof AlgorithmParams)[];
  /** Parameters this family needs that are still unknown (keySize for AES/RSA, curve for ECDSA, ...). */
  unknownParams: (keyof AlgorithmParams)[];
  oid: string | null;
  classicalSecurityBits: number | null;
  nistQuantumLevel: number | null;
  broken: boolean;
  deprecated: string | null;
  /**
   * The entry the security levels were taken from when it differs from `entry` (SHA256withRSA with
   * keySize 2048: entry RSA-PKCS1-1.5, levels from RSA-2048), or 'computed' when they follow from the
   * SP 800-57 tiers for a key size without its own entry (RSA-1536); null otherwise.
   */
  levelsFrom: string | null;
}

export interface KnowledgeBase {
  /** Case-insensitive lookup of a name or alias. Returns the entry and the params the spelling implies. */
  findAlgorithm(spelling: string): { entry: KbAlgorithm; impliedParams: AlgorithmParams } | undefined;
  findCurve(spelling: string): KbCurve | undefined;
  /** Entries carrying this OID (oid, modes, schemes, otherOids). */
  findByOid(oid: string): { entry: KbAlgorithm; impliedParams: AlgorithmParams } | undefined;
  /** IANA or OpenSSL cipher-suite name. */
  findCipherSuite(name: string): KbCipherSuite | undefined;
  /** The main entry point: spelling + what the detector resolved -> the asset's identity and levels. */
  resolve(spelling: string, params: AlgorithmParams): Resolution;
  /**
   * A key-exchange group named by TLS/SSH configuration (`P-256`, `secp384r1`, `X25519`,
   * `X25519MLKEM768`, `ffdhe2048`): a curve there is key agreement, so it resolves to `ECDH-<curve>`.
   */
  resolveGroup(spelling: string): Resolution;
  /** A protocol version spelling ('TLSv1.2', 'TLS1_2_VERSION', '1.2' with protocolType 'tls', 'SSLv3'). */
  findProtocolVersion(spelling: string, protocolType?: KbProtocolVersion['protocolType']): KbProtocolVersion | undefined;
  /** Source id -> title and URL, for every id any entry cites. */
  readonly sources: Readonly<Record<string, { title: string; url: string }>>;
  readonly cipherSuites: readonly KbCipherSuite[];
  readonly protocolVersions: readonly KbProtocolVersion[];
  /** SSH 2.0 algorithm names by negotiation role, as a source file may list them. */
  readonly sshAlgorithmNames: Readonly<Record<SshAlgorithmRole, readonly string[]>>;
  /** The key a host-key name stands for when it is written as a key's type (`ssh-rsa` is an RSA key, not RSA with SHA-1). */
  readonly sshKeyTypes: Readonly<Record<string, SshKeyType>>;
  /** GSS-API key exchange methods (`gss-group14-sha256`, written with a mechanism suffix) -> the plain SSH key exchange each is. */
  readonly sshGssKex: Readonly<Record<string, string>>;
  /** All entries, for tests and documentation. */
  readonly algorithms: readonly KbAlgorithm[];
  readonly curves: readonly KbCurve[];
}
