// Shared helpers for the Java detector tests: run the detector on a snippet, resolve names via the KB.
import { getKnowledgeBase } from '../../../../src/engine/kb/index.js';
import { javaDetector } from '../../../../src/engine/detectors/source/java/index.js';
import type { AlgorithmDetection, Detection, SignalDetection } from '../../../../src/engine/inventory/model.js';

export const kb = getKnowledgeBase();

export function detect(source: string, path = 'src/Example.java'): Detection[] {
  return javaDetector.detect({ path, content: Buffer.from(source, 'utf8') }, { kb });
}

export function algorithms(source: string): (AlgorithmDetection & { name: string; line: number })[] {
  return detect(source)
    .filter((d): d is AlgorithmDetection => d.type === 'algorithm')
    .map((d) => ({ ...d, name: kb.resolve(d.spelling, d.params).name, line: d.occurrence.line }));
}

export function signals(source: string): SignalDetection[] {
  return detect(source).filter((d): d is SignalDetection => d.type === 'signal');
}
