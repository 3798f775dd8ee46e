// Rules on protocol assets and protocol-version signals.
import type { ProtocolAsset } from '../../inventory/model.js';
import type { KbCipherSuite } from '../../kb/types.js';
import { assetLocations, locationKey, signalHits, type Hit, type Rule, type RuleContext } from '../rule.js';

function protocols(ctx: RuleContext): ProtocolAsset[] {
  return ctx.inventory.assets.filter((a): a is ProtocolAsset => a.kind === 'protocol');
}

const VERSION_REMEDIATION = 'Allow only TLS 1.2 and TLS 1.3 (NIST SP 800-52 Rev. 2, RFC 8996): set the minimum version to TLS 1.2, prefer 1.3, and remove SSL/TLS 1.0/1.1 from every configuration.';

export const legacyProtocolVersion: Rule = {
  id: 'legacy-protocol-version',
  title: 'SSL, TLS 1.0/1.1 or SSH-1 in use',
  evaluate: (ctx) => {
    const hits: Hit[] = [];
    for (const p of protocols(ctx)) {
      if (!p.version) continue;
      const v = ctx.kb.findProtocolVersion(p.version, p.protocolType);
      if (!v || v.status === 'current') continue;
      hits.push({
        severity: v.status === 'prohibited' ? 'critical' : 'high',
        detail: `${v.name} is ${v.status}: ${v.deprecated ?? ''}.`.replace(/: \.$/, '.'),
        remediation: p.protocolType === 'ssh' ? 'Disable SSH protocol 1; use SSH-2 only.' : VERSION_REMEDIATION,
        assetRef: p.id,
        locations: assetLocations(p),
      });
    }
    // A configuration line such as `ssl_protocols TLSv1.1 TLSv1.2` yields both a protocol asset for
    // TLS 1.1 and a signal at the same place: the asset's finding already reports that line, so the
    // signal adds a finding only where no version asset was recorded (one issue, one finding).
    const reported = new Set(hits.flatMap((h) => h.locations.map(locationKey)));
    const signals = signalHits(ctx, 'insecure-protocol-version', 'high', VERSION_REMEDIATION, 'Insecure protocol version enabled');
    return [...hits, ...signals.filter((h) => !h.locations.every((l) => reported.has(locationKey(l))))];
  },
};

/** Why a suite is weak, or null. Judged from the suite's name and its components. */
function suiteWeakness(s: KbCipherSuite): string | null {
  const reasons: string[] = [];
  if (s.cipher === null) reasons.push('no encryption (NULL cipher)');
  if (s.name.includes('_anon_')) reasons.push('no authentication (anonymous)');
  if (s.name.includes('_EXPORT')) reasons.push('export-grade 40-bit keys');
  if (s.cipher === 'RC4') reasons.push('RC4');
  if (s.cipher && /^(DES|RC2|IDEA)/.test(s.cipher)) reasons.push(s.cipher.startsWith('DES-EDE3') ? '3DES (64-bit blocks, Sweet32)' : `${s.cipher.split('-')[0]} cipher`);
  if (s.mac === 'HMAC-MD5') reasons.push('MD5 MAC');
  return reasons.length > 0 ? reasons.join(', ') : null;
}

export const weakCipherSuite: Rule = {
  id: 'weak-cipher-suite',
  title: 'Weak TLS cipher suites enabled',
  evaluate: (ctx) => protocols(ctx).flatMap((p) => {
    const weak = p.cipherSuites.flatMap((cs) => {
      const s = ctx.kb.findCipherSuite(cs.name);
      const why = s ? suiteWeakness(s) : null;
      return why ? [`${cs.name} (${why})`] : [];
    });
    if (weak.length === 0) return [];
    return [{
      severity: 'high' as const,
      detail: `${p.name} configuration enables ${weak.length} weak suite${weak.length > 1 ? 's' : ''}: ${weak.join('; ')}.`,
      remediation: 'Offer only AEAD suites with forward secrecy: TLS 1.3 suites, and for TLS 1.2 ECDHE with AES-GCM or ChaCha20-Poly1305 (e.g. ECDHE-ECDSA-AES128-GCM-SHA256, ECDHE-RSA-AES256-GCM-SHA384, ECDHE-RSA-CHACHA20-POLY1305).',
      assetRef: p.id,
      locations: assetLocations(p),
    }];
  }),
};

export const noForwardSecrecy: Rule = {
  id: 'tls-no-forward-secrecy',
  title: 'TLS suites with static RSA key exchange',
  evaluate: (ctx) => protocols(ctx).flatMap((p) => {
    const rsa = p.cipherSuites.filter((cs) => {
      const kx = ctx.kb.findCipherSuite(cs.name)?.keyExchange;
      return kx ? ctx.kb.resolve(kx, {}).family === 'RSAES-PKCS1' : false;
    }).map((cs) => cs.name);
    if (rsa.length === 0) return [];
    return [{
      severity: 'low' as const,
      detail: `${p.name} configuration enables RSA key transport (${rsa.join(', ')}): no forward secrecy, so a later key compromise decrypts recorded traffic; RFC 9325 recommends against it.`,
      remediation: 'Prefer ECDHE suites (and TLS 1.3, where every suite has forward secrecy); remove TLS_RSA_WITH_* suites.',
      assetRef: p.id,
      locations: assetLocations(p),
    }];
  }),
};
