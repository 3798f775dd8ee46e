// Python imports -> qualified names, and the package that provides each module. Calls are matched
// on qualified names (`hashlib.sha256`, `Crypto.Cipher.AES.new`), so a local function called
// `sha256` or a variable named `cipher` never matches. Standard-library modules (hashlib, hmac,
// ssl, secrets) get no LibraryRef: they ship with the interpreter (documented in docs/detectors.md).
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';

/** Local name -> qualified module path or member (`AES` -> `Crypto.Cipher.AES`). */
export type ImportMap = ReadonlyMap<string, string>;

/**
 * An import that may not be a top-level statement: indented, or after `:` / `;` on its line
 * (`if TYPE_CHECKING:` blocks, `try: import simplejson`). Without one, the module's children hold
 * every import statement, in order, and the whole-tree walk is not needed.
 */
const NESTED_IMPORT = /(?:^[ \t]+|[:;][ \t]*)(?:import|from)[ \t\\]/m;

const PYCA_ASYMMETRIC = 'cryptography.hazmat.primitives.asymmetric';
const EC_CURVES = [
  'SECP192R1', 'SECP224R1', 'SECP256R1', 'SECP384R1', 'SECP521R1', 'SECP256K1', 'BrainpoolP256R1', 'BrainpoolP384R1', 'BrainpoolP512R1',
  'SECT163K1', 'SECT163R2', 'SECT233K1', 'SECT233R1', 'SECT283K1', 'SECT283R1', 'SECT409K1', 'SECT409R1', 'SECT571K1', 'SECT571R1',
];
/**
 * The names a `from <module> import *` binds that the handlers read, for pyca's asymmetric modules
 * (`from cryptography.hazmat.primitives.asymmetric.rsa import *` then `RSAPublicNumbers(e, n)`). A star
 * import from any other module binds nothing we know: its names stay unqualified.
 */
const STAR_EXPORTS: Readonly<Record<string, readonly string[]>> = {
  [`${PYCA_ASYMMETRIC}.rsa`]: ['generate_private_key', 'RSAPublicNumbers', 'RSAPrivateNumbers'],
  [`${PYCA_ASYMMETRIC}.dsa`]: ['generate_private_key', 'generate_parameters', 'DSAParameterNumbers', 'DSAPublicNumbers', 'DSAPrivateNumbers'],
  [`${PYCA_ASYMMETRIC}.dh`]: ['generate_parameters', 'DHParameterNumbers', 'DHPublicNumbers', 'DHPrivateNumbers'],
  [`${PYCA_ASYMMETRIC}.ec`]: [
    'generate_private_key', 'derive_private_key', 'ECDSA', 'ECDH', 'EllipticCurvePublicNumbers', 'EllipticCurvePrivateNumbers',
    'EllipticCurvePublicKey', ...EC_CURVES,
  ],
  [`${PYCA_ASYMMETRIC}.padding`]: ['OAEP', 'PSS', 'PKCS1v15', 'MGF1'],
  [`${PYCA_ASYMMETRIC}.ed25519`]: ['Ed25519PrivateKey', 'Ed25519PublicKey'],
  [`${PYCA_ASYMMETRIC}.ed448`]: ['Ed448PrivateKey', 'Ed448PublicKey'],
  [`${PYCA_ASYMMETRIC}.x25519`]: ['X25519PrivateKey', 'X25519PublicKey'],
  [`${PYCA_ASYMMETRIC}.x448`]: ['X448PrivateKey', 'X448PublicKey'],
};

/** The file's import statements, in order (top-level only unless NESTED_IMPORT says otherwise). */
export function importStatements(root: SgNode, text: string): SgNode[] {
  const top = root.children();
  return NESTED_IMPORT.test(text) || top.some((c) => kindOf(c) === 'ERROR')
    ? root.findAll({ rule: { any: [{ kind: 'import_statement' }, { kind: 'import_from_statement' }] } })
    : top.filter((c) => kindOf(c) === 'import_statement' || kindOf(c) === 'import_from_statement');
}

export function pythonImports(root: SgNode, text: string, statements: readonly SgNode[] = importStatements(root, text)): ImportMap {
  const map = new Map<string, string>();
  for (const imp of statements) {
    if (kindOf(imp) === 'import_statement') {
      for (const c of imp.namedChildren()) {
        if (kindOf(c) === 'dotted_name') {
          // `import cryptography.hazmat.primitives.hashes` binds `cryptography`.
          const full = c.text().replace(/\s+/g, '');
          map.set(full.split('.')[0]!, full.split('.')[0]!);
          map.set(full, full);
        } else if (kindOf(c) === 'aliased_import') {
          const name = c.field('name')?.text().replace(/\s+/g, '');
          const alias = c.field('alias')?.text();
          if (name && alias) map.set(alias, name);
        }
      }
    } else {
      const mod = imp.field('module_name')?.text().replace(/\s+/g, '');
      if (!mod || mod.startsWith('.')) continue;
      for (const c of imp.namedChildren()) {
        if (c.id() === imp.field('module_name')?.id()) continue;
        if (kindOf(c) === 'wildcard_import') for (const n of STAR_EXPORTS[mod] ?? []) map.set(n, `${mod}.${n}`);
        else if (kindOf(c) === 'dotted_name') map.set(c.text(), `${mod}.${c.text()}`);
        else if (kindOf(c) === 'aliased_import') {
          const name = c.field('name')?.text();
          const alias = c.field('alias')?.text();
          if (name && alias) map.set(alias, `${mod}.${name}`);
        }
      }
    }
  }
  return map;
}

