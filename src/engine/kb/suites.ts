// TLS cipher-suite names beyond the table (cipher-suites.json): the IANA registry has some 350
// suites and the table lists those seen in practice, so a suite it lacks (TLS_DH_anon_WITH_AES_128_GCM_SHA256,
// a JSSE or OkHttp constant) is read from its name. An IANA name up to TLS 1.2 is
// `TLS_<key exchange>[_<authentication>][_EXPORT]_WITH_<cipher>_<MAC>`, every part from a short
// closed list (RFC 5246 appendix A.5 and the RFCs that added suites): the components are spelled as
// the table spells them, and a name with any part not in these lists is no suite. The name also
// fixes what the component spellings do not carry: RC4's key size (`RC4_128`, `RC4_40`) and the
// 8-byte tag of `CCM_8` suites (suiteCipherParams), for table and parsed suites alike.
import type { AlgorithmParams } from '../inventory/model.js';
import type { KbCipherSuite } from './types.js';

/** Key exchange and authentication of each IANA key-exchange part (anonymous and PSK suites authenticate no peer). */
const KEY_EXCHANGE: Readonly<Record<string, readonly [string | null, string | null]>> = {
  RSA: ['RSAES-PKCS1-v1_5', 'RSA'],
  DH_DSS: ['DH', 'DSA'],
  DH_RSA: ['DH', 'RSA'],
  DHE_DSS: ['DHE', 'DSA'],
  DHE_RSA: ['DHE', 'RSA'],
  DH_anon: ['DHE', null],
  ECDH_ECDSA: ['ECDH', 'ECDSA'],
  ECDH_RSA: ['ECDH', 'RSA'],
  ECDHE_ECDSA: ['ECDHE', 'ECDSA'],
  ECDHE_RSA: ['ECDHE', 'RSA'],
  ECDH_anon: ['ECDHE', null],
  PSK: [null, null],
  DHE_PSK: ['DHE', null],
  ECDHE_PSK: ['ECDHE', null],
  RSA_PSK: ['RSAES-PKCS1-v1_5', null],
};

/** Cipher parts: the table's spelling, and whether the suite is AEAD (its last part is then the PRF hash, not an HMAC). */
function cipherOf(part: string): { cipher: string | null; aead: boolean } | undefined {
  const block = /^(AES|CAMELLIA|ARIA)_(128|256)_(CBC|GCM|CCM|CCM_8)$/.exec(part);
  if (block) {
    const mode = block[3]!.startsWith('CCM') ? 'CCM' : block[3]!;
    return { cipher: `${block[1]}-${block[2]}-${mode}`, aead: mode !== 'CBC' };
  }
  switch (part) {
    case 'NULL': return { cipher: null, aead: false };
    case 'RC4_128': case 'RC4_40': case 'RC4_56': return { cipher: 'RC4', aead: false };
    case 'RC2_CBC_40': return { cipher: 'RC2-40-CBC', aead: false };
    case 'IDEA_CBC': return { cipher: 'IDEA-CBC', aead: false };
    case 'DES40_CBC': case 'DES_CBC': case 'DES_CBC_40': return { cipher: 'DES-CBC', aead: false };
    case '3DES_EDE_CBC': return { cipher: 'DES-EDE3-CBC', aead: false };
    case 'SEED_CBC': return { cipher: 'SEED-CBC', aead: false };
    case 'CHACHA20_POLY1305': return { cipher: 'ChaCha20-Poly1305', aead: true };
    default: return undefined;
  }
}

const MAC: Readonly<Record<string, { hmac: string; hash: string | null }>> = {
  MD5: { hmac: 'HMAC-MD5', hash: null },
  SHA: { hmac: 'HMAC-SHA-1', hash: null },
  SHA256: { hmac: 'HMAC-SHA-256', hash: 'SHA-256' },
  SHA384: { hmac: 'HMAC-SHA-384', hash: 'SHA-384' },
};

/** Parameters of a suite's cipher that its name fixes and the component spelling does not: RC4's key size, CCM_8's 64-bit tag. */
export function suiteCipherParams(name: string): AlgorithmParams {
  const rc4 = /_RC4_(\d+)_/.exec(name);
  if (rc4) return { keySize: Number(rc4[1]) };
  if (/_CCM_8(_|$)/.test(name)) return { tagLength: 64 };
  return {};
}

const parsed = new Map<string, KbCipherSuite | null>();

/**
 * The suite an IANA-style name (`TLS_…_WITH_…`, or JSSE's `SSL_` prefix) describes, when each of its
 * parts is known; undefined otherwise. Its code point is not derived (identifiers stay empty). One
 * object per name, so callers may compare suites by identity.
 */
export function parseSuiteName(written: string): KbCipherSuite | undefined {
  const key = written.trim().toUpperCase().replace(/^SSL_/, 'TLS_');
  let s = parsed.get(key);
  if (s === undefined) parsed.set(key, (s = parse(key) ?? null));
  return s ?? undefined;
}

function parse(upper: string): KbCipherSuite | undefined {
  const m = /^(?:TLS|SSL)_([A-Z0-9_]+?)(_EXPORT(?:1024)?)?_WITH_([A-Z0-9_]+)$/.exec(upper);
  if (!m) return undefined;
  const kxPart = m[1]!.replace(/_ANON$/, '_anon');
  const kx = KEY_EXCHANGE[kxPart];
  if (!kx) return undefined;
  const rest = m[3]!;
  // `…_WITH_AES_128_CCM` and `_CCM_8` end in the cipher (their PRF is SHA-256); every other suite in its MAC.
  const ccm = /^(AES_(?:128|256)_CCM(?:_8)?)$/.exec(rest);
  const split = ccm ? null : /^(.+)_(MD5|SHA|SHA256|SHA384)$/.exec(rest);
  const cipherPart = ccm ? ccm[1]! : split?.[1];
  if (!cipherPart) return undefined;
  const c = cipherOf(cipherPart);
  if (!c) return undefined;
  const macPart = split ? MAC[split[2]!]! : { hmac: null, hash: 'SHA-256' };
  // An AEAD suite's last part names its PRF hash; a CBC or stream suite's names its record HMAC.
  const mac = c.aead ? macPart.hash : macPart.hmac;
  if (c.aead && mac === null) return undefined;
  const exported = m[2] !== undefined;
  const name = `TLS_${kxPart}${m[2] ?? ''}_WITH_${rest}`;
  const tls12 = c.aead || split?.[2] === 'SHA256' || split?.[2] === 'SHA384';
  return {
    name,
    identifiers: [],
    // AEAD and SHA-2 MAC suites are TLS 1.2's; export suites SSL 3.0 and TLS 1.0's; the others may be any up to 1.2.
    versions: tls12 ? ['1.2'] : exported ? ['SSL3.0', '1.0'] : ['SSL3.0', '1.0', '1.1', '1.2'],
    keyExchange: kx[0],
    authentication: kx[1],
    cipher: c.cipher,
    mac,
    aliases: [],
    sources: ['iana-tls-parameters'],
  };
}
