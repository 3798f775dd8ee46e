// The API-key format and its secret handling (spec section 2, DESIGN.md section 4).
// Plaintext: svc_{live|test}_{16 lookup}_{32 secret} over [A-Za-z0-9]. The lookup finds the row; only
// a digest of the secret is stored (SHA-256, or HMAC-SHA-256 keyed with CBOM_KEY_PEPPER), and the
// check compares digests with crypto.timingSafeEqual so its time does not depend on the secret.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { KeyEnv } from '../store/schema.js';
import { randomAlphanumeric } from '../store/ids.js';

export const KEY_LOOKUP_LENGTH = 16;
export const KEY_SECRET_LENGTH = 32;

const KEY_PATTERN = /^svc_(live|test)_([A-Za-z0-9]{16})_([A-Za-z0-9]{32})$/;
export const KEY_LOOKUP_PATTERN = '^[A-Za-z0-9]{16}$';

export interface ParsedKey {
  env: KeyEnv;
  lookup: string;
  secret: string;
}

export interface GeneratedKey extends ParsedKey {
  plaintext: string;
}

export function generateKey(env: KeyEnv): GeneratedKey {
  const lookup = randomAlphanumeric(KEY_LOOKUP_LENGTH);
  const secret = randomAlphanumeric(KEY_SECRET_LENGTH);
  return { env, lookup, secret, plaintext: `svc_${env}_${lookup}_${secret}` };
}

/** null when the text is not a well-formed key. */
export function parseKey(plaintext: string): ParsedKey | null {
  const m = KEY_PATTERN.exec(plaintext);
  if (!m) return null;
  return { env: m[1] as KeyEnv, lookup: m[2]!, secret: m[3]! };
}

/** The non-secret prefix shown in listings: `svc_{env}_{lookup}`. */
export function keyPrefix(env: KeyEnv, lookup: string): string {
  return `svc_${env}_${lookup}`;
}

function digest(secret: string, pepper: string | null): Buffer {
  return pepper === null
    ? createHash('sha256').update(secret, 'utf8').digest()
    : createHmac('sha256', pepper).update(secret, 'utf8').digest();
}

/** Hex digest stored in api_keys.secret_hash. */
export function hashSecret(secret: string, pepper: string | null): string {
  return digest(secret, pepper).toString('hex');
}

// A fixed digest to compare against when the lookup is unknown, so that path costs the same work.
const UNKNOWN_KEY_DIGEST = Buffer.alloc(32, 0);

/**
 * Constant-time check of a presented secret against a stored hex digest. Both sides are 32-byte
 * digests, so timingSafeEqual never sees inputs whose length depends on the secret.
 */
export function secretMatches(secret: string, storedHex: string | null, pepper: string | null): boolean {
  const presented = digest(secret, pepper);
  const stored = storedHex !== null && /^[0-9a-f]{64}$/.test(storedHex) ? Buffer.from(storedHex, 'hex') : UNKNOWN_KEY_DIGEST;
  return timingSafeEqual(presented, stored) && storedHex !== null;
}
