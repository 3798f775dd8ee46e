// Declared types of Go names, where the file states them: a parameter or receiver
// (`func sign(key *rsa.PrivateKey)`, `func (t *TLSConfig) …`) and the name a type switch binds in a
// one-type case (`switch k := key.(type) { case *ecdsa.PrivateKey: … k … }`). Values the evaluator
// cannot follow (a key handed in by the caller) still have a kind that decides what Go does with them,
// e.g. the signature x509.CreateCertificate picks for a signer.
import type { SgNode } from '@ast-grep/napi';
import { FUNCTION_KINDS, type GoAdapter } from './resolve.js';


/**
 * Type of an identifier at its use, as `import/path.Name` for a package type (`crypto/rsa.PrivateKey`,
 * pointers stripped) or the bare name of a type of the file's own package (`TLSConfig`); undefined where
 * the file does not declare it (a local assigned from a call, a package variable) or a case lists several types.
 */
export function declaredType(adapter: GoAdapter, use: SgNode): string | undefined {
  const type = declaredTypeNode(use);
  return type ? typeName(adapter, type) : undefined;
}

/** The type node a parameter or a one-type case declares for an identifier (`*[32]byte`, `*rsa.PrivateKey`). */
export function declaredTypeNode(use: SgNode): SgNode | undefined {
  if (use.kind() !== 'identifier') return undefined;
  const name = use.text();
  for (const a of use.ancestors()) {
    const kind = a.kind() as string;
    if (kind === 'type_case' && a.parent()?.field('alias')?.text() === name) {
      const types = a.field('type') ? a.namedChildren().filter((c) => c.kind() !== 'statement_list' && c.kind() !== 'comment') : [];
      return types.length === 1 ? types[0] : undefined;
    }
    if (FUNCTION_KINDS.has(kind)) {
      for (const list of [a.field('receiver'), a.field('parameters')]) {
        for (const p of list?.namedChildren() ?? []) {
          if (p.kind() !== 'parameter_declaration') continue;
          const type = p.field('type');
          if (type && p.namedChildren().some((c) => c.kind() === 'identifier' && c.text() === name)) return type;
        }
      }
    }
  }
  return undefined;
}

/** The length of a byte-array type (`[32]byte`, `*[keySize]byte`), as its length expression. */
export function byteArrayLength(type: SgNode | undefined): SgNode | undefined {
  const t = type?.kind() === 'pointer_type' ? type.namedChildren()[0] : type;
  if (t?.kind() !== 'array_type' || !['byte', 'uint8'].includes(t.field('element')?.text() ?? '')) return undefined;
  return t.field('length') ?? undefined;
}

/** A type node's name, as `import/path.Name` for a package type (pointer stripped) or the bare name of the file's own. */
export function typeName(adapter: GoAdapter, type: SgNode): string | undefined {
  const t = type.kind() === 'pointer_type' ? type.namedChildren()[0] : type;
  if (t?.kind() === 'type_identifier') return t.text();
  if (t?.kind() !== 'qualified_type') return undefined;
  const path = adapter.imports.get(t.field('package')?.text() ?? '');
  return path ? `${path}.${t.field('name')?.text() ?? ''}` : undefined;
}
