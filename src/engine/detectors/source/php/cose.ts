// web-auth/cose-lib (namespace `Cose\`), the COSE layer of PHP WebAuthn servers (web-auth/webauthn-framework
// and its Symfony bundle): the signature and MAC classes a relying party registers with its algorithm manager
// (`Manager::create()->add(ES256::create(), RS256::create())`, `new RS1()`, a Symfony service
// `->class(RS1::class)`, a list of class names), and the `Algorithms::COSE_ALGORITHM_*` identifiers it offers
// for new credentials (`PublicKeyCredentialParameters::createPk(Algorithms::COSE_ALGORITHM_ES256)`: the
// authenticator generates that key pair) or accepts. An identifier or class that is only compared with
// (`=== Algorithms::COSE_ALGORITHM_RS1`, a `case`, a `match` arm, an array key, `class_exists(ES256::class)`,
// an attribute) names no algorithm in use.
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { coseSignatureAlg, joseEncryptionAlg, joseSecondary, type Named } from '../common/jose.js';
import { kindOf } from '../common/languages.js';
import type { PhpFile } from './file.js';
import { webTokenNew } from './web-token.js';

const COSE: LibraryRef = { ecosystem: 'composer', name: 'web-auth/cose-lib' };

/** Signature classes by namespace (v3/v4: `Signature\ECDSA\ES256`, `Signature\EdDSA\Ed25519`, `Signature\RSA\PS256`, `Signature\MLDSA\MLDSA65`, `Signature\FullySpecified\Ed448`) and the HMAC classes (`Mac\HS256`). */
const ALGORITHM_CLASS = /^Cose\\Algorithm\\(?:Signature\\(?:ECDSA|EdDSA|RSA|MLDSA|FullySpecified)|Mac)\\(\w+)$/;
const ALGORITHMS = 'Cose\\Algorithms';
const CREDENTIAL_PARAMETERS = 'Webauthn\\PublicKeyCredentialParameters';

/** Short names the native query selects `new X`, `X::create()` and `X::class` by (the full name is checked by the handlers). */
export const COSE_CLASSES = [
  'ES256', 'ES256K', 'ES384', 'ES512', 'ESP256', 'ESP384', 'ESP512', 'EdDSA', 'Ed25519', 'Ed256', 'Ed512', 'Ed448',
  'RS1', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'MLDSA44', 'MLDSA65', 'MLDSA87',
  'HS256', 'HS256Truncated64', 'HS384', 'HS512',
];

interface Use {
  named: Named;
  functions: CryptoFunction[];
}

function signature(named: Named | undefined, functions: CryptoFunction[]): Use[] {
  return named ? [{ named, functions }] : [];
}

/**
 * What a class stands for. cose-lib's `EdDSA` signs and verifies with libsodium and throws for any curve but
 * Ed25519, and `Ed256`/`Ed512` are that Ed25519 over a SHA-256/SHA-512 digest of the message (identifiers -260
 * and -261, which IANA assigns to other algorithms): all three are Ed25519. The fully specified `ESP256` is
 * ES256 with its curve fixed (RFC 9864). Brainpool (`ESB*`) and AES-CBC-MAC classes are not read.
 */
function classUses(cls: string): Use[] {
  const sign: CryptoFunction[] = ['sign', 'verify'];
  if (cls === 'EdDSA' || cls === 'Ed256' || cls === 'Ed512') return signature({ spelling: 'Ed25519', params: {} }, sign);
  if (cls === 'Ed448') return signature({ spelling: 'Ed448', params: {} }, sign);
  const ml = /^MLDSA(44|65|87)$/.exec(cls);
  if (ml) return signature(coseSignatureAlg(`ML-DSA-${ml[1]}`), sign);
  if (cls === 'HS256Truncated64') return [{ named: { spelling: 'HMAC-SHA-256', params: { hash: 'SHA-256', tagLength: 64 } }, functions: ['tag'] }];
  const name = cls.replace(/^ESP/, 'ES');
  return signature(coseSignatureAlg(name), name.startsWith('HS') ? ['tag'] : sign);
}

/**
 * What an `Algorithms::COSE_ALGORITHM_*` identifier stands for. The identifier -8 (`EDDSA`, also spelled
 * `EdDSA`) leaves the curve to the key, as in the other languages' WebAuthn readers; `ED256`/`ED512` are
 * cose-lib's pre-hashed Ed25519. Besides signatures and HMAC, the AES-GCM, AES key wrap, RSA-OAEP and
 * ChaCha20-Poly1305 identifiers are read; `DIRECT`, HKDF, CCM, AES-MAC and the ECDH ones are not.
 */
