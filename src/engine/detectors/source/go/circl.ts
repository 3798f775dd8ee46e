// Cloudflare's CIRCL (github.com/cloudflare/circl), Go's main source of post-quantum and hybrid
// schemes before (and beside) the standard library's: a package per parameter set whose every call
// is that algorithm (`mlkem768.GenerateKeyPair(rand)`, `mldsa65.SignTo(…)`, `mlkem768.Scheme()`), the
// hybrid KEMs of kem/hybrid (`hybrid.X25519MLKEM768()`), and the HPKE suite identifiers of circl/hpke
// (`hpke.KEM_X25519_HKDF_SHA256`, `hpke.KDF_HKDF_SHA256`, `hpke.AEAD_AES128GCM`), which Caddy's ECH
// keys use. Parameter sets the knowledge base does not name (SIKE, SIDH, the Kyber/X448 drafts,
// eddilithium) are not listed.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { escapeRegex } from '../common/regex.js';
import type { GoFile } from './file.js';

export const CIRCL = 'github.com/cloudflare/circl';

/** Packages that are one algorithm each (the package path fixes the parameter set). */
const SCHEME_PACKAGES: Readonly<Record<string, string>> = {
  'kem/mlkem/mlkem512': 'ML-KEM-512', 'kem/mlkem/mlkem768': 'ML-KEM-768', 'kem/mlkem/mlkem1024': 'ML-KEM-1024',
  'kem/kyber/kyber512': 'Kyber512', 'kem/kyber/kyber768': 'Kyber768', 'kem/kyber/kyber1024': 'Kyber1024',
  'kem/xwing': 'X-Wing', 'kem/frodo/frodo640shake': 'FrodoKEM-640-SHAKE',
  'sign/mldsa/mldsa44': 'ML-DSA-44', 'sign/mldsa/mldsa65': 'ML-DSA-65', 'sign/mldsa/mldsa87': 'ML-DSA-87',
  'sign/dilithium/mode2': 'Dilithium2', 'sign/dilithium/mode3': 'Dilithium3', 'sign/dilithium/mode5': 'Dilithium5',
  'sign/ed448': 'Ed448', 'sign/ed25519': 'Ed25519', 'dh/x25519': 'X25519', 'dh/x448': 'X448',
};

/** kem/hybrid constructors, by the knowledge base's group names. */
const HYBRIDS: Readonly<Record<string, string>> = {
  X25519MLKEM768: 'X25519MLKEM768', Kyber768X25519: 'X25519Kyber768Draft00',
};

/** circl/hpke identifiers: the KEM, KDF and AEAD of a suite. */
const HPKE: Readonly<Record<string, [string, AlgorithmParams, CryptoFunction]>> = {
  KEM_P256_HKDF_SHA256: ['ECDH', { curve: 'P-256' }, 'encapsulate'],
  KEM_P384_HKDF_SHA384: ['ECDH', { curve: 'P-384' }, 'encapsulate'],
  KEM_P521_HKDF_SHA512: ['ECDH', { curve: 'P-521' }, 'encapsulate'],
  KEM_X25519_HKDF_SHA256: ['X25519', {}, 'encapsulate'],
  KEM_X448_HKDF_SHA512: ['X448', {}, 'encapsulate'],
  KEM_X25519_KYBER768_DRAFT00: ['X25519Kyber768Draft00', {}, 'encapsulate'],
  KEM_XWING: ['X-Wing', {}, 'encapsulate'],
  KDF_HKDF_SHA256: ['HKDF-SHA-256', {}, 'keyderive'],
  KDF_HKDF_SHA384: ['HKDF-SHA-384', {}, 'keyderive'],
  KDF_HKDF_SHA512: ['HKDF-SHA-512', {}, 'keyderive'],
  AEAD_AES128GCM: ['AES-128-GCM', {}, 'encrypt'],
  AEAD_AES256GCM: ['AES-256-GCM', {}, 'encrypt'],
  AEAD_ChaCha20Poly1305: ['ChaCha20-Poly1305', {}, 'encrypt'],
};

export function isCirclImport(path: string): boolean {
  return path.startsWith(`${CIRCL}/`);
}

/** What a scheme package's function does, from its name (`GenerateKeyPair`, `SignTo`, `Decapsulate`). */
function functionOf(fn: string): CryptoFunction[] {
  if (/^(Generate|NewKey|Derive|KeyGen)/.test(fn)) return ['keygen'];
  if (fn.startsWith('Sign')) return ['sign'];
  if (fn.startsWith('Verify')) return ['verify'];
  if (fn.startsWith('Encap')) return ['encapsulate'];
  if (fn.startsWith('Decap')) return ['decapsulate'];
  return [];
}

/** A call into a circl scheme package or kem/hybrid (`callee` is `import/path.Func`); false when it is neither. */
export function circlCall(f: GoFile, call: SgNode, callee: string): boolean {
  if (!callee.startsWith(`${CIRCL}/`)) return false;
  const dot = callee.lastIndexOf('.');
  const pkg = callee.slice(CIRCL.length + 1, dot);
  const fn = callee.slice(dot + 1);
  const spelling = pkg === 'kem/hybrid' ? HYBRIDS[fn] : SCHEME_PACKAGES[pkg];
  if (!spelling || !/^[A-Z]/.test(fn)) return false;
  const functions = pkg === 'kem/hybrid' ? [] : functionOf(fn);
  f.algorithm(call, callee, { spelling, ...(functions.length ? { functions } : {}) });
  return true;
}

/** `hpke.KEM_X25519_HKDF_SHA256` and the other suite identifiers, in files that import circl/hpke. */
export function detectCirclHpke(f: GoFile, root: SgNode, imports: ReadonlyMap<string, string>): void {
  const locals = [...imports].filter(([, path]) => path === `${CIRCL}/hpke`).map(([l]) => l);
  if (locals.length === 0) return;
  const rule = { rule: { kind: 'selector_expression', regex: `^(${locals.map(escapeRegex).join('|')})\\.(KEM|KDF|AEAD)_\\w+$` } };
  for (const node of root.findAll(rule)) {
    const member = node.field('field')?.text() ?? '';
    const known = HPKE[member];
    if (!known) continue;
    const [spelling, params, fn] = known;
    f.algorithm(node, `${CIRCL}/hpke.${member}`, { spelling, params, functions: [fn] });
  }
}
