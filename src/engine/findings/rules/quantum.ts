// Quantum-vulnerable public-key crypto (Shor's algorithm breaks RSA, finite-field and elliptic-curve
// discrete logarithms whatever the key size), with NIST's migration targets.
import type { AlgorithmAsset, Severity } from '../../inventory/model.js';
import { assetLocations, type Rule } from '../rule.js';

const PUBLIC_KEY_PRIMITIVES = new Set(['signature', 'pke', 'key-agree', 'kem']);

/**
 * Key establishment is medium: traffic recorded today can be decrypted once a quantum computer exists
 * ("harvest now, decrypt later"). Signatures are low: a forgery needs the quantum computer at signing
 * time, so the migration can follow, except for long-lived roots of trust.
 */
function advice(a: AlgorithmAsset): { severity: Severity; remediation: string } {
  if (a.primitive === 'signature') {
    return {
      severity: 'low',
      remediation: 'Plan the move to ML-DSA-65 (FIPS 204) for signatures, or a composite ML-DSA + ECDSA/RSA during the transition; use SLH-DSA (FIPS 205) for long-lived roots and firmware signing. NIST IR 8547 deprecates these algorithms after 2030 and disallows them after 2035.',
    };
  }
  return {
    severity: 'medium',
    remediation: 'Move key establishment to ML-KEM-768 (FIPS 203), in TLS as the hybrid group X25519MLKEM768 (supported by OpenSSL 3.5, Go 1.24, BoringSSL); replace RSA encryption with a KEM plus an AEAD. NIST IR 8547 deprecates these algorithms after 2030 and disallows them after 2035.',
  };
}

/**
 * What the asset is used for, as the detail states it. A bare RSA key (primitive `pke`) generated or
 * loaded without an encryption call in sight, as for a TLS certificate, may sign as well as transport
 * keys: saying "key establishment" alone would misdescribe it (the severity stays that of key
 * establishment, the riskier of the two).
 */
function usage(a: AlgorithmAsset): string {
  if (a.primitive === 'signature') return 'signatures';
  if (a.primitive === 'pke' && !a.cryptoFunctions.some((f) => f === 'encrypt' || f === 'decrypt')) return 'signatures or key establishment';
  return 'key establishment';
}

export const quantumVulnerable: Rule = {
  id: 'quantum-vulnerable',
  title: 'Quantum-vulnerable public-key algorithm',
  evaluate: (ctx) => ctx.inventory.assets
    .filter((a): a is AlgorithmAsset => a.kind === 'algorithm' && a.nistQuantumLevel === 0 && PUBLIC_KEY_PRIMITIVES.has(a.primitive))
    .map((a) => {
      const { severity, remediation } = advice(a);
      const use = usage(a);
      return {
        severity,
        detail: `${a.name} (${use}) meets no NIST post-quantum security category: a cryptographically relevant quantum computer breaks it with Shor's algorithm at any key size.`,
        remediation,
        assetRef: a.id,
        locations: assetLocations(a),
      };
    }),
};
