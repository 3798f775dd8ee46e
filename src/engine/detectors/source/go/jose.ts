// Go JWT/JOSE libraries: golang-jwt (and its predecessor dgrijalva/jwt-go) signing methods
// (`jwt.SigningMethodHS256`, `jwt.NewWithClaims(jwt.SigningMethodRS256, claims)`), go-jose algorithm
// constants (`jose.RS256`, `jose.RSA1_5`, `jose.A128GCM`) and lestrrat-go/jwx `jwa` names. A JOSE
// algorithm named in code is what the service signs or encrypts its tokens with;
// `jwt.SigningMethodNone` / `UnsafeAllowNoneSignatureType` / `jwa.NoSignature` accept unsigned ones.
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction } from '../../../inventory/model.js';
import { joseEncryptionAlg, joseName, joseSignatureAlg } from '../common/jose.js';
import { escapeRegex } from '../common/regex.js';
import type { GoFile } from './file.js';

/** Import paths of the JOSE libraries, by family. */
const GOLANG_JWT = /^github\.com\/(?:golang-jwt\/jwt|dgrijalva\/jwt-go|form3tech-oss\/jwt-go)(?:\/v\d+)?$/;
const GO_JOSE = /^(?:github\.com\/go-jose\/go-jose(?:\/v\d+)?|gopkg\.in\/(?:go-jose|square)\/go-jose\.v\d+|github\.com\/square\/go-jose)$/;
const JWX_JWA = /^github\.com\/lestrrat-go\/jwx(?:\/v\d+)?\/jwa$/;

export function isJoseImport(path: string): boolean {
  return GOLANG_JWT.test(path) || GO_JOSE.test(path) || JWX_JWA.test(path);
}

const NONE_NAMES = new Set(['SigningMethodNone', 'UnsafeAllowNoneSignatureType', 'NoSignature']);

/** The JOSE name a library member stands for, or undefined when it is not an algorithm. */
function joseOf(path: string, member: string): string | undefined {
  if (GOLANG_JWT.test(path)) {
    const m = /^SigningMethod(HS|RS|ES|PS)(256|384|512)$/.exec(member);
    if (m) return `${m[1]}${m[2]}`;
    return member === 'SigningMethodEdDSA' ? 'EdDSA' : undefined;
  }
  // go-jose and jwx spell the JOSE names as identifiers (RSA_OAEP_256, A128CBC_HS256).
  return /^[A-Z][A-Za-z0-9_]*$/.test(member) ? joseName(member) : undefined;
}

/** `pkg.Member` references to the JOSE libraries' algorithms, in files that import one of them. */
export function detectJoseNames(f: GoFile, root: SgNode, imports: ReadonlyMap<string, string>): void {
  const locals = [...imports].filter(([, path]) => isJoseImport(path));
  if (locals.length === 0) return;
  const pathOf = new Map(locals);
  const rule = { rule: { kind: 'selector_expression', regex: `^(${locals.map(([l]) => escapeRegex(l)).join('|')})\\.[A-Z]\\w*$` } };
  for (const node of root.findAll(rule)) {
    const local = node.field('operand')?.text() ?? '';
    const member = node.field('field')?.text() ?? '';
    const path = pathOf.get(local);
    if (!path) continue;
    const callee = `${path}.${member}`;
    if (NONE_NAMES.has(member)) {
      f.signal(node, callee, 'jwt-none-algorithm', `${local}.${member}: tokens without a signature are accepted`);
      continue;
    }
    const jose = joseOf(path, member);
    if (!jose) continue;
    const sig = joseSignatureAlg(jose);
    const named = sig ?? joseEncryptionAlg(jose);
    if (!named) continue;
    const functions: CryptoFunction[] = sig ? (jose.startsWith('HS') ? ['tag'] : ['sign', 'verify']) : ['encrypt', 'decrypt'];
    f.algorithm(node, callee, { spelling: named.spelling, params: named.params, functions });
  }
}
