// Helpers for the C/C++ detector tests (see ../source-helpers.ts).
import { cDetector } from '../../../../src/engine/detectors/source/c/index.js';
import { snippetHelpers } from '../source-helpers.js';

export { kb } from '../source-helpers.js';
export const { detect, algorithms, names, signals, protocols } = snippetHelpers(cDetector, 'src/example.c');

/** A C file with `top` at file scope and `body` inside `int f(EVP_CIPHER_CTX *ctx, const unsigned char *param, int n)`. */
export function cFile(body: string, top = ''): string {
  return `#include <openssl/evp.h>\n\n${top}\nint f(EVP_CIPHER_CTX *ctx, const unsigned char *param, int n)\n{\n${body}\n    return 0;\n}\n`;
}
