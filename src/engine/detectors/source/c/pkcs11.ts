// PKCS#11 (Cryptoki) mechanisms: the algorithm a token runs is the `CKM_*` constant of a
// `CK_MECHANISM` (`CK_MECHANISM m = { CKM_SHA256_RSA_PKCS, NULL_PTR, 0 }`, `m.mechanism = CKM_AES_GCM`,
// `{ .mechanism = CKM_ECDSA }`). The constants are knowledge-base spellings: the knowledge base says
// which are algorithms and what they imply (CKM_DES3_ECB is 3DES-168-ECB, CKM_SHA256_RSA_PKCS
// PKCS#1 v1.5 with SHA-256), and a mechanism it does not know (CKM_GENERIC_SECRET_KEY_GEN, a vendor
// one) is no algorithm. The same function's `C_*Init`, `C_GenerateKey(Pair)`, `C_WrapKey`, … call
// that is given the mechanism says what it is used for, and a key generation's attribute template
// gives the key size (CKA_MODULUS_BITS, CKA_VALUE_LEN, CKA_PRIME_BITS) or parameter set
// (CKA_PARAMETER_SET = CKP_ML_KEM_768). A mechanism the file does not name (a variable from the
// command line, a table row read elsewhere) is not reported: the token is chosen at run time.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import type { KbAlgorithm } from '../../../kb/types.js';
import type { CFile } from './file.js';
import { calleeName, declaredName } from './resolve.js';

/** The declared type of a mechanism structure (`CK_MECHANISM`, or the underlying `struct ck_mechanism`). */
export const MECHANISM_TYPE = '^(CK_MECHANISM|struct\\s+ck_mechanism)$';

/** Cryptoki functions that take a mechanism, and what the mechanism does there. */
const OPERATIONS: Readonly<Record<string, CryptoFunction>> = {
  C_EncryptInit: 'encrypt', C_MessageEncryptInit: 'encrypt', C_WrapKey: 'encrypt',
  C_DecryptInit: 'decrypt', C_MessageDecryptInit: 'decrypt', C_UnwrapKey: 'decrypt',
  C_SignInit: 'sign', C_SignRecoverInit: 'sign', C_MessageSignInit: 'sign',
  C_VerifyInit: 'verify', C_VerifyRecoverInit: 'verify', C_MessageVerifyInit: 'verify',
  C_DigestInit: 'digest', C_GenerateKey: 'keygen', C_GenerateKeyPair: 'keygen', C_DeriveKey: 'keyderive',
  C_EncapsulateKey: 'encapsulate', C_DecapsulateKey: 'decapsulate',
};

/** Where a key generation takes its attribute templates: C_GenerateKey(s, &m, tmpl, n, &k), C_GenerateKeyPair(s, &m, pub, n, priv, m, &pk, &sk). */
const TEMPLATE_ARGS: Readonly<Record<string, readonly number[]>> = { C_GenerateKey: [2], C_GenerateKeyPair: [2, 4] };

/** Families whose key size, curve or parameter set a mechanism leaves to the key (a generic entry). */
const SIZED_BY_KEY = /^(RSA|RSASSA-PKCS1|RSASSA-PSS|RSAES-OAEP|RSAES-PKCS1|DSA|FFDH|AES)$/;
const CURVE_OF_KEY = /^(ECDSA|ECDH|EdDSA)$/;
const SET_OF_KEY = /^(ML-KEM|ML-DSA)$/;

/** The function's name without the function-list pointer (`p11->C_SignInit`, `(*fl->C_Sign)` -> `C_SignInit`). */
function cryptokiName(call: SgNode): string {
  const callee = calleeName(call).replace(/[()*]/g, '');
  return callee.slice(Math.max(callee.lastIndexOf('>'), callee.lastIndexOf('.')) + 1);
}

/**
 * The mechanism constants of a `CK_MECHANISM` declaration (one, or a row each in an array), a
 * `.mechanism =` assignment or a designated `.mechanism =` initialiser, each with the variable the
 * calls pass (`&m`, or `m` for a pointer), when there is one.
 */
function mechanisms(node: SgNode): { value: SgNode; variable?: string }[] {
  switch (node.kind() as string) {
    case 'init_declarator': {
      const list = node.field('value');
      const first = list?.namedChildren().filter((c) => c.kind() !== 'comment')[0];
      if (!first) return [];
      // An array of mechanisms: the first member of each row, none tied to a call.
      if (first.kind() === 'initializer_list') {
        return list!.namedChildren().filter((r) => r.kind() === 'initializer_list').flatMap((r) => {
          const v = r.namedChildren().filter((c) => c.kind() !== 'comment')[0];
          return v ? [{ value: v }] : [];
        });
      }
      if (first.kind() === 'initializer_pair') return [];
      return [{ value: first, variable: declaredName(node.field('declarator'))?.text() }];
    }
    case 'assignment_expression': {
      const left = node.field('left');
      const right = node.field('right');
      return right ? [{ value: right, variable: left?.field('argument')?.text().replace(/\s+/g, '') }] : [];
    }
    case 'initializer_pair': {
      const value = node.field('value');
      const decl = node.parent()?.parent();
      return value ? [{ value, variable: decl?.kind() === 'init_declarator' ? declaredName(decl.field('declarator'))?.text() : undefined }] : [];
    }
    default:
      return [];
  }
}

