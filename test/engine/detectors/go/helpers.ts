// Helpers for the Go detector tests (see ../source-helpers.ts).
import { goDetector } from '../../../../src/engine/detectors/source/go/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, names, signals, protocols } = snippetHelpers(goDetector, 'pkg/example.go');

/** A Go file with the given imports and a body inside `func f()`. */
export function goFile(imports: string[], body: string, top = ''): string {
  return `package example\n\nimport (\n${imports.map((i) => `\t${i}`).join('\n')}\n)\n\n${top}\nfunc f(param []byte, n int) {\n${body}\n}\n`;
}
