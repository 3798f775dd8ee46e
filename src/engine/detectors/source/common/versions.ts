// TLS/SSL protocol names as APIs spell them -> the version the model records, and whether it is
// insecure (SSL 2/3, TLS 1.0/1.1: RFC 8996).

export interface TlsVersion {
  protocolType: 'tls';
  /** '1.0' .. '1.3' for TLS; 'SSLv2' / 'SSLv3' for the SSL versions (so that they never read as a TLS version). */
  version: string;
  ssl: boolean;
  insecure: boolean;
}

const TABLE: Record<string, [string, boolean]> = {
  sslv2: ['2.0', true], ssl2: ['2.0', true],
  sslv3: ['3.0', true], ssl3: ['3.0', true],
  tlsv1: ['1.0', false], tls1: ['1.0', false], 'tlsv1.0': ['1.0', false], tlsv1_0: ['1.0', false], tls1_0: ['1.0', false], 'tls1.0': ['1.0', false], versiontls10: ['1.0', false],
  'tlsv1.1': ['1.1', false], tlsv1_1: ['1.1', false], tls1_1: ['1.1', false], 'tls1.1': ['1.1', false], versiontls11: ['1.1', false], tls11: ['1.1', false],
  'tlsv1.2': ['1.2', false], tlsv1_2: ['1.2', false], tls1_2: ['1.2', false], 'tls1.2': ['1.2', false], versiontls12: ['1.2', false], tls12: ['1.2', false],
  'tlsv1.3': ['1.3', false], tlsv1_3: ['1.3', false], tls1_3: ['1.3', false], 'tls1.3': ['1.3', false], versiontls13: ['1.3', false], tls13: ['1.3', false],
};

/**
 * Parses a protocol spelling (`TLSv1.2`, `PROTOCOL_TLSv1_1`, `TLSVersion.TLSv1_3`, `SSLv3`, `VersionTLS12`, .NET's `SslProtocols.Tls12`).
 * Generic names (`TLS`, `SSL`, `PROTOCOL_TLS_CLIENT`, `Default`) return undefined: no version is pinned.
 */
export function parseTlsVersion(spelling: string): TlsVersion | undefined {
  let s = spelling.trim().toLowerCase();
  const dot = s.lastIndexOf('.');
  if (dot >= 0 && !/\d\.\d$/.test(s)) s = s.slice(dot + 1);
  s = s.replace(/^protocol_/, '');
  const hit = TABLE[s];
  if (!hit) return undefined;
  const [num, ssl] = hit;
  const version = ssl ? `SSLv${num[0]}` : num;
  return { protocolType: 'tls', version, ssl, insecure: ssl || num === '1.0' || num === '1.1' };
}
