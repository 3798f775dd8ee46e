// XML Signature and XML Encryption algorithms (W3C xmldsig-core, xmldsig-more RFC 6931, xmlenc-core)
// by the constant names the JVM libraries give their URIs: OpenSAML's `SignatureConstants.
// ALGO_ID_SIGNATURE_RSA_SHA256`, `ALGO_ID_DIGEST_SHA256`, `EncryptionConstants.ALGO_ID_BLOCKCIPHER_AES128_GCM`,
// Apache Santuario's `XMLSignature.ALGO_ID_SIGNATURE_ECDSA_SHA384`, `MessageDigestAlgorithm.ALGO_ID_DIGEST_SHA256`,
// `XMLCipher.RSA_OAEP`, and the JDK's `SignatureMethod.RSA_SHA256`, `DigestMethod.SHA256`. SAML
// assertions and metadata (Spring Security SAML, Keycloak, Shibboleth) are signed and encrypted with
// these, so they are the public-key algorithms of a SAML deployment. Kept apart from the Java detector
// so that the other languages' XML-DSig APIs (.NET `SignedXml.XmlDsigRSASHA256Url`) can share it.
import type { CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import type { Named } from './jose.js';

export interface XmlAlgorithm extends Named {
  functions: CryptoFunction[];
}

/** `SHA256` -> `SHA-256`, `SHA3_256` -> `SHA3-256`, `MD5`, `RIPEMD160`: the hash token of a constant name. */
function hashOf(token: string): string | undefined {
  let m = /^SHA(1|224|256|384|512)$/.exec(token);
  if (m) return `SHA-${m[1]}`;
  m = /^SHA3_(224|256|384|512)$/.exec(token);
  if (m) return `SHA3-${m[1]}`;
  if (token === 'MD5' || token === 'RIPEMD160') return token;
  return undefined;
}

const SIGN: CryptoFunction[] = ['sign', 'verify'];
const CRYPT: CryptoFunction[] = ['encrypt', 'decrypt'];

/**
 * A signature or MAC method: `RSA_SHA256`, `RSA` (xmldsig#rsa-sha1, as the URI without a hash is),
 * `DSA` (dsa-sha1), `ECDSA_SHA384`, `RSA_SHA256_MGF1` and the JDK's `SHA256_RSA_MGF1` (RSASSA-PSS,
 * RFC 6931 §2.3.10), `RSA_PSS` (hash in its parameters), `EDDSA_ED25519`/`ED25519`, `HMAC_SHA256`.
 * `NOT_RECOMMENDED_` (Santuario's and OpenSAML's marker for MD5) is dropped first.
 */
function signatureMethod(name: string): XmlAlgorithm | undefined {
  const n = name.replace(/NOT_RECOMMENDED_/, '');
  let m = /^HMAC_(\w+)$/.exec(n);
  if (m) {
    const hash = hashOf(m[1]!);
    return hash ? { spelling: `HMAC-${hash}`, params: { hash }, functions: ['tag'] } : undefined;
  }
  if (n === 'RSA_PSS') return { spelling: 'RSA-PSS', params: { padding: 'PSS' }, functions: SIGN };
  m = /^(RSA|DSA|ECDSA)(?:_(\w+?))?(_MGF1)?$/.exec(n) ?? /^()(\w+?)_RSA_MGF1$/.exec(n);
  if (m) {
    const hash = m[2] ? hashOf(m[2]) : m[1] === 'ECDSA' ? undefined : 'SHA-1';
    if (!hash) return undefined;
    if (m[3] !== undefined || m[1] === '') return { spelling: 'RSA-PSS', params: { padding: 'PSS', hash }, functions: SIGN };
    if (m[1] === 'RSA') return { spelling: 'RSA', params: { padding: 'PKCS1v15', hash }, functions: SIGN };
    return { spelling: m[1]!, params: { hash }, functions: SIGN };
  }
  if (/^(?:EDDSA_)?ED25519$/.test(n)) return { spelling: 'Ed25519', params: {}, functions: SIGN };
  if (/^(?:EDDSA_)?ED448$/.test(n)) return { spelling: 'Ed448', params: {}, functions: SIGN };
  return undefined;
}

/**
 * An encryption method: block ciphers `AES128` (xmlenc#aes128-cbc), `AES256_GCM` (xmlenc11), `TRIPLEDES`
 * (CBC), Santuario's `AES_128`/`AES_128_GCM`; key transport `RSAOAEP`/`RSA_OAEP` (rsa-oaep-mgf1p,
 * SHA-1), `RSAOAEP11`/`RSA_OAEP_11` (xmlenc11#rsa-oaep, SHA-1 unless its DigestMethod says otherwise),
 * `RSA15`/`RSA_v1dot5`; key wrap `KEYWRAP_AES128`, Santuario's `AES_128_KeyWrap`, `TRIPLEDES_KeyWrap`.
 */
function encryptionMethod(name: string): XmlAlgorithm | undefined {
  const n = name.toUpperCase().replace(/^(?:BLOCKCIPHER|KEYTRANSPORT)_/, '');
  let m = /^(?:KEYWRAP_)?AES_?(128|192|256)(?:_(GCM|KEYWRAP))?$/.exec(n);
  if (m) {
    const wrap = n.startsWith('KEYWRAP_') || m[2] === 'KEYWRAP';
    return { spelling: 'AES', params: { keySize: Number(m[1]), mode: wrap ? 'KW' : m[2] === 'GCM' ? 'GCM' : 'CBC' }, functions: CRYPT };
  }
  m = /^(?:KEYWRAP_)?TRIPLEDES(_KEYWRAP)?$/.exec(n);
  if (m) return { spelling: '3DES', params: n.startsWith('KEYWRAP_') || m[1] ? {} : { mode: 'CBC' }, functions: CRYPT };
  if (/^RSA_?OAEP(?:_?11)?$/.test(n)) return { spelling: 'RSA-OAEP', params: { padding: 'OAEP', hash: 'SHA-1' }, functions: CRYPT };
  if (n === 'RSA15' || n === 'RSA_V1DOT5') return { spelling: 'RSA', params: { padding: 'PKCS1v15' }, functions: CRYPT };
  // xmlenc11#ECDH-ES and xmlenc#dh: the agreement that derives the key-wrapping key.
  if (n === 'KEYAGREEMENT_ECDH_ES') return { spelling: 'ECDH', params: {}, functions: ['keyderive'] };
  if (n === 'KEYAGREEMENT_DH' || n === 'KEYAGREEMENT_DH_ES') return { spelling: 'DH', params: {}, functions: ['keyderive'] };
  return undefined;
}

/** The kinds of constant a class holds: OpenSAML's and Santuario's `ALGO_ID_*` prefixes say which. */
export type XmlConstantKind = 'signature' | 'digest' | 'encryption';

/**
 * The algorithm an XML-DSig/XML-Enc constant names. `kind` is the class's kind where its constants
 * carry no prefix (the JDK's `SignatureMethod.RSA_SHA256`, `DigestMethod.SHA256`, Santuario's
 * `XMLCipher.AES_128`); OpenSAML's and Santuario's `ALGO_ID_SIGNATURE_`, `ALGO_ID_MAC_`, `ALGO_ID_DIGEST_`,
 * `ALGO_ID_BLOCKCIPHER_`, `ALGO_ID_KEYTRANSPORT_`, `ALGO_ID_KEYWRAP_`, `ALGO_ID_KEYAGREEMENT_` override it. Canonicalisation and
 * transform constants (`ALGO_ID_C14N_EXCL_OMIT_COMMENTS`) and names outside these forms are undefined.
 */
export function xmlAlgorithm(constant: string, kind: XmlConstantKind): XmlAlgorithm | undefined {
  const m = /^ALGO_ID_(SIGNATURE|MAC|DIGEST|BLOCKCIPHER|KEYTRANSPORT|KEYWRAP|KEYAGREEMENT)_(\w+)$/.exec(constant);
  if (m) {
    if (m[1] === 'SIGNATURE') return signatureMethod(m[2]!);
    if (m[1] === 'MAC') return signatureMethod(m[2]!);
    if (m[1] === 'DIGEST') return digestMethod(m[2]!);
    return encryptionMethod(m[1] === 'KEYWRAP' || m[1] === 'KEYAGREEMENT' ? `${m[1]}_${m[2]}` : m[2]!);
  }
  if (constant.startsWith('ALGO_ID_')) return undefined;
  if (kind === 'signature') return signatureMethod(constant);
  if (kind === 'digest') return digestMethod(constant);
  return encryptionMethod(constant);
}

function digestMethod(name: string): XmlAlgorithm | undefined {
  const hash = hashOf(name.replace(/NOT_RECOMMENDED_/, ''));
  return hash ? { spelling: hash, params: {}, functions: ['digest'] } : undefined;
}

const OPENSAML: LibraryRef = { ecosystem: 'maven', name: 'org.opensaml:opensaml-xmlsec-api' };
const OPENSAML2: LibraryRef = { ecosystem: 'maven', name: 'org.opensaml:xmltooling' };
const SANTUARIO: LibraryRef = { ecosystem: 'maven', name: 'org.apache.santuario:xmlsec' };

/** A JVM class holding XML-DSig/XML-Enc constants: the kind of its constants and the packages that declare it. */
export interface XmlConstantOwner {
  kind: XmlConstantKind;
  /** Package -> library (none for the JDK, the platform). */
  packages: readonly { pkg: string; library?: LibraryRef }[];
}

/** The JVM classes read (Java and Kotlin): OpenSAML 3+ and 2, Apache Santuario, the JDK's javax.xml.crypto.dsig. */
export const XMLDSIG_OWNERS: Readonly<Record<string, XmlConstantOwner>> = {
  SignatureConstants: { kind: 'signature', packages: [{ pkg: 'org.opensaml.xmlsec.signature.support', library: OPENSAML }, { pkg: 'org.opensaml.xml.signature', library: OPENSAML2 }] },
  EncryptionConstants: { kind: 'encryption', packages: [{ pkg: 'org.opensaml.xmlsec.encryption.support', library: OPENSAML }, { pkg: 'org.opensaml.xml.encryption', library: OPENSAML2 }] },
  XMLSignature: { kind: 'signature', packages: [{ pkg: 'org.apache.xml.security.signature', library: SANTUARIO }] },
  MessageDigestAlgorithm: { kind: 'digest', packages: [{ pkg: 'org.apache.xml.security.algorithms', library: SANTUARIO }] },
  XMLCipher: { kind: 'encryption', packages: [{ pkg: 'org.apache.xml.security.encryption', library: SANTUARIO }] },
  SignatureMethod: { kind: 'signature', packages: [{ pkg: 'javax.xml.crypto.dsig' }] },
  DigestMethod: { kind: 'digest', packages: [{ pkg: 'javax.xml.crypto.dsig' }] },
};

/** Prefilter words (OpenSAML's classes are imported from packages that do not say `xml.security`), and the same as a test of a file's text. */
export const XMLDSIG_KEYWORDS = ['SignatureConstants', 'EncryptionConstants', 'org.apache.xml.security', 'javax.xml.crypto.dsig'] as const;
export const XMLDSIG_TEXT = /\b(?:SignatureConstants|EncryptionConstants|org\.apache\.xml\.security|javax\.xml\.crypto\.dsig)\b/;

/**
 * The algorithm an XML-DSig/XML-Enc identifier URI names (`http://www.w3.org/2001/04/xmldsig-more#rsa-sha256`,
 * `…/xmlenc#aes128-cbc`, `…/xmlenc#sha256`), for code that writes the URIs itself (ruby-saml's
 * `XMLSecurity::Document::RSA_SHA256`, Sustainsys.Saml2's `OutboundSigningAlgorithm`, .NET's
 * `SignedXml.SignatureMethod`): the namespaces of xmldsig-core (2000/09, 2009 xmldsig11), xmldsig-more
 * (RFC 6931 and 9231; 2001/04, 2007/05, 2021/04) and xmlenc-core (2001/04, 2009 xmlenc11), whichever the
 * fragment follows (projects write `xmldsig#rsa-sha384`, which the W3C puts in xmldsig-more). The fragment is read as the constant names above are, so both
 * forms give one algorithm; a hash fragment is a digest whatever the namespace (xmlenc#sha256 is one).
 * Canonicalisation and transform URIs, and fragments outside these forms, are undefined.
 */
export function xmlAlgorithmByUri(uri: string): XmlAlgorithm | undefined {
  const m = /^https?:\/\/www\.w3\.org\/(?:2000\/09\/xmldsig|2001\/04\/xmldsig-more|2009\/xmldsig11|2007\/05\/xmldsig-more|2021\/04\/xmldsig-more|2001\/04\/xmlenc|2009\/xmlenc11)#([A-Za-z0-9_-]{2,40})$/.exec(uri);
  if (!m) return undefined;
  const fragment = m[1]!;
  const name = fragment.toUpperCase().replace(/-/g, '_');
  const digest = digestMethod(name);
  if (digest) return digest;
  if (uri.includes('xmlenc')) {
    // xmlenc: `aes128-cbc`, `tripledes-cbc`, `aes256-gcm`, `kw-aes128`, `rsa-1_5`, `rsa-oaep-mgf1p`, `rsa-oaep`, `ECDH-ES`, `dh`.
    if (name === 'RSA_1_5') return encryptionMethod('RSA15');
    if (name === 'RSA_OAEP_MGF1P' || name === 'RSA_OAEP') return encryptionMethod('RSAOAEP');
    if (name === 'ECDH_ES' || name === 'DH' || name === 'DH_ES') return encryptionMethod(`KEYAGREEMENT_${name}`);
    const kw = /^KW_(AES\d+|TRIPLEDES)$/.exec(name);
    if (kw) return encryptionMethod(`KEYWRAP_${kw[1]}`);
    return encryptionMethod(name.replace(/_CBC$/, ''));
  }
  return signatureMethod(name);
}
