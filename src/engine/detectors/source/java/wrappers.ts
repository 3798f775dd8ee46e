// JCA factories behind another file's static wrapper. Jenkins gets every cipher through
// `Secret.getCipher(String algorithm)` (a provider workaround around `Cipher.getInstance(algorithm)`),
// so its AES-CBC secrets, legacy AES-ECB and agent AES-CFB8 were one `unknown-cipher` in Secret.java.
// The wrapper's file declares, through the cross-file constants (detectors/cross-file.ts), that
// `Secret.getCipher` passes its first parameter to `Cipher.getInstance`; a file that calls
// `Secret.getCipher("AES/CBC/PKCS5Padding")` reads that in the second pass and reports the cipher at
// its call, with the key and IV its own `init` gives. One hop only, like the constants.
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import { kindOf } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { callArguments } from './adapter.js';
import type { WrappedFactory } from './jca.js';

/**
 * Wrapper names the callers look up: a method named after what it returns (`getCipher`, `newDigest`,
 * `createMac`, `sslContext`). Looking up every static call would send the declarations pass after
 * every class any file calls (`Arrays`, `Collections`), and each lookup is a key the scan carries.
 */
const WRAPPER_NAME = /(?:cipher|digest|mac|signature|keygenerator|keypairgenerator|keyagreement|keyfactory|securerandom)$/i;

/** The key under which a wrapper is declared: `Secret.getCipher()` (a field may share the method's name). */
function wrapperKey(owner: string, method: string): string {
  return constantKey(owner, `${method}()`);
}

/**
 * Declares the method around a JCA factory call as a wrapper when it is a static, non-private method
 * of a named class and passes its first parameter, unchanged, as the algorithm (`static Cipher
 * getCipher(String algorithm) { return Cipher.getInstance(algorithm); }`).
 */
export function declareFactoryWrapper(inv: SgNode, factory: string, crossFile: CrossFile): void {
  const alg = callArguments(inv)[0];
  if (!alg || kindOf(alg) !== 'identifier') return;
  let fn: SgNode | undefined;
  for (const a of inv.ancestors()) {
    const k = kindOf(a);
    if (k === 'method_declaration') {
      fn = a;
      break;
    }
    if (k === 'lambda_expression' || k === 'class_body' || k === 'constructor_declaration') return;
  }
  if (!fn || !WRAPPER_NAME.test(fn.field('name')?.text() ?? '')) return;
  const mods = fn.children().find((c) => kindOf(c) === 'modifiers')?.children().map((c) => c.text()) ?? [];
  if (!mods.includes('static') || mods.includes('private')) return;
  const first = fn.field('parameters')?.namedChildren().find((p) => kindOf(p) === 'formal_parameter');
  if (first?.field('name')?.text() !== alg.text()) return;
  // Reassigned inside the method, the parameter is no longer what the caller passed.
  const reassigned = fn.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: `^${escapeRegex(alg.text())}$` } } });
  if (reassigned.length > 0) return;
  const cls = fn.parent()?.parent();
  if (!cls || kindOf(cls) !== 'class_declaration') return;
  const owner = cls.field('name')?.text();
  if (owner) crossFile.declare(wrapperKey(owner, fn.field('name')!.text()), { kind: 'str', value: factory });
}

/**
 * `Secret.getCipher(ALGORITHM)` in another file than the wrapper's: the factory it wraps (second
 * pass), else undefined. A call of the file's own class is left to the file's call-site reading.
 */
export function wrappedFactory(inv: SgNode, method: string, ownClass: () => string | undefined, crossFile: CrossFile | undefined): WrappedFactory | undefined {
  if (!crossFile || !WRAPPER_NAME.test(method)) return undefined;
  const obj = inv.field('object');
  const algorithm = callArguments(inv)[0];
  if (!obj || !algorithm) return undefined;
  const written = obj.text().replace(/\s+/g, '');
  const owner = written.slice(written.lastIndexOf('.') + 1);
  // A class name (upper case, as Java names classes), not a variable's instance method.
  if (!/^[A-Z]\w*$/.test(owner) || !/^[\w.]+$/.test(written) || owner === ownClass()) return undefined;
  const v = crossFile.lookup(wrapperKey(owner, method));
  return v?.kind === 'str' ? { cls: v.value, algorithm, symbol: `${owner}.${method}` } : undefined;
}
