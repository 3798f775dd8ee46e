// Libraries Kotlin code calls beyond the JDK: Auth0 java-jwt (`Algorithm.HMAC256(secret)`), jjwt's
// algorithm constants (`SignatureAlgorithm.HS256`, `Jwts.SIG.RS256`) and hard-coded `signWith`
// secrets, and Google Tink's key templates (`KeyTemplates.get("AES256_GCM")`,
// `AeadKeyTemplates.AES256_GCM`). JOSE names are the shared RFC 7518 table (common/jose.ts).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { joseEncryptionAlg, joseName, joseSignatureAlg } from '../common/jose.js';
import { XMLDSIG_OWNERS, xmlAlgorithm } from '../common/xmldsig.js';
import { fromCaller } from '../common/from-caller.js';
import { kindOf } from '../common/languages.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { isConstantBytes } from '../common/value.js';
import type { KtFile } from './file.js';
import { arg, callParts, namedKids, pathText, type KtCall } from './syntax.js';

const AUTH0: LibraryRef = { ecosystem: 'maven', name: 'com.auth0:java-jwt' };
const JJWT: LibraryRef = { ecosystem: 'maven', name: 'io.jsonwebtoken:jjwt' };
const TINK: LibraryRef = { ecosystem: 'maven', name: 'com.google.crypto.tink:tink' };

export const AUTH0_METHOD = /^(?:(HMAC|RSA|ECDSA)(256|384|512)(PSS|K)?|none)$/;

function literalSecret(f: KtFile, node: SgNode | undefined): boolean {
  if (!node || fromCaller(f.ev, node)) return false; // a caller's literal is reported nowhere (common/from-caller.ts)
  const v = f.value(node);
  return (v.kind === 'str' && v.value.length > 0) || (isConstantBytes(v) && !(v.kind === 'bytes' && v.length === 0));
}

function jose(f: KtFile, node: SgNode, symbol: string, name: string, library: LibraryRef): boolean {
  const sig = joseSignatureAlg(name);
  const named = sig ?? joseEncryptionAlg(name);
  if (!named) return false;
  const functions: CryptoFunction[] = sig ? (name.startsWith('HS') ? ['tag'] : ['sign', 'verify']) : ['encrypt', 'decrypt'];
  f.algorithm(node, symbol, named.spelling, named.params, [], functions, library);
  return true;
}

/** Auth0 `Algorithm.HMAC256(secret)` and friends, `Algorithm.none()` (class imported from com.auth0.jwt.algorithms). */
export function handleAuth0(f: KtFile, call: KtCall): void {
  const owner = pathText(call.receiver);
  if (!owner || (owner !== 'Algorithm' && owner !== 'com.auth0.jwt.algorithms.Algorithm')) return;
  if (owner === 'Algorithm' && f.imports.get('Algorithm') !== 'com.auth0.jwt.algorithms.Algorithm' && !f.starImports.includes('com.auth0.jwt.algorithms')) return;
  const symbol = `Algorithm.${call.name}`;
  if (call.name === 'none') {
    f.sink.signal(call.node, symbol, 'jwt-none-algorithm', 'java-jwt Algorithm.none() signs and accepts unsigned tokens', { library: AUTH0 });
    return;
  }
  const m = AUTH0_METHOD.exec(call.name)!;
  if (m[3] === 'PSS' ? m[1] !== 'RSA' : m[3] === 'K' && (m[1] !== 'ECDSA' || m[2] !== '256')) return;
  const prefix = m[1] === 'HMAC' ? 'HS' : m[1] === 'RSA' ? (m[3] ? 'PS' : 'RS') : 'ES';
  jose(f, call.node, symbol, `${prefix}${m[2]}${m[3] === 'K' ? 'K' : ''}`, AUTH0);
  if (prefix === 'HS' && literalSecret(f, arg(call, 0))) {
    f.sink.signal(call.node, symbol, 'hardcoded-key', 'java-jwt HMAC secret is written in the source', { related: { spelling: `HMAC-SHA-${m[2]}`, params: {} }, library: AUTH0 });
  }
}

