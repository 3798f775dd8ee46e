// JWT/JOSE in .NET (Microsoft.IdentityModel.Tokens, System.IdentityModel.Tokens.Jwt): the
// `SecurityAlgorithms` constants (JOSE names such as HS256 and the XML-DSig URIs of the same
// algorithms), `SigningCredentials` given an algorithm string, symmetric keys built from literal
// bytes, and token validation that accepts unsigned tokens.
import type { SgNode } from '@ast-grep/napi';
import { joseEncryptionAlg, joseSecondary, joseSignatureAlg, type Named } from '../common/jose.js';
import type { CsFile } from './file.js';
import { kindOf } from '../common/languages.js';
import { callArgs, createdType } from './resolve.js';

/** SecurityAlgorithms member -> JOSE name (RFC 7518), or a digest spelling for the `Sha256`/`Sha256Digest` members. */
export function securityAlgorithmName(member: string): { jose?: string; digest?: string; named?: Named } | undefined {
  const m = member.replace(/Signature$|Digest$/, '');
  let x = /^(HmacSha|RsaSha|RsaSsaPssSha|EcdsaSha)(256|384|512)$/.exec(m);
  if (x) return { jose: `${{ HmacSha: 'HS', RsaSha: 'RS', RsaSsaPssSha: 'PS', EcdsaSha: 'ES' }[x[1]!]}${x[2]}` };
  x = /^Sha(256|384|512)$/.exec(m);
  if (x) return { digest: `SHA-${x[1]}` };
  x = /^Aes(128|192|256)(Gcm|KW|KeyWrap|Encryption)$/.exec(m);
  // `Aes128Encryption` is XML Encryption's aes128-cbc URI: plain AES-CBC, no JOSE name.
  if (x?.[2] === 'Encryption') return { named: { spelling: 'AES', params: { keySize: Number(x[1]), mode: 'CBC' } } };
  if (x) return { jose: x[2] === 'Gcm' ? `A${x[1]}GCM` : `A${x[1]}KW` };
  x = /^Aes(128|192|256)CbcHmacSha(256|384|512)$/.exec(m);
  if (x) return { jose: `A${x[1]}CBC-HS${x[2]}` };
  x = /^EcdhEsA(128|192|256)kw$/i.exec(m);
  if (x) return { jose: `ECDH-ES+A${x[1]}KW` };
  switch (m) {
    case 'RsaOAEP': case 'RsaOaepKeyWrap': return { jose: 'RSA-OAEP' };
    case 'RsaOaep256': return { jose: 'RSA-OAEP-256' };
    case 'RsaPKCS1': case 'RsaV15KeyWrap': return { jose: 'RSA1_5' };
    case 'EcdhEs': return { jose: 'ECDH-ES' };
    case 'EdDSA': return { jose: 'EdDSA' };
    default: return undefined;
  }
}

function joseAlg(name: string): { main?: Named; second?: Named } {
  return { main: joseSignatureAlg(name) ?? joseEncryptionAlg(name), second: joseSecondary(name) };
}

/** `SecurityAlgorithms.HmacSha256` written anywhere other than a comparison. */
export function securityAlgorithm(f: CsFile, node: SgNode, member: string): void {
  const n = securityAlgorithmName(member);
  if (!n) return;
  const symbol = `SecurityAlgorithms.${member}`;
  if (n.digest) f.algorithm(node, symbol, { spelling: n.digest, functions: ['digest'] });
  else if (n.named) f.algorithm(node, symbol, { spelling: n.named.spelling, params: n.named.params });
  else emitJose(f, node, symbol, n.jose!);
}

function emitJose(f: CsFile, node: SgNode, symbol: string, jose: string): boolean {
  const { main, second } = joseAlg(jose);
  if (!main) return false;
  f.algorithm(node, symbol, { spelling: main.spelling, params: main.params });
  if (second) f.algorithm(node, symbol, { spelling: second.spelling, params: second.params });
  return true;
}

/** Credential classes read by `credentials`: the key (or certificate) first, then the algorithm names. */
export const CREDENTIAL_TYPES = ['SigningCredentials', 'EncryptingCredentials', 'X509SigningCredentials', 'X509EncryptingCredentials'];

/**
 * `new SigningCredentials(key, "HS256")` / `new EncryptingCredentials(key, "RSA-OAEP", "A256GCM")` with literal
 * JOSE names (a `SecurityAlgorithms.X` argument is read where it is written). `new X509SigningCredentials(cert)`
 * names no algorithm: IdentityModel's constructor signs with `SecurityAlgorithms.RsaSha256` (RS256, RSA
 * PKCS#1 v1.5 with SHA-256), as does the older System.IdentityModel one. X509EncryptingCredentials' own
 * default has changed between IdentityModel versions and is not filled in.
 */
