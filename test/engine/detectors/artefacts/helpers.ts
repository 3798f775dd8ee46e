import { readFileSync } from 'node:fs';
import type { Detection } from '../../../../src/engine/inventory/model.js';
import type { Detector } from '../../../../src/engine/detectors/types.js';
import { getKnowledgeBase } from '../../../../src/engine/kb/index.js';

export const FIXTURES = new URL('../../../fixtures/artefacts/', import.meta.url).pathname;
export const kb = getKnowledgeBase();

export function fixture(rel: string): Buffer {
  return readFileSync(FIXTURES + rel);
}

/** Runs a detector as the engine would (appliesTo checked) on in-memory content. */
export function run(detector: Detector, path: string, content: string | Buffer): Detection[] {
  if (!detector.appliesTo(path)) throw new Error(`${detector.id} does not apply to ${path}`);
  return detector.detect({ path, content: Buffer.isBuffer(content) ? content : Buffer.from(content) }, { kb });
}

/** The base64 lines of a PEM body: none of them may appear in any detection. */
export function bodyLines(pem: string): string[] {
  return pem.split('\n').filter((l) => /^[A-Za-z0-9+/=]{40,}$/.test(l.trim()));
}
