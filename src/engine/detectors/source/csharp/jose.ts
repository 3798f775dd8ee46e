// JWT/JOSE in .NET (Microsoft.IdentityModel.Tokens, System.IdentityModel.Tokens.Jwt): the
// `SecurityAlgorithms` constants (JOSE names such as HS256 and the XML-DSig URIs of the same
// algorithms), `SigningCredentials` given an algorithm string, symmetric keys built from literal
// bytes, and token validation that accepts unsigned tokens.
import type { SgNode } from '@ast-grep/napi';
import { joseEncryptionAlg, joseSecondary, joseSignatureAlg, type Named } from '../common/jose.js';
import type { CsFile } from './file.js';
import { callArgs } from './resolve.js';

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
