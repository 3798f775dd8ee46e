// The constants a Swift file declares for other files (detectors/cross-file.ts): the `static let`s of
// its types (`enum`, `struct`, `class`, `actor`) and extensions, under the innermost type's name as
// other files write it before the name (`Constants.rsaBits`; `CryptoConfig.Algorithms.cipher` and
// `extension CryptoConfig.Algorithms { static let … }` are `Algorithms.cipher`). Not declared: a
// `static var` (any code may assign it), `private`/`fileprivate` ones and those of a `private` type or
// extension (no other file can read them), instance properties, and top-level `let`s: a global is read
// by its bare name with no import naming its file, so a name could not be tied to one declaration (a
// member of the type or of a superclass, or another module's global, may be what the name means), and
// no file could be found for it.
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { namedKids, typeName } from './syntax.js';

/** The `static` properties of type bodies, for the file's query (one walk finds them with its imports). */
export const STATIC_PROPERTIES = {
  kind: 'property_declaration',
  inside: { any: [{ kind: 'class_body' }, { kind: 'enum_class_body' }] },
  has: { kind: 'modifiers', regex: '\\bstatic\\b' },
};

const HIDDEN = /\b(private|fileprivate)\b/;

/** A `private`/`fileprivate` type or extension: its members are the file's alone. */
function hidden(decl: SgNode): boolean {
  const modifiers = decl.children().find((c) => kindOf(c) === 'modifiers');
  return modifiers !== undefined && HIDDEN.test(modifiers.text());
}

/** Declares the file's constants among `properties` (its STATIC_PROPERTIES). */
export function declareSwiftConstants(properties: readonly SgNode[], ev: Evaluator, crossFile: CrossFile): void {
  for (const prop of properties) {
    const kids = prop.children();
    if (kids.find((c) => kindOf(c) === 'value_binding_pattern')?.text() !== 'let') continue;
    const modifiers = kids.find((c) => kindOf(c) === 'modifiers');
    if (modifiers && HIDDEN.test(modifiers.text())) continue;
    const pattern = kids.find((c) => kindOf(c) === 'pattern');
    const ids = pattern ? namedKids(pattern) : [];
    if (ids.length !== 1 || kindOf(ids[0]!) !== 'simple_identifier') continue;
    const eq = kids.findIndex((c) => !c.isNamed() && c.text() === '=');
    const value = eq < 0 ? undefined : kids.slice(eq + 1).find((c) => c.isNamed() && !/comment/.test(kindOf(c)));
    const decl = prop.parent()?.parent();
    const owner = decl && kindOf(decl) === 'class_declaration' ? typeName(decl) : undefined;
    if (!value || !owner || hidden(decl!)) continue;
    crossFile.declare(constantKey(owner, ids[0]!.text()), ev.evalOwn(value));
  }
}
