// JWT in Rust: jsonwebtoken's `Algorithm::HS256`…`EdDSA` (and the jwt crate's `AlgorithmType::Hs512`) read where a token is signed or validated
// (`Header::new(Algorithm::RS256)`, `Validation::new(Algorithm::ES256)`), HMAC secrets written in the
// source (`EncodingKey::from_secret(b"secret")`), and the switches that accept unsigned or forged
// tokens (`validation.insecure_disable_signature_validation()`, `dangerous_insecure_decode`).
import type { SgNode } from '@ast-grep/napi';
import type { RsFile, TypeCall } from './file.js';
import { symbolOf } from './rustcrypto.js';

const JWT_ALGORITHMS = new Set(['HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']);

export function jwtAlgorithm(f: RsFile, node: SgNode, symbol: string, name: string): boolean {
  if (!JWT_ALGORITHMS.has(name)) return false;
  f.algorithm(node, symbol, { spelling: name, functions: name.startsWith('HS') ? ['tag'] : ['sign', 'verify'] });
  return true;
}

/**
 * `Header::default()` and `Validation::default()`: jsonwebtoken's documented default algorithm,
 * HS256 (a header that signs with it, a validation that accepts only it).
 */
export function jwtDefault(f: RsFile, tc: TypeCall): void {
  if (tc.method === 'default') jwtAlgorithm(f, tc.call, symbolOf(tc), 'HS256');
}

/** `EncodingKey::from_secret(b"…")` / `DecodingKey::from_secret("…".as_ref())`: the HMAC key is in the source. */
export function jwtKeyCall(f: RsFile, tc: TypeCall): void {
  if (!/^from_(secret|base64_secret)$/.test(tc.method) || !f.constantBytes(tc.args[0])) return;
  f.signal(tc.call, symbolOf(tc), 'hardcoded-key', 'JWT HMAC secret is written in the source', { spelling: 'HMAC' });
}

export function jwtInsecureMethod(f: RsFile, call: SgNode, method: string): void {
  f.signal(call, method, 'jwt-none-algorithm', `${method}: tokens are accepted without checking their signature`);
}