function constantUses(constant: string, functions: CryptoFunction[]): Use[] {
  const id = constant.replace(/^COSE_ALGORITHM_/, '');
  if (/^EDDSA$/i.test(id)) return signature(coseSignatureAlg('EdDSA'), functions);
  if (id === 'ED25519' || id === 'ED256' || id === 'ED512') return signature({ spelling: 'Ed25519', params: {} }, functions);
  if (id === 'ED448') return signature({ spelling: 'Ed448', params: {} }, functions);
  if (id === 'HS256_64') return [{ named: { spelling: 'HMAC-SHA-256', params: { hash: 'SHA-256', tagLength: 64 } }, functions: ['tag'] }];
  const ml = /^ML_?DSA_?(44|65|87)$/.exec(id);
  if (ml) return signature(coseSignatureAlg(`ML-DSA-${ml[1]}`), functions);
  const sig = coseSignatureAlg(id.replace(/^ESP/, 'ES'));
  if (sig) return signature(sig, id.startsWith('HS') ? ['tag'] : functions);
  const oaep = /^RSAES_OAEP(?:_(256|512))?$/.exec(id);
  const jose = oaep ? `RSA-OAEP${oaep[1] ? `-${oaep[1]}` : ''}` : id;
  const main = joseEncryptionAlg(jose) ?? (id === 'CHACHA20_POLY1305' ? { spelling: 'ChaCha20-Poly1305', params: {} } : undefined);
  if (!main) return [];
  const out: Use[] = [{ named: main, functions: ['encrypt', 'decrypt'] }];
  const second = joseSecondary(jose);
  if (second) out.push({ named: second, functions: ['encrypt', 'decrypt'] });
  return out;
}

function emit(f: PhpFile, node: SgNode, symbol: string, uses: Use[]): void {
  for (const u of uses) f.algorithm(node, symbol, { spelling: u.named.spelling, params: { ...u.named.params }, functions: u.functions }, COSE);
}

/** `new ES256()` of cose-lib; false for another class. */
export function coseNew(f: PhpFile, node: SgNode, full: string, written: string): boolean {
  const cls = ALGORITHM_CLASS.exec(full)?.[1];
  if (!cls) return false;
  emit(f, node, `new ${written}`, classUses(cls));
  return true;
}

/** `ES256::create()` of cose-lib (the classes' named constructor); false for another class. */
export function coseStatic(f: PhpFile, node: SgNode, full: string, symbol: string, method: string): boolean {
  const cls = ALGORITHM_CLASS.exec(full)?.[1];
  if (!cls) return false;
  if (method === 'create') emit(f, node, symbol, classUses(cls));
  return true;
}

/** `Algorithms::COSE_ALGORITHM_ES256` and cose-lib's (or web-token's) `ES256::class` where the file uses them, not where it compares with them. */
export function coseConstantAccess(f: PhpFile, node: SgNode): void {
  const parts = node.namedChildren();
  if (parts.length !== 2) return;
  const full = f.className(parts[0]!.text());
  const member = parts[1]!.text();
  if (!usedHere(node)) return;
  const symbol = node.text();
  if (member === 'class') {
    const cls = ALGORITHM_CLASS.exec(full)?.[1];
    if (cls) emit(f, node, symbol, classUses(cls));
    // web-token's classes listed so too (webauthn-framework's SafetyNet verifier instantiates such a list).
    else webTokenNew(f, node, full, symbol, true);
    return;
  }
  if (full !== ALGORITHMS || !member.startsWith('COSE_ALGORITHM_')) return;
  emit(f, node, symbol, constantUses(member, offeredForCreation(f, node) ? ['keygen'] : ['verify']));
}

/** Whether the value at `node` is put to use rather than compared with, looked up, or tested for. */
function usedHere(node: SgNode): boolean {
  let cur = node;
  for (let parent = cur.parent(); parent; cur = parent, parent = cur.parent()) {
    switch (kindOf(parent)) {
      case 'parenthesized_expression':
      case 'arguments':
        continue;
      case 'binary_expression':
        return !/^(===?|!==?|<>|instanceof)$/.test(parent.field('operator')?.text() ?? '');
      case 'case_statement':
      case 'match_condition_list':
        return false;
      case 'array_element_initializer': {
        // `[Algorithms::COSE_ALGORITHM_ES256 => 'sha256']`: a lookup table's key.
        const items = parent.namedChildren().filter((c) => !kindOf(c).endsWith('comment'));
        return !(items.length === 2 && items[0]!.id() === cur.id());
      }
      case 'argument': {
        // `class_exists(RS256::class)`, `in_array($alg, …)`: a PHP function tests the name, as an attribute's
        // `#[CoversClass(ES256::class)]` names it; a method or constructor is given it.
        const call = parent.parent()?.parent();
        return !call || (kindOf(call) !== 'function_call_expression' && kindOf(call) !== 'attribute');
      }
      default:
        return true;
    }
  }
  return true;
}

/** Inside `PublicKeyCredentialParameters::create(…)`/`createPk(…)` or `new PublicKeyCredentialParameters(…)`: offered for a new credential. */
function offeredForCreation(f: PhpFile, node: SgNode): boolean {
  for (let cur = node.parent(); cur; cur = cur.parent()) {
    const k = kindOf(cur);
    if (k === 'scoped_call_expression') return f.className(cur.field('scope')?.text() ?? '') === CREDENTIAL_PARAMETERS;
    if (k === 'object_creation_expression') {
      const cls = cur.namedChildren().find((c) => kindOf(c) === 'name' || kindOf(c) === 'qualified_name');
      return !!cls && f.className(cls.text()) === CREDENTIAL_PARAMETERS;
    }
    if (k === 'member_call_expression' || k === 'function_call_expression' || kindOf(cur).endsWith('statement')) return false;
  }
  return false;
}