/**
 * Standard-library modules the detector reads (and a few more that hold no constants of the
 * project): names imported from them are the library's, not another file's constants.
 */
const STDLIB = new Set([
  'hashlib', 'hmac', 'ssl', 'secrets', 'os', 'random', 'base64', 'binascii', 'typing', '__future__', 'sys', 'enum', 'dataclasses', 'collections', 'functools',
]);

/** Whether a module (dotted, absolute) is a library the detector knows or one of STDLIB's. */
export function isLibraryModule(mod: string): boolean {
  return libraryOf(mod) !== undefined || STDLIB.has(mod.split('.')[0]!);
}

/** Whether a `from M import …` may bring the project's own constants: relative, or from no library the detector knows. */
export function fromProject(statement: SgNode): boolean {
  const module = statement.field('module_name');
  if (!module) return false;
  if (kindOf(module) === 'relative_import') return true;
  return !isLibraryModule(module.text().replace(/\s+/g, ''));
}

/**
 * The owner of the names a `from M import …` brings, as other files' declarations name it: M's last
 * part (`from app.settings import` → `settings`, `from ..conf.settings import` → `settings`), or for a
 * bare relative `from . import X` the package the dots name: the file's folder (one dot), its parent
 * (two), and so on.
 */
export function fromImportOwner(statement: SgNode, path: string): string | undefined {
  const module = statement.field('module_name');
  if (!module) return undefined;
  let dotted = module;
  if (kindOf(module) === 'relative_import') {
    const named = module.namedChildren().find((c) => kindOf(c) === 'dotted_name');
    if (!named) {
      const dots = module.text().replace(/[^.]/g, '').length;
      const folders = path.split('/').slice(0, -1);
      return dots >= 1 && dots <= folders.length ? folders[folders.length - dots] : undefined;
    }
    dotted = named;
  }
  const parts = dotted.text().replace(/\s+/g, '').split('.');
  return parts[parts.length - 1] || undefined;
}

/** Qualified name of an identifier/attribute chain whose root is imported; undefined otherwise. */
export function qualify(imports: ImportMap, node: SgNode | null | undefined): string | undefined {
  if (!node) return undefined;
  const k = kindOf(node);
  if (k === 'identifier') return imports.get(node.text());
  if (k === 'attribute') {
    const obj = node.field('object');
    const attr = node.field('attribute')?.text();
    const base = qualify(imports, obj);
    return base && attr ? `${base}.${attr}` : undefined;
  }
  return undefined;
}

/**
 * Normalised name used by the handler tables: pycryptodomex's `Cryptodome.` reads as `Crypto.`,
 * pyca/cryptography's long prefixes are shortened (`cryptography.hazmat.primitives.hashes.SHA256`
 * -> `hazmat.hashes.SHA256`).
 */
export function normalise(q: string): string {
  return q
    .replace(/^Cryptodome\./, 'Crypto.')
    .replace(/^cryptography\.hazmat\.primitives\./, 'hazmat.')
    .replace(/^cryptography\.hazmat\.decrepit\./, 'hazmat.')
    .replace(/^cryptography\.fernet\./, 'fernet.')
    .replace(/^jose\.jwt\./, 'jose.')
    .replace(/^jose\.jws\./, 'jose.');
}

const LIBRARIES: [RegExp, LibraryRef][] = [
  [/^cryptography(\.|$)/, { ecosystem: 'pypi', name: 'cryptography' }],
  [/^Cryptodome(\.|$)/, { ecosystem: 'pypi', name: 'pycryptodomex' }],
  [/^Crypto(\.|$)/, { ecosystem: 'pypi', name: 'pycryptodome' }],
  [/^jwt(\.|$)/, { ecosystem: 'pypi', name: 'pyjwt' }],
  [/^jose(\.|$)/, { ecosystem: 'pypi', name: 'python-jose' }],
  [/^bcrypt(\.|$)/, { ecosystem: 'pypi', name: 'bcrypt' }],
  [/^argon2(\.|$)/, { ecosystem: 'pypi', name: 'argon2-cffi' }],
  [/^passlib(\.|$)/, { ecosystem: 'pypi', name: 'passlib' }],
  [/^paramiko(\.|$)/, { ecosystem: 'pypi', name: 'paramiko' }],
  [/^rsa(\.|$)/, { ecosystem: 'pypi', name: 'rsa' }],
  [/^ecdsa(\.|$)/, { ecosystem: 'pypi', name: 'ecdsa' }],
  [/^nacl(\.|$)/, { ecosystem: 'pypi', name: 'pynacl' }],
  [/^OpenSSL(\.|$)/, { ecosystem: 'pypi', name: 'pyopenssl' }],
  [/^josepy(\.|$)/, { ecosystem: 'pypi', name: 'josepy' }],
  [/^authlib(\.|$)/, { ecosystem: 'pypi', name: 'authlib' }],
  [/^werkzeug(\.|$)/, { ecosystem: 'pypi', name: 'werkzeug' }],
];

/** The PyPI package behind a qualified name, or undefined for the standard library and unknown modules. */
export function libraryOf(qualified: string): LibraryRef | undefined {
  const root = qualified.split('.', 1)[0]!;
  if (libraryMemo.has(root)) return libraryMemo.get(root);
  let found: LibraryRef | undefined;
  for (const [re, ref] of LIBRARIES) if (re.test(root)) found = found ?? ref;
  libraryMemo.set(root, found);
  return found;
}
const libraryMemo = new Map<string, LibraryRef | undefined>();
