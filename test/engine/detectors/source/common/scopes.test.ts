// AncestorScopes (a node's scopes read from its ancestors) must answer exactly as ScopeIndex (the
// scopes of the whole file, collected by one walk): the per-name symbol tables and the evaluators'
// enclosing-class lookups use the first, the whole-file table the second.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { corpusFiles } from '../../source-helpers.js';
import { parseSource, type SgNode, type SourceLanguage } from '../../../../../src/engine/detectors/source/common/languages.js';
import { AncestorScopes, ScopeIndex, type ScopeNode } from '../../../../../src/engine/detectors/source/common/scopes.js';


const plain = (s: ScopeNode | undefined) => (s ? { kind: s.kind, start: s.start, end: s.end, name: s.name } : undefined);

const CASES: Array<{ language: SourceLanguage; ext: string; classes: string[]; functions: string[] }> = [
  { language: 'python', ext: '.py', classes: ['class_definition'], functions: ['function_definition', 'lambda'] },
  {
    language: 'java',
    ext: '.java',
    classes: ['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration'],
    functions: ['method_declaration', 'constructor_declaration', 'lambda_expression', 'static_initializer', 'compact_constructor_declaration'],
  },
];

for (const c of CASES) {
  test(`${c.language}: scopes from ancestors are the scope index's, for every named node of the corpus`, () => {
    const files = corpusFiles(c.language, c.ext);
    assert.ok(files.length >= 10);
    const all = new Set([...c.classes, ...c.functions]);
    const classes = new Set(c.classes);
    let compared = 0;
    let nested = 0;
    for (const file of files) {
      const root = parseSource(c.language, readFileSync(file, 'utf8')).root();
      const index = new ScopeIndex(root, [...all]);
      const ancestors = new AncestorScopes(root);
      assert.deepEqual(ancestors.file, index.file);
      // Every named node, scope nodes themselves included (a scope is not its own scope).
      const nodes: SgNode[] = root.findAll({ rule: { any: [{ kind: 'identifier' }, ...[...all].map((kind) => ({ kind }))] } });
      for (const node of nodes) {
        for (const kinds of [all, classes]) {
          const expected = plain(index.around(node, kinds));
          assert.deepEqual(plain(ancestors.around(node, kinds)), expected, `${file}: ${node.text().slice(0, 40)}`);
          if (expected && all.has(node.kind() as string)) nested++;
          compared++;
        }
      }
    }
    assert.ok(compared > 1000, `compared ${compared}`);
    assert.ok(nested > 0, 'the corpus nests scopes');
  });
}
