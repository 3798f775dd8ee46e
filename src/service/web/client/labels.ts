// Words and colours for what the results view shows. Colours are never the only cue: every chart has
// a legend and a text table, every badge its label. Badge colours are dark enough for white text
// (each at least 4.5:1, checked in test/service/web/theme.test.ts).
import type { DemoComponent, DemoFinding, DemoLocation } from '../../api/schemas/demo.js';

export type Severity = DemoFinding['severity'];
export const SEVERITY_ORDER: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

export const SEVERITY: Record<Severity, { label: string; color: string }> = {
  critical: { label: 'Critical', color: '#9F1239' },
  high: { label: 'High', color: '#C2410C' },
  medium: { label: 'Medium', color: '#A16207' },
  low: { label: 'Low', color: '#1D4ED8' },
  info: { label: 'Info', color: '#475569' },
};

/** NIST PQC security categories as the engine reports them (0-5) plus "not known". */
export type LevelKey = '0' | '1' | '2' | '3' | '4' | '5' | 'unknown';
export const LEVEL_ORDER: readonly LevelKey[] = ['0', '1', '2', '3', '4', '5', 'unknown'];

export const LEVEL: Record<LevelKey, { label: string; short: string; color: string; meaning: string }> = {
  '0': { label: 'Level 0 · quantum-vulnerable', short: '0', color: '#B91C1C', meaning: 'Meets no NIST category: broken by a quantum computer (RSA, ECC, DH) or already weak.' },
  '1': { label: 'Level 1', short: '1', color: '#B45309', meaning: 'At least as hard to break as AES-128 key search.' },
  '2': { label: 'Level 2', short: '2', color: '#4D7C0F', meaning: 'At least as hard as a SHA-256 collision search.' },
  '3': { label: 'Level 3', short: '3', color: '#15803D', meaning: 'At least as hard as AES-192 key search.' },
  '4': { label: 'Level 4', short: '4', color: '#0F766E', meaning: 'At least as hard as a SHA-384 collision search.' },
  '5': { label: 'Level 5', short: '5', color: '#1E6091', meaning: 'At least as hard as AES-256 key search.' },
  unknown: { label: 'Not determined', short: '?', color: '#64748B', meaning: 'Depends on a parameter the scan could not resolve (key size, curve).' },
};

export function levelKey(level: number | null): LevelKey {
  return level === null || level < 0 || level > 5 ? 'unknown' : (String(level) as LevelKey);
}

export const KIND_LABEL: Record<DemoComponent['kind'], string> = {
  algorithm: 'Algorithm',
  certificate: 'Certificate',
  'related-crypto-material': 'Key material',
  protocol: 'Protocol',
  library: 'Library',
};

export const PRIMITIVE_LABEL: Record<NonNullable<DemoComponent['primitive']>, string> = {
  drbg: 'Random generator',
  mac: 'MAC',
  'block-cipher': 'Block cipher',
  'stream-cipher': 'Stream cipher',
  signature: 'Signature',
  hash: 'Hash',
  pke: 'Public-key encryption',
  xof: 'XOF',
  kdf: 'Key derivation',
  'key-agree': 'Key agreement',
  kem: 'KEM',
  ae: 'Authenticated encryption',
  combiner: 'Combiner',
  other: 'Other',
  unknown: 'Unknown',
};

/** Link to the exact lines on GitHub at the scanned commit. */
export function sourceLink(blobBase: string, loc: DemoLocation): string {
  const path = loc.path.split('/').map(encodeURIComponent).join('/');
  const lines = loc.end_line && loc.end_line > loc.line ? `#L${loc.line}-L${loc.end_line}` : `#L${loc.line}`;
  return `${blobBase}${path}${lines}`;
}

export function locationText(loc: DemoLocation): string {
  return loc.end_line && loc.end_line > loc.line ? `${loc.path}:${loc.line}–${loc.end_line}` : `${loc.path}:${loc.line}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}
