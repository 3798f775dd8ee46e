// Java JWT libraries: Auth0 java-jwt (`Algorithm.HMAC256(secret)`, `Algorithm.RSA256(pub, priv)`,
// `Algorithm.none()`), jjwt (`SignatureAlgorithm.HS256`, `Jwts.SIG.RS256`, `Jwts.ENC.A256GCM`,
// `Jwts.KEY.RSA_OAEP_256`) and Nimbus JOSE+JWT (`JWSAlgorithm.ES256`, `JWEAlgorithm.RSA1_5`,
// `EncryptionMethod.A128CBC_HS256`). A JOSE algorithm named in code is the algorithm the tokens are
// signed or encrypted with; `none` is an unsigned token (jwt-none-algorithm).
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { joseEncryptionAlg, joseName, joseSignatureAlg, type Named } from '../common/jose.js';
import type { JavaContext } from './context.js';
import { isClassOf } from './imports.js';

const AUTH0 = 'com.auth0.jwt.algorithms';
const JJWT = 'io.jsonwebtoken';
const NIMBUS = 'com.nimbusds.jose';
const LIBRARIES: Readonly<Record<string, LibraryRef>> = {
  [AUTH0]: { ecosystem: 'maven', name: 'com.auth0:java-jwt' },
  [JJWT]: { ecosystem: 'maven', name: 'io.jsonwebtoken:jjwt' },
  [NIMBUS]: { ecosystem: 'maven', name: 'com.nimbusds:nimbus-jose-jwt' },
};

/** Text of a file that may hold jjwt or Nimbus constants (their imports or fully qualified names). */
const CONSTANT_LIBRARY_TEXT = /\b(?:io\.jsonwebtoken|com\.nimbusds\.jose)\b/;

/** Auth0's Algorithm factories: HMAC256, RSA384, ECDSA512, none. */
export const AUTH0_METHOD = /^(?:(HMAC|RSA|ECDSA)(256|384|512)|none)$/;

/** Class (or jjwt registry) holding JOSE constants -> its package. */
const CONSTANT_OWNERS: Readonly<Record<string, string>> = {
  SignatureAlgorithm: JJWT,
  'Jwts.SIG': JJWT,
  'Jwts.ENC': JJWT,
  'Jwts.KEY': JJWT,
  JWSAlgorithm: NIMBUS,
  JWEAlgorithm: NIMBUS,
  EncryptionMethod: NIMBUS,
};

/** Field accesses naming a JOSE constant (native filter, so the rest of a file's fields stay native). */
const CONSTANT_RULE = {
  rule: { kind: 'field_access', regex: '^(?:[A-Za-z_][\\w.]*\\.)?(?:SignatureAlgorithm|JWSAlgorithm|JWEAlgorithm|EncryptionMethod|Jwts\\s*\\.\\s*(?:SIG|ENC|KEY))\\s*\\.\\s*[A-Za-z][A-Za-z0-9_]*$' },
};


function report(ctx: JavaContext, node: SgNode, symbol: string, jose: string, library: LibraryRef): boolean {
  const sig = joseSignatureAlg(jose);
  const enc = sig ? undefined : joseEncryptionAlg(jose);
  const named: Named | undefined = sig ?? enc;
  if (!named) return false;
  const functions: CryptoFunction[] = sig ? (jose.startsWith('HS') ? ['tag'] : ['sign', 'verify']) : ['encrypt', 'decrypt'];
  ctx.sink.algorithm(node, symbol, named.spelling, named.params, { functions, library });
  return true;
}

/** `Algorithm.HMAC256(secret)` and friends from Auth0 java-jwt. */
export function handleAuth0Algorithm(ctx: JavaContext, node: SgNode, method: string): void {
  const owner = node.field('object')?.text().replace(/\s+/g, '');
  if (!owner || owner.slice(owner.lastIndexOf('.') + 1) !== 'Algorithm' || !isClassOf(ctx.imports, owner, AUTH0)) return;
  const symbol = `Algorithm.${method}`;
  if (method === 'none') {
    ctx.sink.signal(node, symbol, 'jwt-none-algorithm', 'java-jwt Algorithm.none() signs and accepts unsigned tokens', { library: LIBRARIES[AUTH0] });
    return;
  }
  const m = AUTH0_METHOD.exec(method)!;
  const prefix = m[1] === 'HMAC' ? 'HS' : m[1] === 'RSA' ? 'RS' : 'ES';
  report(ctx, node, symbol, `${prefix}${m[2]}`, LIBRARIES[AUTH0]!);
}

/** jjwt and Nimbus constants naming JOSE algorithms, anywhere in a file that uses those libraries. */
export function detectJoseConstants(ctx: JavaContext, root: SgNode, text: string): void {
  // The query compiles its pattern and walks the tree: only in files that name one of the libraries.
  if (!CONSTANT_LIBRARY_TEXT.test(text)) return;
  for (const node of root.findAll(CONSTANT_RULE)) {
    const written = node.text().replace(/\s+/g, '');
    const dot = written.lastIndexOf('.');
    const constant = written.slice(dot + 1);
    const ownerPath = written.slice(0, dot);
    const key = Object.keys(CONSTANT_OWNERS).find((k) => ownerPath === k || ownerPath.endsWith(`.${k}`));
    if (!key) continue;
    const pkg = CONSTANT_OWNERS[key]!;
    const simple = key.split('.')[0]!;
    const classPath = ownerPath.slice(0, ownerPath.length - key.length + simple.length);
    if (!isClassOf(ctx.imports, classPath, pkg)) continue;
    const symbol = `${key}.${constant}`;
    if (constant === 'NONE') {
      ctx.sink.signal(node, symbol, 'jwt-none-algorithm', `${key}.NONE: tokens without a signature`, { library: LIBRARIES[pkg] });
      continue;
    }
    report(ctx, node, symbol, joseName(constant), LIBRARIES[pkg]!);
  }
}
