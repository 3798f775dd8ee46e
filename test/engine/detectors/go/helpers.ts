// Shared helpers for the Go detector tests: run the detector on a snippet, name results through the KB.
import { getKnowledgeBase } from '../../../../src/engine/kb/index.js';
import { goDetector } from '../../../../src/engine/detectors/source/go/index.js';
import type { AlgorithmDetection, Detection, ProtocolDetection, SignalDetection } from '../../../../src/engine/inventory/model.js';

export const kb = getKnowledgeBase();

export function detect(source: string, path = 'pkg/example.go'): Detection[] {
  return goDetector.detect({ path, content: Buffer.from(source, 'utf8') }, { kb });
}

/** Algorithm detections with their KB name and line, in source order. */
export function algorithms(source: string): (AlgorithmDetection & { name: string; line: number })[] {
  return detect(source)
    .filter((d): d is AlgorithmDetection => d.type === 'algorithm')
    .map((d) => ({ ...d, name: kb.resolve(d.spelling, d.params).name, line: d.occurrence.line }));
}

export function names(source: string): string[] {
  return algorithms(source).map((a) => a.name);
}

export function signals(source: string): SignalDetection[] {
  return detect(source).filter((d): d is SignalDetection => d.type === 'signal');
}

export function protocols(source: string): ProtocolDetection[] {
  return detect(source).filter((d): d is ProtocolDetection => d.type === 'protocol');
}

/** A Go file with the given imports and a body inside `func f()`. */
export function goFile(imports: string[], body: string, top = ''): string {
  return `package example\n\nimport (\n${imports.map((i) => `\t${i}`).join('\n')}\n)\n\n${top}\nfunc f(param []byte, n int) {\n${body}\n}\n`;
}
