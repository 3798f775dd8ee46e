// Random identifiers and secrets over [A-Za-z0-9], drawn with crypto.randomInt (uniform, no modulo bias).
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Current time as the ISO-8601 UTC text every table stores. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
