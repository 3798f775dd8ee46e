// Reading JSON manifests: parsing to an object (or nothing), and where a manifest writes a value.
// JSON.parse gives no positions, so a detection's place is found in the text: the n-th `"key": "value"`
// member with that value is the n-th entry of that value in document order (JSON.parse keeps member
// and element order).
import { escapeRegex } from '../../source/common/regex.js';

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The document when the text is a JSON object; a manifest that does not parse, or is not an object, holds nothing. */
export function parseJsonObject(text: string): JsonObject | undefined {
  try {
    const doc: unknown = JSON.parse(text);
    return isJsonObject(doc) ? doc : undefined;
  } catch {
    return undefined;
  }
}

export type ValueOffsets = Map<string, { at: number[]; next: number }>;

/** Longest value considered; package names and URLs are far shorter. */
const MAX_VALUE_CHARS = 1024;

/**
 * Offsets of the values of every `"key": "<value>"` member, by value as written (escapes kept: a URL
 * may be written `https:\/\/…`).
 * One forward scan: each match starts at its own `"key"` and its value is bounded, so a hostile
 * document costs time linear in its size.
 */
export function memberValueOffsets(text: string, key: string): ValueOffsets {
  const out: ValueOffsets = new Map();
  const re = new RegExp(`"${escapeRegex(key)}"\\s*:\\s*"((?:[^"\\\\\\n]|\\\\[^\\n]){0,${MAX_VALUE_CHARS}})"`, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index + m[0].length - m[1]!.length - 1;
    const entry = out.get(m[1]!);
    if (entry) entry.at.push(at);
    else out.set(m[1]!, { at: [at], next: 0 });
  }
  return out;
}

/** The next unused offset of a value (each entry takes the next one), or undefined if it is not written plainly. */
export function takeOffset(offsets: ValueOffsets, value: string): number | undefined {
  const entry = offsets.get(value);
  return entry && entry.next < entry.at.length ? entry.at[entry.next++] : undefined;
}
