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
  /** Parameters this family needs that are still unknown (keySize for AES/RSA, curve for ECDSA, ...). */
  unknownParams: (keyof AlgorithmParams)[];
  oid: string | null;
  classicalSecurityBits: number | null;
  nistQuantumLevel: number | null;
  broken: boolean;
  deprecated: string | null;
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
  /** All entries, for tests and documentation. */
  readonly algorithms: readonly KbAlgorithm[];
  readonly curves: readonly KbCurve[];
}
