// What a PHP file's names refer to outside it: its namespaces, its `use` imports of classes and of
// constants, and the files it requires or includes. One query per file; the detector reads the class
// imports (library classes imported under another name), the resolver the rest (constants that cross
// files: cross-file.ts).
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';

export interface PhpImports {
  /** `use` imports of classes: local name (lower case: PHP class names are case-insensitive) -> full name without the leading `\`. */
  readonly imports: Map<string, string>;
  /** The first namespace the file declares ('' for none). */
  readonly namespace: string;
  /** Each namespace declaration's start and name, in document order: the one in effect at a node is the last that starts before it. */
  readonly namespaces: readonly { start: number; name: string }[];
  /** `use const A\B\NAME;` (and `use const A\B\NAME as LOCAL;`): local name -> full name without the leading `\`. */
  readonly constants: ReadonlyMap<string, string>;
  /** Names of the files the file requires or includes, up to their first dot (`config` for `require __DIR__ . '/config.php'`). */
  readonly required: readonly string[];
}

const REQUIRE_KINDS = ['require_expression', 'require_once_expression', 'include_expression', 'include_once_expression'];
const REQUIRE_SET: ReadonlySet<string> = new Set(REQUIRE_KINDS);
/** The file a require names: the last `name.php` (`.inc`, `.phtml`) in its text, up to the name's first dot. */
const REQUIRED_FILE = /([A-Za-z0-9_-]+)(?:\.[A-Za-z0-9_-]+)*\.(?:php|inc|phtml)\b/g;

/** The file's namespaces, its `use` imports of classes and constants, and the files it requires. */
export function collectImports(root: SgNode, text: string): PhpImports {
  const imports = new Map<string, string>();
  const constants = new Map<string, string>();
  const namespaces: { start: number; name: string }[] = [];
  const required = new Set<string>();
  const kinds = ['namespace_use_declaration', 'namespace_definition', ...(/\b(require|include)/i.test(text) ? REQUIRE_KINDS : [])];
  for (const node of root.findAll({ rule: { any: kinds.map((kind) => ({ kind })) } })) {
    const kind = kindOf(node);
    if (kind === 'namespace_definition') {
      const name = node.field('name')?.text() ?? node.namedChildren().find((c) => kindOf(c) === 'namespace_name')?.text() ?? '';
      namespaces.push({ start: node.range().start.index, name: name.replace(/^\\/, '') });
      continue;
    }
    if (REQUIRE_SET.has(kind)) {
      let last: string | undefined;
      for (const m of node.text().matchAll(REQUIRED_FILE)) last = m[1];
      if (last) required.add(last);
      continue;
    }
    // `use function …` / `use const …` import functions and constants, not classes; a group may mix them per clause.
    const declared = keywordOf(node);
    const group = node.namedChildren().find((c) => kindOf(c) === 'namespace_use_group');
    const prefix = group ? (node.namedChildren().find((c) => kindOf(c) === 'namespace_name')?.text() ?? '') : '';
    for (const clause of node.findAll({ rule: { kind: 'namespace_use_clause' } })) {
      const what = declared ?? keywordOf(clause);
      if (what === 'function') continue;
      const parts = clause.namedChildren();
      const target = parts[0];
      if (!target) continue;
      const full = (prefix ? `${prefix}\\${target.text()}` : target.text()).replace(/^\\/, '');
      const alias = parts.length > 1 ? parts.at(-1)!.text() : full.split('\\').pop()!;
      if (what === 'const') constants.set(alias, full);
      else imports.set(alias.toLowerCase(), full);
    }
  }
  return { imports, namespace: namespaces[0]?.name ?? '', namespaces, constants, required: [...required] };
}

/** `function` or `const` when a use declaration (or one clause of a group) imports functions or constants. */
function keywordOf(node: SgNode): 'function' | 'const' | undefined {
  for (const c of node.children()) {
    if (c.isNamed()) continue;
    const t = c.text().toLowerCase();
    if (t === 'function' || t === 'const') return t;
  }
  return undefined;
}

/** The namespace in effect at a position ('' for the global one). */
export function namespaceAt(names: PhpImports, at: number): string {
  let ns = '';
  for (const n of names.namespaces) if (n.start <= at) ns = n.name;
  return ns;
}
