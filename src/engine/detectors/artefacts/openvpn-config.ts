// OpenVPN configuration (*.ovpn, and *.conf under an openvpn/ folder). The control channel is TLS:
// `tls-version-min`/`tls-version-max` enable versions, `tls-cipher` (TLS <= 1.2; OpenSSL names or IANA
// names spelt with dashes, TLS-ECDHE-RSA-WITH-AES-256-GCM-SHA384), `tls-ciphersuites` (TLS 1.3) and
// `tls-groups`/`ecdh-curve` give its suites and groups, read with the same rules as server TLS configs.
// The data channel's ciphers (`cipher`, `data-ciphers`, `ncp-ciphers`, `data-ciphers-fallback`) and its
// HMAC digest (`auth SHA512` is HMAC-SHA-512) are algorithm detections. `none` disables a feature and
// names no algorithm. `tls-crypt`/`tls-crypt-v2` (a file or an inline `<tls-crypt>` block) fix their
// own algorithms: AES-256-CTR and HMAC-SHA-256 wrap every control-channel packet, whatever `cipher` and
// `auth` say. The static keys themselves (`-----BEGIN OpenVPN Static key V1-----`, hex) are read by
// the PEM detector through `openvpnStaticKeys`, wherever they are (ta.key files, inline blocks).
import type { Detection, MaterialFacts, Occurrence, ProtocolFacts } from '../../inventory/model.js';
import type { Detector } from '../types.js';
import { parseCipherString } from './tls-config.js';
import { sha256Hex } from './key-facts.js';
import { LineIndex, baseName, occurrenceAt } from './text.js';

const ID = 'openvpn-config';
const VERSIONS = ['1.0', '1.1', '1.2', '1.3'] as const;
const DIRECTIVE = /^\s*<?([a-z][a-z0-9-]*)(?:>|\s+(\S+))/;
/** tls-crypt's fixed pair (OpenVPN's tls_crypt_kt: "AES-256-CTR" and "SHA256"). */
const TLS_CRYPT = [
  { spelling: 'AES-256-CTR', functions: ['encrypt', 'decrypt'] },
  { spelling: 'HMAC-SHA256', functions: ['tag', 'verify'] },
] as const;

const STATIC_KEY = /-----BEGIN OpenVPN Static key V1-----([0-9a-fA-F\s]{1,4096}?)-----END OpenVPN Static key V1-----/g;

/**
 * OpenVPN's static keys (`openvpn --genkey secret ta.key`): 256 bytes in hex, the symmetric secret of
 * tls-auth, tls-crypt and the old static-key mode. Which of them uses it is in the configuration, so
 * the key carries no algorithm. Its SHA-256 identifies it (the bytes are never kept).
 */
export function openvpnStaticKeys(text: string): { material: MaterialFacts; beginOffset: number; endOffset: number }[] {
  const out: { material: MaterialFacts; beginOffset: number; endOffset: number }[] = [];
  if (!text.includes('OpenVPN Static key')) return out;
  STATIC_KEY.lastIndex = 0;
  for (let m = STATIC_KEY.exec(text); m; m = STATIC_KEY.exec(text)) {
    const hex = m[1]!.replace(/\s+/g, '');
    if (hex.length < 32 || hex.length % 2 !== 0) continue;
    const bytes = Buffer.from(hex, 'hex');
    out.push({ material: { materialType: 'secret-key', format: 'OpenVPN static key', size: bytes.length * 8, fingerprintSha256: sha256Hex(bytes) }, beginOffset: m.index, endOffset: m.index + m[0].length });
  }
  return out;
}

export function isOpenvpnConfigPath(path: string): boolean {
  return /\.ovpn$/i.test(baseName(path)) || /(^|\/)openvpn\/(?:[^/]+\/)*[^/]+\.conf$/i.test(path);
}

/** `TLS-ECDHE-RSA-WITH-AES-256-GCM-SHA384` is OpenVPN's spelling of the IANA name. */
function ianaFromDashes(token: string): string {
  return /^TLS-[A-Z0-9-]+-WITH-/.test(token) ? token.replace(/-/g, '_') : token;
}

