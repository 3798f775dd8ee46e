// The constants a C or C++ file declares for other files (detectors/cross-file.ts): object-like
// `#define NAME value` and file-scope `const` (or `constexpr`) variables, under `stem.NAME` with the
// file's name without extension as owner (`crypto_conf.h` and `crypto_conf.c` -> `crypto_conf`): a file
// reads them through its quoted includes (`#include "crypto_conf.h"`), a definition in `crypto_conf.c`
// behind an `extern` in `crypto_conf.h` included. A name defined twice in a file with different values
// (`#ifdef FIPS` / `#else`) is ambiguous and not declared (FileConstants).
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey, fileStem } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { int, str, type Value } from '../common/value.js';
import { declaredName, parseCInt, type CAdapter, type DefineBodies } from './resolve.js';

/**
 * Object-like `#define`s, read from the text (a header holds hundreds: no syntax node is asked for
 * one whose body is no constant). A function-like macro has `(` right after its name.
 */
const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(?:[ \t]+((?:[^\n\\]|\\[^\n]|\\\n)*))?$/gm;
/**
 * `#define` bodies other than a literal are parsed to be evaluated (one small parse each, and a
 * symbol-table look-up per name they hold): past this many in a file (a header of flags and masks),
 * only literal bodies are declared.
 */
const MAX_PARSED_DEFINES = 64;
const NUMBER = /^\(?\s*(-?)\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?$/;
/** One string literal without escapes, or several adjacent ones (`"ECDHE-RSA-AES128-GCM-SHA256:" "HIGH"`). */
const PLAIN_STRINGS = /^"[^"\\\n]*"(\s*"[^"\\\n]*")*$/;
const STRING = /"([^"\\\n]*)"/g;
/**
 * A body worth evaluating: arithmetic or concatenation over literals and names (`(RSA_BITS * 2)`,
 * `KEY_LEN * 8`, `"aes-" KEY_SIZE_STR`), holding a number or a string; not a call (`EVP_sha256()`,
 * a library object) or a statement.
 */
const EXPRESSION = /^[\w\s()+\-*/<>|&~"]+$/;
const CALL = /\w\s*\(/;
/** A number (not a digit of a name such as `SHA1`) or a string in a body. */
const LITERAL = /"|(?<!\w)\d/;

/**
 * File-scope `const`/`constexpr` declarations, in one query: not inside a function body or a
 * struct (their blocks); `#if` blocks, `extern "C" { … }` and C++ namespaces are file scope.
 */
const CONST_DECLARATIONS: NapiConfig = {
  rule: {
    kind: 'declaration',
    has: { kind: 'type_qualifier', regex: '^const(expr)?$' },
    not: { inside: { any: [{ kind: 'compound_statement' }, { kind: 'field_declaration_list' }], stopBy: 'end' } },
  },
};

/**
 * A line that starts a `const` declaration with a value at column 0, as file-scope ones are written
 * (`static const char *CIPHER = "…";`, `const int RSA_BITS = 2048;`): without one, the file's `const`
 * declarations are all in functions and the query is not run.
 */
const FILE_SCOPE_CONST = /^(?![ \t#/])[^\n;{}()]*\bconst(?:expr)?\b[^\n;{}()]*=/m;

export function declareCConstants(path: string, text: string, root: SgNode, ev: Evaluator, defines: DefineBodies, crossFile: CrossFile): void {
  // The owner is the file's name up to its first dot (`src/crypto_conf.h` -> `crypto_conf`,
  // `gen/keys.pb.h` -> `keys`): the name the scan's second pass picks declaring files by (scan.ts).
  const owner = fileStem(path);
  if (!owner) return;
  // Names in the values are not looked up in other files (CAdapter.declaring).
  const adapter = ev.adapter as CAdapter;
  adapter.declaring = true;
  try {
    declare(owner, text, root, ev, defines, crossFile);
  } finally {
    adapter.declaring = false;
  }
}

function declare(owner: string, text: string, root: SgNode, ev: Evaluator, defines: DefineBodies, crossFile: CrossFile): void {
  let parsed = 0;
  if (text.includes('define')) {
    for (const m of text.matchAll(DEFINE)) {
      const name = m[1]!;
      // A body continued over several lines (`\` + newline) is one line to the preprocessor.
      const body = (m[2] ?? '').replace(/\\\r?\n/g, ' ').replace(/\/\*.*?\*\/|\/\/.*$/g, '').trim();
      // An include guard or a flag (`#define HAVE_X`) has no value.
      if (!body) continue;
      let v: Value | undefined = literal(body);
      if (v === undefined) {
        if (parsed >= MAX_PARSED_DEFINES || !worthEvaluating(body)) continue;
        parsed++;
        const node = defines.parse(body);
        if (!node) continue;
        v = ev.evalOwn(node);
      }
      crossFile.declare(constantKey(owner, name), v);
    }
  }
  if (!FILE_SCOPE_CONST.test(text)) return;
  for (const decl of root.findAll(CONST_DECLARATIONS)) {
    if (decl.children().some((c) => c.kind() === 'storage_class_specifier' && c.text() === 'extern')) continue;
    for (const d of decl.fieldChildren('declarator')) {
      if (d.kind() !== 'init_declarator') continue;
      const name = declaredName(d.field('declarator'));
      const value = d.field('value');
      // `const unsigned char key[] = { … }`: bytes, which do not cross files; a call or a bare name
      // (`= EVP_sha256()`, `= PEM_HEADER`) is no constant of this file's own.
      if (!name || !value || value.kind() === 'initializer_list' || !worthEvaluating(value.text())) continue;
      // The initializer itself: `static const char NAME[] = "…"` is the string for the files that read it.
      crossFile.declare(constantKey(owner, name.text()), ev.evalOwn(value));
    }
  }
}

/** Whether an expression's text is arithmetic or concatenation holding a literal (EXPRESSION, CALL, LITERAL). */
function worthEvaluating(text: string): boolean {
  const shape = text.replace(STRING, '""');
  return EXPRESSION.test(shape) && !CALL.test(shape) && LITERAL.test(shape);
}

/** A `#define` body that is one number or plain string literals, read without a parse. */
function literal(body: string): Value | undefined {
  const number = NUMBER.exec(body);
  if (number) {
    const n = parseCInt(number[2]!);
    return n === undefined ? undefined : int(number[1] ? -n : n);
  }
  return PLAIN_STRINGS.test(body) ? str([...body.matchAll(STRING)].map((m) => m[1]!).join('')) : undefined;
}
