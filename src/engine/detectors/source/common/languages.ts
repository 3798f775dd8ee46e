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

/** Parses source text into an ast-grep tree. Throws only on a missing grammar (a build defect). */
export function parseSource(language: SourceLanguage, text: string): SgRoot {
  registerLanguages();
  const lang = language === 'javascript' || language === 'typescript' || language === 'tsx' ? BUILT_IN[language] : language;
  return parse(lang, text);
}

export type { SgNode, SgRoot };

/** A node's kind as a plain string (napi types it as a per-grammar union). */
export function kindOf(node: SgNode): string {
  return node.kind() as string;
}
