// Helpers for the C# detector tests (see ../source-helpers.ts).
import { csharpDetector } from '../../../../src/engine/detectors/source/csharp/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, names, signals, protocols } = snippetHelpers(csharpDetector, 'src/Example.cs');

/** A C# file with `members` in class `C` and `body` inside `void M(byte[] data, string pw, int n, bool flag)`. */
export function csFile(body: string, members = ''): string {
  return `using System;\nusing System.Security.Cryptography;\n\nclass C\n{\n${members}\n    void M(byte[] data, string pw, int n, bool flag)\n    {\n${body}\n    }\n}\n`;
}