export const openvpnConfigDetector: Detector = {
  id: ID,
  keywords: [],
  appliesTo: isOpenvpnConfigPath,
  detect(file, { kb }): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    const out: Detection[] = [];
    const suites: string[] = [];
    const groups: string[] = [];
    const tlsAt: { offset: number; symbol: string }[] = [];
    let min: string | null = null;
    let max: string | null = null;
    let minAt: { offset: number; symbol: string } | null = null;
    let offset = 0;
    for (const raw of text.split('\n')) {
      const lineOffset = offset;
      offset += raw.length + 1;
      const m = DIRECTIVE.exec(raw.replace(/\s[#;].*$/, ''));
      if (!m || /^\s*[#;]/.test(raw)) continue;
      const [, keyword, written] = m as unknown as [string, string, string | undefined];
      const value = written ?? '';
      const at = { offset: lineOffset + raw.indexOf(keyword), symbol: keyword };
      const occ = (): Occurrence => occurrenceAt(index, file.path, at.offset, ID, keyword);
      switch (keyword) {
        case 'tls-version-min':
          min = value;
          minAt = at;
          break;
        case 'tls-version-max':
          max = value;
          break;
        case 'tls-cipher':
        case 'tls-ciphersuites':
          suites.push(...parseCipherString(value.split(':').map(ianaFromDashes).join(':'), kb).suites);
          tlsAt.push(at);
          break;
        case 'tls-groups':
        case 'ecdh-curve':
          groups.push(...value.split(':').filter(Boolean));
          tlsAt.push(at);
          break;
        case 'cipher':
        case 'data-ciphers':
        case 'ncp-ciphers':
        case 'data-ciphers-fallback':
          for (const name of value.split(':').filter((n) => n !== '' && n.toLowerCase() !== 'none')) {
            out.push({ type: 'algorithm', spelling: name, params: {}, functions: ['encrypt', 'decrypt'], occurrence: occ() });
          }
          break;
        case 'tls-crypt':
        case 'tls-crypt-v2':
          for (const a of TLS_CRYPT) out.push({ type: 'algorithm', spelling: a.spelling, params: {}, functions: [...a.functions], occurrence: occ() });
          break;
        case 'auth':
          if (value.toLowerCase() !== 'none') out.push({ type: 'algorithm', spelling: `HMAC-${value}`, params: {}, functions: ['tag', 'verify'], occurrence: occ() });
          break;
        default:
          break;
      }
    }
    const uniqueSuites = [...new Set(suites)];
    const uniqueGroups = [...new Set(groups)];
    const facts = (version?: string): ProtocolFacts => {
      const forVersion = version ? uniqueSuites.filter((s) => kb.findCipherSuite(s)?.versions.includes(version) ?? true) : uniqueSuites;
      return { protocolType: 'tls', ...(version && { version }), ...(forVersion.length && { cipherSuites: forVersion }), ...(uniqueGroups.length && { groups: uniqueGroups }) };
    };
    const protocolAt = (at: { offset: number; symbol: string }): Occurrence => occurrenceAt(index, file.path, at.offset, ID, at.symbol);
    const lo = min ? VERSIONS.indexOf(min.replace(/^TLSv?/i, '') as (typeof VERSIONS)[number]) : -1;
    if (minAt && lo >= 0) {
      const hiRaw = max ? VERSIONS.indexOf(max.replace(/^TLSv?/i, '') as (typeof VERSIONS)[number]) : -1;
      const hi = hiRaw >= lo ? hiRaw : VERSIONS.length - 1;
      for (const v of VERSIONS.slice(lo, hi + 1)) {
        for (const at of [minAt, ...tlsAt]) out.push({ type: 'protocol', protocol: facts(v), occurrence: protocolAt(at) });
        if (v === '1.0' || v === '1.1') out.push({ type: 'signal', signal: 'insecure-protocol-version', detail: `TLS ${v} is enabled (tls-version-min ${min})`, occurrence: protocolAt(minAt) });
      }
    } else {
      for (const at of tlsAt) out.push({ type: 'protocol', protocol: facts(), occurrence: protocolAt(at) });
    }
    return out;
  },
};