/**
 * JOSE constants: jjwt's `SignatureAlgorithm.HS256` (0.9-0.11), `Jwts.SIG.RS256`, `Jwts.ENC.A256GCM`,
 * `Jwts.KEY.RSA_OAEP_256` (0.12), and Spring Security's `SignatureAlgorithm.RS256`/`MacAlgorithm.HS256`
 * (`org.springframework.security.oauth2.jose.jws`, the JWS header of its `NimbusJwtEncoder`, its DPoP proofs).
 */
export const JJWT_CONSTANT = '^(io\\.jsonwebtoken\\.|org\\.springframework\\.security\\.oauth2\\.jose\\.jws\\.)?(SignatureAlgorithm|MacAlgorithm|Jwts\\.(SIG|ENC|KEY))\\.[A-Za-z0-9_]+$';

const SPRING_JOSE = 'org.springframework.security.oauth2.jose.jws';
const SPRING_JOSE_LIBRARY: LibraryRef = { ecosystem: 'maven', name: 'org.springframework.security:spring-security-oauth2-jose' };

/** The package a JOSE constant's class comes from (jjwt's and Spring's `SignatureAlgorithm` share the name), or undefined. */
function josePackage(f: KtFile, owner: string, simple: string): string | undefined {
  for (const pkg of simple === 'MacAlgorithm' ? [SPRING_JOSE] : simple === 'SignatureAlgorithm' ? ['io.jsonwebtoken', SPRING_JOSE] : ['io.jsonwebtoken']) {
    if (owner.startsWith(`${pkg}.`) || f.imports.get(simple) === `${pkg}.${simple}` || f.starImports.includes(pkg)) return pkg;
  }
  return undefined;
}

export function handleJjwtConstant(f: KtFile, node: SgNode): void {
  const text = node.text().replace(/\s+/g, '');
  const owner = text.slice(0, text.lastIndexOf('.'));
  const constant = text.slice(text.lastIndexOf('.') + 1);
  const simple = owner.replace(/^(io\.jsonwebtoken|org\.springframework\.security\.oauth2\.jose\.jws)\./, '').split('.')[0]!;
  const pkg = josePackage(f, owner, simple);
  if (!pkg) return;
  const library = pkg === SPRING_JOSE ? SPRING_JOSE_LIBRARY : JJWT;
  // A comparison (`alg == SignatureAlgorithm.NONE`) or a `when` branch checks a token's algorithm, it does not use one.
  const parent = node.parent();
  if (parent && /^(equality_expression|when_condition|navigation_expression)$/.test(kindOf(parent))) return;
  const symbol = `${simple}${owner.slice(owner.indexOf(simple) + simple.length)}.${constant}`;
  if (constant === 'NONE') {
    f.sink.signal(node, symbol, 'jwt-none-algorithm', `${symbol}: tokens without a signature`, { library });
    return;
  }
  jose(f, node, symbol, joseName(constant), library);
}

/** `signWith(SignatureAlgorithm.HS256, "secret")` / `setSigningKey("secret")` on a jjwt chain: a secret written in the source. */
export function handleJjwtSecret(f: KtFile, call: KtCall): void {
  if (!f.imports.has('Jwts') && !f.starImports.includes('io.jsonwebtoken')) return;
  if (!/\bJwts\s*\.\s*(builder|parser|parserBuilder)\b/.test(call.receiver ? f.origin(call.receiver)?.text() ?? call.receiver.text() : '')) return;
  if (call.args.some((a) => literalSecret(f, a.expr))) f.sink.signal(call.site, call.name, 'hardcoded-key', 'jjwt HMAC secret is written in the source', { library: JJWT });
}

