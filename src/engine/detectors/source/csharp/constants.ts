// The constants a C# file declares for other files (detectors/cross-file.ts): `const` fields and
// `static readonly` fields of classes, structs, records and interfaces (static classes included),
// under `Type.Name` with the innermost type as owner, as other files write them
// (`Settings.Iterations`, `Acme.Settings.Iterations`, or `Iterations` after `using static Acme.Settings;`).
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { dotted } from '../common/evaluate.js';
import { CLASS_KINDS, declaratorValue, simpleType } from './resolve.js';

const modifier = (word: string) => ({ has: { kind: 'modifier', regex: `^${word}$` } });

export function declareCSharpConstants(root: SgNode, ev: Evaluator, crossFile: CrossFile): void {
  const fields = root.findAll({
    rule: { kind: 'field_declaration', any: [modifier('const'), { all: [modifier('static'), modifier('readonly')] }] },
  });
  for (const field of fields) {
    // field_declaration -> declaration_list -> the type that declares it.
    const type = field.parent()?.parent();
    if (!type || !CLASS_KINDS.has(kindOf(type))) continue;
    const owner = type.field('name')?.text();
    const declaration = field.namedChildren().find((c) => kindOf(c) === 'variable_declaration');
    if (!owner || !declaration) continue;
    for (const d of declaration.namedChildren()) {
      if (kindOf(d) !== 'variable_declarator') continue;
      const name = d.field('name')?.text();
      const value = declaratorValue(d);
      if (name && value) crossFile.declare(constantKey(owner, name), ev.evalOwn(value));
    }
  }
}

/** The types a file brings members of into scope with `using static Acme.CryptoConstants;` (their simple names). */
export function usingStaticTypes(root: SgNode): string[] {
  const out: string[] = [];
  // Using directives sit at the top of the file or of a namespace: the root's and the namespaces' children.
  const scan = (parent: SgNode, depth: number): void => {
    for (const c of parent.children()) {
      const k = kindOf(c);
      if (k === 'using_directive') {
        if (!c.children().some((t) => t.text() === 'static')) continue;
        const target = c.namedChildren().pop();
        if (target) out.push(simpleType(dotted(target.text())));
      } else if (depth < 4 && (k === 'namespace_declaration' || k === 'declaration_list')) {
        scan(c, depth + 1);
      }
    }
  };
  scan(root, 0);
  return out;
}