export function credentials(f: CsFile, node: SgNode, type: string): void {
  const args = callArgs(node);
  for (const a of args.slice(1)) {
    const s = f.str(a);
    if (s !== undefined) emitJose(f, a, `new ${type}`, s);
  }
  if (type === 'X509SigningCredentials' && args.length === 1) emitJose(f, node, `new ${type}`, 'RS256');
}

/** IdentityServer's (Duende, IdentityServer4) builder methods that set the token signing key. */
export const IDENTITY_SERVER_SIGNING = new Set(['AddSigningCredential', 'AddDeveloperSigningCredential']);

/** The JWS name an IdentityServer signing-algorithm argument gives: a JOSE string, `SecurityAlgorithms.X`, or `RsaSigningAlgorithm.PS256`/`ECDsaSigningAlgorithm.ES256`. */
function signingAlgorithmArg(f: CsFile, a: SgNode): string | undefined {
  const m = f.member(a);
  if (m?.type === 'SecurityAlgorithms') {
    const jose = securityAlgorithmName(m.name)?.jose;
    // Read here, with the credential it configures, not again where it is written.
    if (jose) f.consume(a);
    return jose;
  }
  if (m && /^(Rsa|ECDsa)SigningAlgorithm$/.test(m.type)) return m.name;
  const s = f.str(a);
  return s !== undefined && joseSignatureAlg(s) ? s : undefined;
}

/**
 * IdentityServer's signing key (Duende IdentityServer, IdentityServer4): `builder.AddSigningCredential(cert)`
 * (also an `RsaSecurityKey` or a certificate store name) signs tokens with RS256 unless an algorithm is given
 * (`AddSigningCredential(cert, SecurityAlgorithms.RsaSsaPssSha256)`, `AddSigningCredential(ecKey,
 * ECDsaSigningAlgorithm.ES256)`); the overload taking `SigningCredentials` carries its own algorithm, read where
 * they are created. `AddDeveloperSigningCredential(persistKey, filename[, signingAlgorithm])` generates an
 * RSA-2048 key (its `CryptoHelper.CreateRsaSecurityKey()` default, kept in the file it persists to) and signs
 * with RS256 by default. An algorithm argument the file does not show leaves the signature out.
 */
export function identityServerSigning(f: CsFile, node: SgNode, method: string, args: SgNode[]): void {
  const developer = method === 'AddDeveloperSigningCredential';
  const given = (developer ? args : args.slice(1)).map((a) => signingAlgorithmArg(f, a)).find((x) => x !== undefined);
  let alg = given;
  if (!alg && developer && args.length <= 2) alg = 'RS256';
  if (!alg && !developer && args.length === 1) {
    const a = args[0]!;
    // `AddSigningCredential(credentials)`: the algorithm is the SigningCredentials' own.
    if (/credential/i.test(kindOf(a) === 'object_creation_expression' ? createdType(a) : a.text())) return;
    alg = 'RS256';
  }
  if (developer) f.algorithm(node, method, { spelling: 'RSA', params: { keySize: 2048 }, functions: ['keygen'] });
  const named = alg ? joseSignatureAlg(alg) : undefined;
  if (!named) return;
  const params = developer && named.spelling.startsWith('RSA') ? { ...named.params, keySize: 2048 } : named.params;
  f.algorithm(node, method, { spelling: named.spelling, params, functions: ['sign'] });
}

/** `new SymmetricSecurityKey(bytes)`: a secret key; bytes written in the source are a hard-coded key. */
export function symmetricSecurityKey(f: CsFile, node: SgNode): void {
  const key = callArgs(node)[0];
  const bits = f.keyBits(key);
  f.sink.detections.push({
    type: 'material',
    occurrence: f.sink.occurrences.at(node, 'new SymmetricSecurityKey'),
    material: { materialType: 'secret-key', format: 'raw', ...(bits ? { size: bits } : {}) },
  });
  if (f.constantBytes(key)) f.signal(node, 'new SymmetricSecurityKey', 'hardcoded-key', 'JWT signing key bytes are fixed in source');
}

/** `RequireSignedTokens = false` in TokenValidationParameters: unsigned (`alg: none`) tokens are accepted. */
export function requireSignedTokens(f: CsFile, assignment: SgNode): void {
  const v = f.value(assignment.field('right') ?? undefined);
  if (v.kind === 'bool' && !v.value) f.signal(assignment, 'RequireSignedTokens', 'jwt-none-algorithm', 'RequireSignedTokens = false accepts unsigned tokens');
}
