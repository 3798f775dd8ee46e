// The one place where ast-grep learns the tree-sitter grammars the source detectors parse.
// `registerDynamicLanguage` may be called only once per process (worker threads are separate
// processes for napi's purposes), so every detector goes through `parseSource`, which registers
// all dynamic grammars together on first use (Java, Python, Go, C, C++, C#, Rust, Kotlin, Ruby, PHP, Swift). JavaScript/TypeScript/TSX are built into ast-grep.
import { Lang, parse, registerDynamicLanguage, type SgNode, type SgRoot } from '@ast-grep/napi';
import go from '@ast-grep/lang-go';
import java from '@ast-grep/lang-java';
import python from '@ast-grep/lang-python';
import c from '@ast-grep/lang-c';
import cpp from '@ast-grep/lang-cpp';
import csharp from '@ast-grep/lang-csharp';
import rust from '@ast-grep/lang-rust';
import kotlin from '@ast-grep/lang-kotlin';
import ruby from '@ast-grep/lang-ruby';
// tree-sitter-php's `php` grammar (the package's `tree_sitter_php` symbol), not `php_only`: a file is HTML
// with `<?php … ?>` islands, so templates (`.phtml`) and files opening with `<?php` parse alike.
import php from '@ast-grep/lang-php';
import swift from '@ast-grep/lang-swift';

/** Languages the source detectors parse. */
export type SourceLanguage = 'java' | 'python' | 'go' | 'c' | 'cpp' | 'csharp' | 'rust' | 'kotlin' | 'ruby' | 'php' | 'swift' | 'javascript' | 'typescript' | 'tsx';

let registered = false;

/** Registers the dynamic grammars (idempotent). Exposed for tests and benchmarks. */
export function registerLanguages(): void {
  if (registered) return;
  registerDynamicLanguage({ java, python, go, c, cpp, csharp, rust, kotlin, ruby, php, swift } as unknown as Parameters<typeof registerDynamicLanguage>[0]);
  registered = true;
}

const BUILT_IN: Record<'javascript' | 'typescript' | 'tsx', Lang> = {
  javascript: Lang.JavaScript,
  typescript: Lang.TypeScript,
  tsx: Lang.Tsx,
};

/**
 * Hostile nesting that would take the process down. tree-sitter stores an external scanner's state in
 * at most 1,024 bytes and *asserts* that (an abort of the whole process, worker threads and all, not an
 * exception) when a grammar's scanner serialises more: tree-sitter-python keeps its indentation stack
 * at 2 bytes a level (511 levels and a string literal abort), tree-sitter-kotlin one byte per string
 * open inside a `${…}` template (1,025 nested templates abort). Both limits are far beyond real code;
 * a file that could reach one is refused with an exception instead, which the scan counts as
 * `parse-error` (test/engine/detectors/robustness.test.ts).
 */
export class UnsafeToParse extends Error {}

/** Python: levels grow by at least a column each, so the widest indentation bounds the stack. */
const PYTHON_MAX_INDENT_COLUMNS = 400;
/** Kotlin: every nested string template starts with `${`, so their count bounds the stack. */
const KOTLIN_MAX_TEMPLATES = 1_000;

/** The indentation width tree-sitter-python's scanner could reach (spaces 1, tabs 8, `\f`/`\r` reset, `\` newline continues the sum). */
function widestPythonIndent(text: string): number {
  let widest = 0;
  let width = 0;
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) {
      width = 0;
      atLineStart = true;
    } else if (!atLineStart) {
      continue;
    } else if (ch === 32) {
      width++;
    } else if (ch === 9) {
      width += 8;
    } else if (ch === 12 || ch === 13) {
      width = 0;
    } else if (ch === 92 && (text.charCodeAt(i + 1) === 10 || (text.charCodeAt(i + 1) === 13 && text.charCodeAt(i + 2) === 10))) {
      i += text.charCodeAt(i + 1) === 13 ? 2 : 1; // the width carries on into the continued line
    } else {
      atLineStart = false;
    }
    if (width > widest) widest = width;
  }
  return widest;
}

function countOf(text: string, needle: string, atMost: number): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0 && n <= atMost; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/**
 * Bracket nesting beyond which a file is refused in every language. Finding a node's parent walks down
 * from the root, so detectors that ask for the parents of calls nested N deep cost N² (measured at
 * 10,000 levels: 8–25 s for one file in Rust, JS/TS, C and Ruby; 5,000 levels stay under 2 s). Written
 * code stays far below: a few dozen levels. Brackets in strings and comments count too, which can only
 * refuse more, never less.
 */
const MAX_BRACKET_DEPTH = 2_000;

/** The deepest `(`/`[`/`{` nesting of a text, counted on the characters alone (linear, no parse). */
function deepestBrackets(text: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 40 || ch === 91 || ch === 123) {
      if (++depth > deepest && (deepest = depth) > stopAbove) break;
    } else if ((ch === 41 || ch === 93 || ch === 125) && depth > 0) depth--;
  }
  return deepest;
}

function refuseUnsafe(language: SourceLanguage, text: string): void {
  const deepest = deepestBrackets(text, MAX_BRACKET_DEPTH);
  if (deepest > MAX_BRACKET_DEPTH) throw new UnsafeToParse(`${language}: brackets nested over ${MAX_BRACKET_DEPTH} deep; reading such a tree costs time quadratic in its depth`);
  if (language === 'python') {
    const widest = widestPythonIndent(text);
    if (widest > PYTHON_MAX_INDENT_COLUMNS) throw new UnsafeToParse(`python: indentation ${widest} columns wide (over ${PYTHON_MAX_INDENT_COLUMNS}) could overflow the parser's indentation stack`);
  } else if (language === 'kotlin') {
    if (countOf(text, '${', KOTLIN_MAX_TEMPLATES) > KOTLIN_MAX_TEMPLATES) throw new UnsafeToParse(`kotlin: over ${KOTLIN_MAX_TEMPLATES} string templates could overflow the parser's string stack`);
  }
}

/**
 * Parses source text into an ast-grep tree. Throws on a missing grammar (a build defect) and
 * (`UnsafeToParse`) on text whose nesting could abort the parser.
 */
export function parseSource(language: SourceLanguage, text: string): SgRoot {
  registerLanguages();
  refuseUnsafe(language, text);
  const lang = language === 'javascript' || language === 'typescript' || language === 'tsx' ? BUILT_IN[language] : language;
  return parse(lang, text);
}

export type { SgNode, SgRoot };

/** A node's kind as a plain string (napi types it as a per-grammar union). */
export function kindOf(node: SgNode): string {
  return node.kind() as string;
}

/**
 * The name a function, method or type declaration is called by (its `name` field, or its first
 * identifier child in grammars without one): the symbol of a call site's occurrence (CallSites.name).
 */
export function declaredName(fn: SgNode): string {
  const named = fn.field('name') ?? fn.children().find((c) => ['identifier', 'simple_identifier', 'type_identifier', 'name', 'constant'].includes(kindOf(c)));
  if (named) return named.text();
  // C/C++: the name sits at the end of the declarator chain (`static int *f(int a)`).
  let d = fn.field('declarator');
  for (let i = 0; d && i < 6; i++) {
    if (['identifier', 'field_identifier', 'qualified_identifier', 'destructor_name', 'operator_name'].includes(kindOf(d))) return d.text();
    d = d.field('declarator');
  }
  // JS/TS: an arrow function or function expression bound to a name (`const digest = (alg) => …`).
  const holder = fn.parent();
  return holder && kindOf(holder) === 'variable_declarator' ? holder.field('name')?.text() ?? '' : '';
}

