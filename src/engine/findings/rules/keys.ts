// Rules on key material and certificates.
import type { CertificateAsset, MaterialAsset } from '../../inventory/model.js';
import { assetLocations, type Rule } from '../rule.js';

export const committedPrivateKey: Rule = {
  id: 'private-key-committed',
  title: 'Private key committed to the repository',
  evaluate: (ctx) => ctx.inventory.assets
    // Only keys whose bytes were found in the repository (artefact detectors fingerprint what they
    // read). A key that code loads at run time (`load_pem_private_key(data, password=None)`) is an
    // inventory entry about its use, not a key in the repository.
    .filter((a): a is MaterialAsset => a.kind === 'related-crypto-material' && a.materialType === 'private-key' && a.encrypted !== true && a.fingerprintSha256 !== null)
    .map((a) => ({
      severity: a.encrypted === false ? 'critical' : 'high',
      detail: `${a.name}${a.format ? ` (${a.format})` : ''} is stored ${a.encrypted === false ? 'unencrypted' : 'without evidence of encryption'} in the repository: anyone with read access (and every clone, fork and CI cache) holds the key.`,
      remediation: 'Revoke and rotate the key now (re-issue any certificate for it), remove it from the history (git filter-repo), and load keys from a secret manager, KMS or HSM at run time. Test keys belong in generated fixtures.',
      assetRef: a.id,
      locations: assetLocations(a),
    })),
};

export const expiredCertificate: Rule = {
  id: 'expired-certificate',
  title: 'Expired certificate',
  evaluate: (ctx) => {
    const asOf = ctx.asOf;
    if (asOf === null) return [];
    return ctx.inventory.assets
      .filter((a): a is CertificateAsset => a.kind === 'certificate' && Date.parse(a.notAfter) < Date.parse(asOf))
      .map((a) => ({
        severity: 'medium' as const,
        detail: `${a.subject} (issued by ${a.issuer}) expired on ${a.notAfter}, before ${asOf}. A client that trusts it must be skipping validity checks, or the file is stale.`,
        remediation: 'Renew the certificate (automate renewal, e.g. ACME) or delete it if nothing uses it; check that no code disables validity checking to accept it.',
        assetRef: a.id,
        locations: assetLocations(a),
      }));
  },
};
