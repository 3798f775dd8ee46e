// Helpers shared by the language detectors' tests: run one detector on a snippet and name what it
// found through the knowledge base, as the inventory builder would.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getKnowledgeBase } from '../../../src/engine/kb/index.js';
import type { Detector } from '../../../src/engine/detectors/types.js';
import type { AlgorithmDetection, Detection, ProtocolDetection, SignalDetection } from '../../../src/engine/inventory/model.js';

export const kb = getKnowledgeBase();

const CORPUS = new URL('../../fixtures/corpus/', import.meta.url).pathname;

/** Every file of one language's labelled corpus (test/fixtures/corpus/<language>) whose name ends in `ext`, in path order. */
export function corpusFiles(language: string, ext = ''): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) visit(p);
      else if (name.endsWith(ext)) out.push(p);
    }
  };
  visit(join(CORPUS, language));
  return out;
}

export type NamedAlgorithm = AlgorithmDetection & { name: string; line: number };

export function snippetHelpers(detector: Detector, defaultPath: string) {
  const detect = (source: string, path = defaultPath): Detection[] =>
    detector.detect({ path, content: Buffer.from(source, 'utf8') }, { kb });
  /** Algorithm detections with their KB name and line, in source order. */
  const algorithms = (source: string, path?: string): NamedAlgorithm[] =>
    detect(source, path)
      .filter((d): d is AlgorithmDetection => d.type === 'algorithm')
      .map((d) => ({ ...d, name: kb.resolve(d.spelling, d.params).name, line: d.occurrence.line }));
  return {
    detect,
    algorithms,
    names: (source: string, path?: string): string[] => algorithms(source, path).map((a) => a.name),
    signals: (source: string, path?: string): SignalDetection[] =>
      detect(source, path).filter((d): d is SignalDetection => d.type === 'signal'),
    protocols: (source: string, path?: string): ProtocolDetection[] =>
      detect(source, path).filter((d): d is ProtocolDetection => d.type === 'protocol'),
  };
}
