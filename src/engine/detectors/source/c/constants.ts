// The constants a C or C++ file declares for other files (detectors/cross-file.ts): object-like
// `#define NAME value` and file-scope `const` (or `constexpr`) variables, under `stem.NAME` with the
// file's name without extension as owner (`crypto_conf.h` and `crypto_conf.c` -> `crypto_conf`): a file
// reads them through its quoted includes (`#include "crypto_conf.h"`), a definition in `crypto_conf.c`
// behind an `extern` in `crypto_conf.h` included. A name defined twice in a file with different values
// (`#ifdef FIPS` / `#else`) is ambiguous and not declared (FileConstants).
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { int, str, type Value } from '../common/value.js';
import { declaredName, parseCInt, type CIndex, type DefineBodies } from './resolve.js';

/**
 * `#define` bodies other than a lone literal are parsed to be evaluated (one small parse each): past
 * this many in a file (a generated table of macros), only literal bodies are declared.
 */
const MAX_PARSED_DEFINES = 256;
const NUMBER = /^(0[xX][0-9a-fA-F]+|\d+)[uUlL]*$/;
const PLAIN_STRING = /^"([^"\\\n]*)"$/;
/** Blocks a declaration may sit in at file scope: conditional compilation, `extern "C" { … }`, a C++ namespace. */
const FILE_SCOPE_KINDS = new Set([
  'translation_unit', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef',
  'linkage_specification', 'declaration_list', 'namespace_definition',
]);

/** The owner of a file's constants: its name without the last extension (`src/crypto_conf.h` -> `crypto_conf`). */
export function fileStem(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

export function declareCConstants(path: string, index: CIndex, ev: Evaluator, defines: DefineBodies, crossFile: CrossFile): void {
  const owner = fileStem(path);
  if (!owner) return;
  let parsed = 0;
  for (const def of index.defines) {
    const name = def.field('name')?.text();
    const body = def.field('value')?.text().replace(/\\\r?\n/g, ' ').trim();
    // An include guard or a flag (`#define HAVE_X`) has no value.
    if (!name || !body) continue;
    let v: Value | undefined = literal(body);
    if (v === undefined) {
      if (parsed >= MAX_PARSED_DEFINES) continue;
      parsed++;
      const node = defines.body(def);
      if (!node) continue;
      v = ev.evalOwn(node);
    }
    crossFile.declare(constantKey(owner, name), v);
  }
  for (const decl of index.declarations) {
    if (!constant(decl) || !fileScope(decl)) continue;
    for (const d of decl.fieldChildren('declarator')) {
      if (d.kind() !== 'init_declarator') continue;
      const name = declaredName(d.field('declarator'));
      const value = d.field('value');
      // `const unsigned char key[] = { … }`: bytes, which do not cross files.
      if (!name || !value || value.kind() === 'initializer_list') continue;
      // The initializer itself: `static const char NAME[] = "…"` is the string for the files that read it.
      crossFile.declare(constantKey(owner, name.text()), ev.evalOwn(value));
    }
  }
}

/** A `#define` body that is one number or one plain string literal, read without a parse. */
function literal(body: string): Value | undefined {
  if (NUMBER.test(body)) {
    const n = parseCInt(body);
    return n === undefined ? undefined : int(n);
  }
  const s = PLAIN_STRING.exec(body);
  return s ? str(s[1]!) : undefined;
}

/** A `const` or `constexpr` declaration that is not `extern` (which defines nothing). */
function constant(decl: SgNode): boolean {
  let qualified = false;
  for (const c of decl.children()) {
    const k = c.kind() as string;
    if (k === 'storage_class_specifier' && c.text() === 'extern') return false;
    if (k === 'type_qualifier' && (c.text() === 'const' || c.text() === 'constexpr')) qualified = true;
  }
  return qualified;
}

function fileScope(decl: SgNode): boolean {
  for (let p = decl.parent(); p; p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'translation_unit') return true;
    if (!FILE_SCOPE_KINDS.has(k)) return false;
  }
  return false;
}
