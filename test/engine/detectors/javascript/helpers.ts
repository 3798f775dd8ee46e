// Shared helpers for the JavaScript/TypeScript detector tests.
import { getKnowledgeBase } from '../../../../src/engine/kb/index.js';
import { javascriptDetector } from '../../../../src/engine/detectors/source/javascript/index.js';
import type { AlgorithmDetection, Detection, ProtocolDetection, SignalDetection } from '../../../../src/engine/inventory/model.js';

export const kb = getKnowledgeBase();

export function detect(source: string, path = 'src/example.ts'): Detection[] {
  return javascriptDetector.detect({ path, content: Buffer.from(source, 'utf8') }, { kb });
}

export function algorithms(source: string, path?: string): (AlgorithmDetection & { name: string; line: number })[] {
  return detect(source, path)
    .filter((d): d is AlgorithmDetection => d.type === 'algorithm')
    .map((d) => ({ ...d, name: kb.resolve(d.spelling, d.params).name, line: d.occurrence.line }));
}

export function names(source: string, path?: string): string[] {
  return algorithms(source, path).map((a) => a.name);
}

export function signals(source: string, path?: string): SignalDetection[] {
  return detect(source, path).filter((d): d is SignalDetection => d.type === 'signal');
}

export function protocols(source: string, path?: string): ProtocolDetection[] {
  return detect(source, path).filter((d): d is ProtocolDetection => d.type === 'protocol');
}
