// Java JWT libraries: Auth0 java-jwt (`Algorithm.HMAC256(secret)`, `Algorithm.RSA256(pub, priv)`, `Algorithm.RSA256PSS(…)`,
// `Algorithm.none()`), jjwt (`SignatureAlgorithm.HS256`, `Jwts.SIG.RS256`, `Jwts.ENC.A256GCM`,
// `Jwts.KEY.RSA_OAEP_256`) and Nimbus JOSE+JWT (`JWSAlgorithm.ES256`, `JWEAlgorithm.RSA1_5`,
// `EncryptionMethod.A128CBC_HS256`). A JOSE algorithm named in code is the algorithm the tokens are
// signed or encrypted with; `none` is an unsigned token (jwt-none-algorithm). jjwt also generates keys
// for a named algorithm (`Jwts.SIG.RS512.keyPair()`, `Keys.keyPairFor(SignatureAlgorithm.RS256)`,
// `Jwks.CRV.Ed25519.keyPair()`), with the sizes its API fixes, and accepts unsigned tokens when asked
// (`Jwts.parser().unsecured()`, 0.9-0.11 `parseClaimsJwt`).
import type { SgNode } from '@ast-grep/napi';
import { fromCaller } from '../common/from-caller.js';
import type { AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { isConstantBytes } from '../common/value.js';
import { kindOf } from '../common/languages.js';
import { joseEncryptionAlg, joseName, joseSecondary, joseSecondaryFunctions, joseSignatureAlg, type Named } from '../common/jose.js';
import type { JavaContext } from './context.js';
import { isClassOf } from './imports.js';

const AUTH0 = 'com.auth0.jwt.algorithms';
const JJWT = 'io.jsonwebtoken';
const NIMBUS = 'com.nimbusds.jose';
/** Spring Security's own JOSE enums (resource server and authorization server: `NimbusJwtDecoder`, `JwsHeader`). */
const SPRING_JOSE = 'org.springframework.security.oauth2.jose.jws';
const LIBRARIES: Readonly<Record<string, LibraryRef>> = {
  [AUTH0]: { ecosystem: 'maven', name: 'com.auth0:java-jwt' },
  [JJWT]: { ecosystem: 'maven', name: 'io.jsonwebtoken:jjwt' },
  [`${JJWT}.security`]: { ecosystem: 'maven', name: 'io.jsonwebtoken:jjwt' },
  [NIMBUS]: { ecosystem: 'maven', name: 'com.nimbusds:nimbus-jose-jwt' },
  [SPRING_JOSE]: { ecosystem: 'maven', name: 'org.springframework.security:spring-security-oauth2-jose' },
};
export const NIMBUS_LIBRARY = LIBRARIES[NIMBUS]!;

/** Text of a file that may hold jjwt, Nimbus or Spring JOSE constants (their imports or fully qualified names). */
const CONSTANT_LIBRARY_TEXT = /\b(?:io\.jsonwebtoken|com\.nimbusds\.jose|security\.oauth2\.jose)\b/;

/** Auth0's Algorithm factories: HMAC256, RSA384, RSA256PSS (PS256, since 4.5), ECDSA512, ECDSA256K (ES256K, 3.x), none. */
export const AUTH0_METHOD = /^(?:(HMAC|RSA|ECDSA)(256|384|512)(PSS|K)?|none)$/;

/** Class (or jjwt registry) holding JOSE constants -> the packages that define it (jjwt's 0.9-0.11 and Spring's SignatureAlgorithm share the name). */
const CONSTANT_OWNERS: Readonly<Record<string, readonly string[]>> = {
  SignatureAlgorithm: [JJWT, SPRING_JOSE],
  MacAlgorithm: [SPRING_JOSE],
  'Jwts.SIG': [JJWT],
  'Jwts.ENC': [JJWT],
  'Jwts.KEY': [JJWT],
  'Jwks.CRV': [`${JJWT}.security`],
  JWSAlgorithm: [NIMBUS],
  JWEAlgorithm: [NIMBUS],
  EncryptionMethod: [NIMBUS],
};

/** Field accesses naming a JOSE constant (native filter, so the rest of a file's fields stay native). */
const CONSTANT_RULE = {
  rule: { kind: 'field_access', regex: '^(?:[A-Za-z_][\\w.]*\\.)?(?:SignatureAlgorithm|MacAlgorithm|JWSAlgorithm|JWEAlgorithm|EncryptionMethod|Jwts\\s*\\.\\s*(?:SIG|ENC|KEY)|Jwks\\s*\\.\\s*CRV)\\s*\\.\\s*[A-Za-z][A-Za-z0-9_]*$' },
};


/**
 * jjwt's curve constants (`Jwks.CRV.P256`, `Jwks.CRV.Ed25519`): the key type of the keys they build or
 * accept. A NIST curve serves ECDSA and ECDH-ES alike, so it is named as the JCA names an EC key pair.
 */
const JJWT_CURVES: Readonly<Record<string, { spelling: string; params: AlgorithmParams }>> = {
  P256: { spelling: 'EC', params: { curve: 'P-256' } },
  P384: { spelling: 'EC', params: { curve: 'P-384' } },
  P521: { spelling: 'EC', params: { curve: 'P-521' } },
  Ed25519: { spelling: 'Ed25519', params: {} },
  Ed448: { spelling: 'Ed448', params: {} },
  X25519: { spelling: 'X25519', params: {} },
  X448: { spelling: 'X448', params: {} },
};

/** jjwt's key builders on an algorithm constant (0.12) and its older static helpers taking one (0.10, 0.11). */
const KEY_BUILDERS = ['key', 'keyPair'];
const KEY_HELPERS = new Set(['secretKeyFor', 'keyPairFor']);

/**
 * What jjwt generates for a JOSE algorithm, as its API fixes it: RSA keys of 8 bits per digest bit
 * (RS256/PS256 2048, RS384/PS384 3072, RS512/PS512 4096: `RsaSignatureAlgorithm`, and the table of
 * `Keys.keyPairFor`), HMAC keys as long as the digest, and Ed448 for the generic `EdDSA` (its preferred
 * curve). ECDSA curves and AES sizes are already in the algorithm's name.
 */
function generatedKey(jose: string, named: Named): Named {
  const m = /^(RS|PS|HS)(256|384|512)$/.exec(jose);
  if (m) return { spelling: named.spelling, params: { ...named.params, keySize: Number(m[2]) * (m[1] === 'HS' ? 1 : 8) } };
  if (jose === 'EdDSA') return { spelling: 'Ed448', params: {} };
  return named;
}

/** Whether a jjwt constant is given to a key builder: `C.keyPair()`, `alg.key()` after `alg = C`, `Keys.keyPairFor(C)`. */
function buildsKey(ctx: JavaContext, node: SgNode): boolean {
  if (ctx.linked(node, KEY_BUILDERS).length > 0) return true;
  const call = node.parent()?.parent();
  if (!call || kindOf(call) !== 'method_invocation' || !KEY_HELPERS.has(call.field('name')?.text() ?? '')) return false;
  const owner = call.field('object')?.text().replace(/\s+/g, '') ?? '';
  return owner.slice(owner.lastIndexOf('.') + 1) === 'Keys' && isClassOf(ctx.imports, owner, `${JJWT}.security`);
}

/**
 * Whether a constant is only read for its name or compared (`Jwts.SIG.NONE.getId()`,
 * `alg == SignatureAlgorithm.NONE`): a check that rejects `none` is not a use of it.
 */
function onlyInspected(node: SgNode): boolean {
  const parent = node.parent();
  if (!parent) return false;
  const k = kindOf(parent);
  if (k === 'method_invocation' && parent.field('object')?.id() === node.id()) return true;
  if (k === 'binary_expression') {
    const op = parent.field('operator')?.text();
    return op === '==' || op === '!=';
  }
  return false;
}

function report(ctx: JavaContext, node: SgNode, symbol: string, jose: string, library: LibraryRef, keygen = false): boolean {
  const sig = joseSignatureAlg(jose);
  const enc = sig ? undefined : joseEncryptionAlg(jose);
  let named: Named | undefined = sig ?? enc;
  if (!named) return false;
  const functions: CryptoFunction[] = sig ? (jose.startsWith('HS') ? ['tag'] : ['sign', 'verify']) : ['encrypt', 'decrypt'];
  if (keygen) {
    named = generatedKey(jose, named);
    functions.push('keygen');
  }
  ctx.sink.algorithm(node, symbol, named.spelling, named.params, { functions, library });
  // `ECDH_ES_A128KW` and `PBES2_HS256_A128KW` also wrap with AES-KW, `A128CBC_HS256` also MACs with
  // HMAC-SHA-256 (a generated key of such a name is one key for both halves: reported once, above).
  const second = sig || keygen ? undefined : joseSecondary(jose);
  if (second) ctx.sink.algorithm(node, symbol, second.spelling, second.params, { functions: joseSecondaryFunctions(second), library });
  return true;
}

/**
 * A JWT secret fixed in source: a string (`"changeit"`, also through a constant) or literal bytes
 * (`"changeit".getBytes()`). An HMAC-signed token is then forgeable by anyone who reads the code.
 */
export function literalSecret(ctx: JavaContext, arg: SgNode | undefined): boolean {
  if (!arg) return false;
  const v = ctx.value(arg);
  return (v.kind === 'str' && v.value.length > 0 && !fromCaller(ctx.ev, arg)) || isConstantBytes(v);
}

/** `Algorithm.HMAC256(secret)` and friends from Auth0 java-jwt. */
export function handleAuth0Algorithm(ctx: JavaContext, node: SgNode, method: string): void {
  const owner = node.field('object')?.text().replace(/\s+/g, '');
  if (!owner || owner.slice(owner.lastIndexOf('.') + 1) !== 'Algorithm' || !isClassOf(ctx.imports, owner, AUTH0)) return;
  const symbol = `Algorithm.${method}`;
  const library = LIBRARIES[AUTH0]!;
  if (method === 'none') {
    ctx.sink.signal(node, symbol, 'jwt-none-algorithm', 'java-jwt Algorithm.none() signs and accepts unsigned tokens', { library });
    return;
  }
  const m = AUTH0_METHOD.exec(method)!;
  // PSS only after RSA, K (secp256k1) only after ECDSA256.
  if (m[3] === 'PSS' ? m[1] !== 'RSA' : m[3] === 'K' && (m[1] !== 'ECDSA' || m[2] !== '256')) return;
  const prefix = m[1] === 'HMAC' ? 'HS' : m[1] === 'RSA' ? (m[3] ? 'PS' : 'RS') : 'ES';
  report(ctx, node, symbol, `${prefix}${m[2]}${m[3] === 'K' ? 'K' : ''}`, library);
  if (prefix === 'HS' && literalSecret(ctx, node.field('arguments')?.namedChildren()[0])) {
    ctx.sink.signal(node, symbol, 'hardcoded-key', `java-jwt HMAC secret is written in the source`, { related: { spelling: `HMAC-SHA-${m[2]}`, params: {} }, library });
  }
}

/** jjwt calls read by handleJjwtCall: `Keys.hmacShaKeyFor`, and parser/builder calls whose receiver chain starts at `Jwts`. */
export const JJWT_METHODS = new Set(['unsecured', 'parseClaimsJwt', 'parsePlaintextJwt', 'signWith', 'setSigningKey', 'hmacShaKeyFor']);

/**
 * Whether a call's receiver chain starts at jjwt's `Jwts.builder()`, `Jwts.parser()` or
 * `Jwts.parserBuilder()`, through variables (`JwtParser p = Jwts.parser()...build(); p.parseClaimsJwt(t)`).
 */
function fromJwts(ctx: JavaContext, call: SgNode): boolean {
  const owner = ctx.chainOwner(call);
  return owner !== undefined && owner.slice(owner.lastIndexOf('.') + 1) === 'Jwts' && isClassOf(ctx.imports, owner, JJWT);
}

/**
 * jjwt beyond its constants: parsers that accept unsigned tokens (0.12 `unsecured()`, 0.9-0.11
 * `parseClaimsJwt`/`parsePlaintextJwt`, which accept only unsigned tokens), HMAC secrets written in
 * the source (`signWith(SignatureAlgorithm.HS256, "secret")`, `setSigningKey("secret")`,
 * `Keys.hmacShaKeyFor("...".getBytes())`), and `Keys.hmacShaKeyFor(bytes)`, which picks HS512, HS384
 * or HS256 from the key length (at least 64, 48 or 32 bytes).
 */
export function handleJjwtCall(ctx: JavaContext, node: SgNode, method: string): void {
  const library = LIBRARIES[JJWT]!;
  const args = node.field('arguments')?.namedChildren() ?? [];
  if (method === 'hmacShaKeyFor') {
    const owner = node.field('object')?.text().replace(/\s+/g, '') ?? '';
    if (owner.slice(owner.lastIndexOf('.') + 1) !== 'Keys' || !isClassOf(ctx.imports, owner, `${JJWT}.security`)) return;
    const v = ctx.value(args[0]);
    const bits = v.kind === 'bytes' && v.length !== undefined ? v.length * 8 : undefined;
    const digest = bits === undefined ? undefined : bits >= 512 ? 512 : bits >= 384 ? 384 : bits >= 256 ? 256 : undefined;
    const spelling = digest ? `HMAC-SHA-${digest}` : 'HMAC';
    ctx.sink.algorithm(node, 'Keys.hmacShaKeyFor', spelling, bits ? { keySize: bits } : {}, { unresolved: digest ? [] : ['hash'], functions: ['tag'], library });
    if (isConstantBytes(v)) ctx.sink.signal(node, 'Keys.hmacShaKeyFor', 'hardcoded-key', 'jjwt HMAC key bytes are fixed in source', { related: { spelling, params: bits ? { keySize: bits } : {} }, library });
    return;
  }
  if (!fromJwts(ctx, node)) return;
  if (method === 'signWith' || method === 'setSigningKey') {
    // signWith(SignatureAlgorithm, String|byte[]) and setSigningKey(String|byte[]): a Base64 string or
    // raw bytes of an HMAC secret. A Key argument (the modern signWith(key)) never resolves to a literal.
    if (args.some((a) => literalSecret(ctx, a))) ctx.sink.signal(node, method, 'hardcoded-key', 'jjwt HMAC secret is written in the source', { library });
    return;
  }
  const detail = method === 'unsecured' ? 'jjwt parser built with unsecured(): unsigned tokens are accepted' : `jjwt ${method} accepts only unsigned tokens`;
  ctx.sink.signal(node, method, 'jwt-none-algorithm', detail, { library });
}

/**
 * jjwt and Nimbus constants naming JOSE algorithms, anywhere in a file that uses those libraries.
 * Returns the JOSE names of the Nimbus constants (`RS256`, `RSA-OAEP-256`), which tell the file's
 * Nimbus signers and encrypters which algorithm they serve.
 */
export function detectJoseConstants(ctx: JavaContext, root: SgNode, text: string): Set<string> {
  const nimbusNames = new Set<string>();
  // The query compiles its pattern and walks the tree: only in files that name one of the libraries.
  if (!CONSTANT_LIBRARY_TEXT.test(text)) return nimbusNames;
  for (const node of root.findAll(CONSTANT_RULE)) {
    const written = node.text().replace(/\s+/g, '');
    const dot = written.lastIndexOf('.');
    const constant = written.slice(dot + 1);
    const ownerPath = written.slice(0, dot);
    const key = Object.keys(CONSTANT_OWNERS).find((k) => ownerPath === k || ownerPath.endsWith(`.${k}`));
    if (!key) continue;
    const simple = key.split('.')[0]!;
    const classPath = ownerPath.slice(0, ownerPath.length - key.length + simple.length);
    const pkg = CONSTANT_OWNERS[key]!.find((p) => isClassOf(ctx.imports, classPath, p));
    if (!pkg) continue;
    const symbol = `${key}.${constant}`;
    if (key === 'Jwks.CRV') {
      const curve = JJWT_CURVES[constant];
      if (!curve) continue;
      const keygen = ctx.linked(node, ['keyPair']).length > 0;
      ctx.sink.algorithm(node, symbol, curve.spelling, curve.params, { ...(keygen ? { functions: ['keygen'] } : {}), library: LIBRARIES[pkg]! });
      continue;
    }
    if (constant === 'NONE') {
      if (!onlyInspected(node)) ctx.sink.signal(node, symbol, 'jwt-none-algorithm', `${key}.NONE: tokens without a signature`, { library: LIBRARIES[pkg] });
      continue;
    }
    const jose = joseName(constant);
    if (report(ctx, node, symbol, jose, LIBRARIES[pkg]!, pkg === JJWT && buildsKey(ctx, node)) && pkg === NIMBUS) nimbusNames.add(jose);
  }
  return nimbusNames;
}