/** Tink key-template names -> algorithm. */
function tinkTemplate(name: string): { spelling: string; params: AlgorithmParams; functions: CryptoFunction[] } | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^AES(128|256)_(GCM|EAX|GCM_SIV|CTR_HMAC_SHA256)(_RAW)?$/.exec(name))) {
    const mode = m[2] === 'CTR_HMAC_SHA256' ? 'CTR' : m[2] === 'GCM_SIV' ? 'GCM-SIV' : m[2]!;
    return { spelling: 'AES', params: { keySize: Number(m[1]), mode }, functions: ['encrypt', 'decrypt'] };
  }
  if ((m = /^(X?CHACHA20)_POLY1305(_RAW)?$/.exec(name))) return { spelling: m[1] === 'CHACHA20' ? 'ChaCha20-Poly1305' : 'XChaCha20-Poly1305', params: {}, functions: ['encrypt', 'decrypt'] };
  if ((m = /^HMAC_SHA(256|512)_(128|256|512)BITTAG(_RAW)?$/.exec(name))) return { spelling: `HMAC-SHA-${m[1]}`, params: { hash: `SHA-${m[1]}` }, functions: ['tag'] };
  if ((m = /^ECDSA_P(256|384|521)(_IEEE_P1363)?(_RAW)?$/.exec(name))) return { spelling: 'ECDSA', params: { curve: `P-${m[1]}` }, functions: ['sign', 'verify'] };
  if (/^ED25519(WITHOUTPREFIX)?$/.test(name)) return { spelling: 'Ed25519', params: {}, functions: ['sign', 'verify'] };
  if ((m = /^RSA_SSA_(PKCS1|PSS)_(\d{4})_SHA(256|512)/.exec(name))) {
    return { spelling: m[1] === 'PSS' ? 'RSA-PSS' : 'RSA', params: { keySize: Number(m[2]), padding: m[1] === 'PSS' ? 'PSS' : 'PKCS1v15', hash: `SHA-${m[3]}` }, functions: ['sign', 'verify'] };
  }
  return undefined;
}

/** `KeyTemplates.get("AES256_GCM")` (Tink 1.6+). */
export function handleTinkGet(f: KtFile, call: KtCall): void {
  if (pathText(call.receiver) !== 'KeyTemplates' || !(f.imports.get('KeyTemplates') ?? '').startsWith('com.google.crypto.tink')) return;
  const name = f.str(arg(call, 0));
  const t = name ? tinkTemplate(name) : undefined;
  if (t) f.algorithm(call.node, 'KeyTemplates.get', t.spelling, t.params, [], t.functions, TINK);
}

/** `AeadKeyTemplates.AES256_GCM`, `SignatureKeyTemplates.ECDSA_P256`, `MacKeyTemplates.HMAC_SHA256_128BITTAG` (older Tink). */
export const TINK_CONSTANT = '^(Aead|DeterministicAead|Mac|Signature|StreamingAead|Hybrid)KeyTemplates\\.[A-Z0-9_]+$';

export function handleTinkConstant(f: KtFile, node: SgNode): void {
  const [owner, name] = node.text().replace(/\s+/g, '').split('.');
  if (!(f.imports.get(owner!) ?? '').startsWith('com.google.crypto.tink')) return;
  const t = tinkTemplate(name!);
  if (t && !(node.parent() && kindOf(node.parent()!) === 'navigation_expression' && namedKids(node.parent()!)[0]?.id() === node.id())) {
    f.algorithm(node, `${owner}.${name}`, t.spelling, t.params, [], t.functions, TINK);
  }
}

const KTOR_SESSIONS: LibraryRef = { ecosystem: 'maven', name: 'io.ktor:ktor-server-sessions' };
const KTOR_SESSION_PACKAGES = ['io.ktor.server.sessions', 'io.ktor.sessions'];
export const KTOR_TRANSFORMERS = new Set(['SessionTransportTransformerEncrypt', 'SessionTransportTransformerMessageAuthentication']);

/**
 * Ktor's session cookie transformers (imported from io.ktor.server.sessions, or io.ktor.sessions in Ktor 1):
 * `SessionTransportTransformerEncrypt(encryptionKey, signKey, ivGenerator, encryptAlgorithm = "AES",
 * signAlgorithm = "HmacSHA256")` encrypts with `"$encryptAlgorithm/CBC/PKCS5PADDING"` and signs with the MAC;
 * `SessionTransportTransformerMessageAuthentication(key, algorithm = "HmacSHA256")` only signs. The defaults
 * are the constructors' own, written in their signatures. The forms taking `SecretKeySpec`s are read
 * through those specs (their own handler), so only the byte-array forms are reported here.
 */