/**
 * The calls of the same function (or file) that are given the mechanism variable while it holds this
 * value: after `at`, before the next `variable.mechanism =`. `placeholder` when the value is replaced
 * before any call sees it (OpenSC's `CK_MECHANISM m = { CKM_MD5, … }` then `m.mechanism = chosen`).
 */
function usesOf(f: CFile, at: SgNode, variable: string): { uses: SgNode[]; placeholder: boolean } {
  const scope = at.ancestors().find((a) => a.kind() === 'function_definition') ?? f.root;
  const from = at.range().end.index;
  const next = scope.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'field_expression', regex: '(\\.|->)\\s*mechanism$' } } })
    .filter((a) => a.range().start.index >= from && a.field('left')?.field('argument')?.text().replace(/\s+/g, '') === variable)
    .map((a) => a.range().start.index)
    .sort((a, b) => a - b)[0];
  const uses = scope.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: 'C_[A-Za-z]+' } } }).filter((c) => {
    const start = c.range().start.index;
    if (start < from || (next !== undefined && start > next)) return false;
    return (c.field('arguments')?.namedChildren() ?? []).some((a) => {
      const t = a.text().replace(/\s+/g, '');
      return t === `&${variable}` || t === variable;
    });
  });
  return { uses, placeholder: uses.length === 0 && next !== undefined };
}

/** Key size and parameter set a key generation's attribute templates give (`{ CKA_MODULUS_BITS, &bits, sizeof(bits) }`). */
function templateFacts(f: CFile, generate: SgNode[], entry: KbAlgorithm): { keySize?: number; parameterSet?: string } {
  const sizes = new Set<number | undefined>();
  const sets = new Set<string | undefined>();
  const symmetric = entry.primitive === 'block-cipher' || entry.primitive === 'ae';
  for (const call of generate) {
    const args = call.field('arguments')?.namedChildren() ?? [];
    for (const i of TEMPLATE_ARGS[cryptokiName(call)] ?? []) {
      const list = f.origin(args[i]);
      if (list?.kind() !== 'initializer_list') continue;
      for (const row of list.namedChildren()) {
        if (row.kind() !== 'initializer_list') continue;
        const [type, value] = row.namedChildren().filter((c) => c.kind() !== 'comment');
        const target = value?.kind() === 'pointer_expression' ? (value.field('argument') ?? undefined) : value;
        switch (f.symbol(type)) {
          case 'CKA_MODULUS_BITS':
          case 'CKA_PRIME_BITS':
            sizes.add(f.int(target));
            break;
          case 'CKA_VALUE_LEN': {
            const bytes = f.int(target);
            if (symmetric) sizes.add(bytes === undefined ? undefined : bytes * 8);
            break;
          }
          case 'CKA_PARAMETER_SET':
            sets.add(f.symbol(target));
            break;
        }
      }
    }
  }
  // Two generations that disagree leave it unknown.
  const one = <T>(s: Set<T>): T | undefined => (s.size === 1 ? [...s][0] : undefined);
  return { keySize: one(sizes), parameterSet: one(sets) };
}

/** A mechanism node found by the detector's query: one algorithm per mechanism constant the knowledge base knows. */
export function pkcs11Mechanism(f: CFile, node: SgNode): void {
  for (const { value, variable } of mechanisms(node)) {
    const constant = f.symbol(value);
    if (!constant?.startsWith('CKM_')) continue;
    const hit = f.kb.findAlgorithm(constant);
    if (!hit) continue;
    const { uses, placeholder } = variable ? usesOf(f, node, variable) : { uses: [], placeholder: false };
    if (placeholder) continue;
    const functions = new Set<CryptoFunction>();
    // A MAC mechanism "signs" in Cryptoki (C_SignInit with CKM_SHA256_HMAC): it computes a tag.
    const mac = hit.entry.primitive === 'mac';
    for (const c of uses) {
      const op = OPERATIONS[cryptokiName(c)];
      if (op) functions.add(mac && op === 'sign' ? 'tag' : op);
    }
    let spelling = constant;
    const params: AlgorithmParams = {};
    // CKM_RSA_PKCS serves both PKCS#1 v1.5 schemes: encryption where it encrypts or wraps, else the signature the knowledge base names.
    if (constant === 'CKM_RSA_PKCS' && (functions.has('encrypt') || functions.has('decrypt'))) {
      spelling = 'RSA';
      params.padding = 'PKCS1v15';
    }
    const entry = f.kb.findAlgorithm(spelling)!.entry;
    if (functions.has('keygen')) {
      const facts = templateFacts(f, uses.filter((c) => TEMPLATE_ARGS[cryptokiName(c)]), entry);
      params.keySize = facts.keySize;
      const set = facts.parameterSet ? f.kb.findAlgorithm(facts.parameterSet)?.entry : undefined;
      if (set && set.family === entry.family) spelling = facts.parameterSet!;
    }
    const unresolved: AlgorithmParamName[] = [];
    if (entry.generic && SIZED_BY_KEY.test(entry.family)) unresolved.push('keySize');
    if (entry.generic && CURVE_OF_KEY.test(entry.family)) unresolved.push('curve');
    if (entry.generic && SET_OF_KEY.test(entry.family) && spelling === constant) unresolved.push('parameterSet');
    f.algorithm(value, undefined, { spelling, params, unresolved, ...(functions.size ? { functions: [...functions] } : {}) });
  }
}