export function handleKtorSession(f: KtFile, call: KtCall): void {
  const name = call.name;
  if (call.receiver) return;
  const imported = f.imports.get(name);
  if (!(imported ? KTOR_SESSION_PACKAGES.some((p) => imported === `${p}.${name}`) : f.starImports.some((p) => KTOR_SESSION_PACKAGES.includes(p)))) return;
  const encrypt = name === 'SessionTransportTransformerEncrypt';
  // The SecretKeySpec constructors (named `encryptionKeySpec`/`keySpec`, or a spec given positionally).
  if (call.args.some((a) => a.name === 'encryptionKeySpec' || a.name === 'keySpec')) return;
  const first = f.origin(arg(call, 0));
  if (first && (kindOf(first) === 'call_expression' && /SecretKeySpec$/.test(callParts(first)?.name ?? ''))) return;
  const keyBits = (node: SgNode | undefined): number | undefined => {
    const v = node ? f.value(node) : undefined;
    return v?.kind === 'bytes' && v.length ? v.length * 8 : undefined;
  };
  const written = (node: SgNode | undefined, fallback: string): string | undefined => (node ? f.str(node) : fallback);
  const macKey = encrypt ? arg(call, 1, 'signKey') : arg(call, 0, 'key');
  const macAlg = encrypt ? written(arg(call, 4, 'signAlgorithm'), 'HmacSHA256') : written(arg(call, 1, 'algorithm'), 'HmacSHA256');
  if (encrypt) {
    const key = arg(call, 0, 'encryptionKey');
    const cipher = written(arg(call, 3, 'encryptAlgorithm'), 'AES');
    const bits = keyBits(key);
    if (cipher) f.algorithm(call.node, name, `${cipher}/CBC/PKCS5Padding`, bits ? { keySize: bits } : {}, bits ? [] : ['keySize'], ['encrypt', 'decrypt'], KTOR_SESSIONS);
    else f.algorithm(call.node, name, unresolvedSpelling('cipher'), {}, ['keySize'], ['encrypt', 'decrypt'], KTOR_SESSIONS);
    if (literalSecret(f, key)) f.sink.signal(call.node, name, 'hardcoded-key', 'Ktor session encryption key is written in the source', { related: { spelling: `${cipher ?? 'AES'}/CBC/PKCS5Padding`, params: bits ? { keySize: bits } : {} }, library: KTOR_SESSIONS });
  }
  f.algorithm(call.node, name, macAlg ?? unresolvedSpelling('mac'), {}, [], ['tag'], KTOR_SESSIONS);
  if (literalSecret(f, macKey)) f.sink.signal(call.node, name, 'hardcoded-key', 'Ktor session signing key is written in the source', macAlg ? { related: { spelling: macAlg, params: {} }, library: KTOR_SESSIONS } : { library: KTOR_SESSIONS });
}

/** XML-DSig/XML-Enc constants (`SignatureConstants.ALGO_ID_SIGNATURE_RSA_SHA256`, `SignatureMethod.RSA_SHA256`), as Java reads them (common/xmldsig.ts). */
export const XMLDSIG_CONSTANT = `^([A-Za-z_][\\w.]*\\.)?(${Object.keys(XMLDSIG_OWNERS).join('|')})\\.[A-Z][A-Za-z0-9_]*$`;

export function handleXmlDsigConstant(f: KtFile, node: SgNode): void {
  const text = node.text().replace(/\s+/g, '');
  const dot = text.lastIndexOf('.');
  const ownerPath = text.slice(0, dot);
  const constant = text.slice(dot + 1);
  const simple = ownerPath.slice(ownerPath.lastIndexOf('.') + 1);
  const owner = XMLDSIG_OWNERS[simple];
  if (!owner) return;
  const source = owner.packages.find((p) => (ownerPath.includes('.') ? ownerPath === `${p.pkg}.${simple}` : f.imports.get(simple) === `${p.pkg}.${simple}` || f.starImports.includes(p.pkg) || f.pkg === p.pkg));
  if (!source) return;
  // A comparison or `when` branch checks a document's algorithm; `X.equals(alg)` and `X.length` read the constant.
  const parent = node.parent();
  if (parent && /^(equality_expression|when_condition|navigation_expression)$/.test(kindOf(parent))) return;
  if (parent && kindOf(parent) === 'value_argument' && /\.equals\s*\(/.test(parent.parent()?.parent()?.text() ?? '')) return;
  const alg = xmlAlgorithm(constant, owner.kind);
  if (alg) f.algorithm(node, `${simple}.${constant}`, alg.spelling, alg.params, [], alg.functions, source.library);
}
