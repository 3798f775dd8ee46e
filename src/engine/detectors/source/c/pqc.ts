// Post-quantum KEM and signature calls in C, recognised by the naming conventions of their APIs
// rather than by a table of functions: the algorithm is part of the function's name (or of a liboqs
// constant), and the knowledge base names it.
//
// - SUPERCOP/NaCl: `crypto_kem_<alg>_keypair/enc/dec`, `crypto_sign_<alg>_keypair`, `crypto_sign_<alg>`
//   (sign), `_signature`, `_verify`, `_open`, with OpenSSH's `_seeded` forms (`crypto_kem_mlkem768_enc`,
//   `crypto_kem_sntrup761_keypair`, `crypto_sign_mldsa44_ed25519_sign`, OpenSSH's ML-DSA-44 + Ed25519 composite).
// - PQClean: `PQCLEAN_<ALG>_<IMPL>_crypto_kem_keypair`, `PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature`.
// - liboqs: `OQS_KEM_new(OQS_KEM_alg_ml_kem_768)` / `OQS_SIG_new(OQS_SIG_alg_ml_dsa_65)` (or the
//   algorithm's string), with the operations the same function runs on the object, and the
//   per-algorithm functions `OQS_KEM_kyber_768_keypair`, `OQS_SIG_ml_dsa_65_sign`.
//
// The algorithm part is looked up as written (`mlkem768`, `ml_kem_768`, `sntrup761` are aliases),
// then with separators and case ignored against the aliases of the knowledge base's KEMs and
// signatures (`kyber_768` is `Kyber768`, `SPHINCSSHA2128FSIMPLE` is `SPHINCS+-SHA2-128f-simple`);
// the entry must be a KEM for a KEM API and a signature for a signature API. A name the knowledge
// base does not know is no algorithm of ours: these prefixes are shared with helper functions
// (`crypto_sign_init`, `crypto_sign_ed25519_sk_to_pk`), which report nothing.
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { assignedName, type CFile } from './file.js';
import type { CallHandler } from './openssl.js';
import { calleeName } from './resolve.js';
import { SODIUM } from './sodium-mbedtls.js';

const LIBOQS: LibraryRef = { ecosystem: 'generic', name: 'liboqs' };
const PQCLEAN: LibraryRef = { ecosystem: 'generic', name: 'pqclean' };

type Kind = 'kem' | 'signature';

/**
 * SUPERCOP/NaCl names: the algorithm (lazily, so that a composite `mldsa44_ed25519` keeps its
 * parts), the operation, and OpenSSH's deterministic `_seeded` (or `_derand`) forms.
 */
const NACL = /^crypto_(kem|sign)_([a-z0-9]+(?:_[a-z0-9]+)*?)(?:_(keypair|keygen|enc|dec|sign|signature|verify|open))?(?:_(?:seeded|derand))?$/;

/** PQClean's namespaced names: `PQCLEAN_<SCHEME>_<IMPLEMENTATION>_crypto_<kem|sign>[_<op>]`. */
const PQCLEAN_NAME = /^PQCLEAN_([A-Z0-9]+)_[A-Z0-9]+_crypto_(kem|sign)(?:_(keypair|enc|dec|signature|verify|open))?(?:_(?:ctx|derand|seeded))?$/;

/** liboqs's per-algorithm functions: `OQS_KEM_ml_kem_768_keypair`, `OQS_SIG_ml_dsa_65_sign`, `OQS_KEM_kyber_768_new`. */
const OQS_NAME = /^OQS_(KEM|SIG)_([a-z0-9_]+?)_(keypair|encaps|decaps|sign|verify|new)(?:_(?:derand|with_ctx_str))?$/;

/** liboqs's generic operations on an `OQS_KEM`/`OQS_SIG` object (first argument). */
const OQS_OPERATIONS = /^OQS_(KEM|SIG)_(keypair|encaps|decaps|sign|verify)(_derand|_with_ctx_str)?$/;

/** liboqs's algorithm identifier macros: `OQS_KEM_alg_ml_kem_768` -> `ml_kem_768`. */
const OQS_ALG = /^OQS_(?:KEM|SIG)_alg_(\w+)$/;

function operation(kind: Kind, op: string | undefined): CryptoFunction[] | undefined {
  switch (op) {
    case 'keypair': case 'keygen': return ['keygen'];
    case 'enc': case 'encaps': return kind === 'kem' ? ['encapsulate'] : undefined;
    case 'dec': case 'decaps': return kind === 'kem' ? ['decapsulate'] : undefined;
    case 'sign': case 'signature': return kind === 'signature' ? ['sign'] : undefined;
    case 'verify': case 'open': return kind === 'signature' ? ['verify'] : undefined;
    case 'new': return [];
    // SUPERCOP's bare `crypto_sign_<alg>` signs (the message travels with the signature); a KEM has no bare call.
    case undefined: return kind === 'signature' ? ['sign'] : undefined;
    default: return undefined;
  }
}

/** The knowledge base's KEM and signature spellings without separators or case (`kyber768`, `sphincssha2128fsimple`). */
let compact: { kb: KnowledgeBase; index: Map<string, string | null> } | undefined;

function compactKey(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function compactIndex(kb: KnowledgeBase): Map<string, string | null> {
  if (compact?.kb === kb) return compact.index;
  const index = new Map<string, string | null>();
  const owner = new Map<string, string>();
  for (const a of kb.algorithms) {
    if (a.primitive !== 'kem' && a.primitive !== 'signature') continue;
    for (const spelling of [a.name, ...a.aliases]) {
      const key = compactKey(spelling);
      if (!key) continue;
      const seen = owner.get(key);
      // Two entries that only separators tell apart are no answer: neither is used.
      if (seen !== undefined && seen !== a.name) index.set(key, null);
      else if (seen === undefined) {
        owner.set(key, a.name);
        index.set(key, spelling);
      }
    }
  }
  compact = { kb, index };
  return index;
}

/** The knowledge-base spelling of an algorithm part of a name, when it is a `kind`. */
function spellingOf(kb: KnowledgeBase, written: string, kind: Kind): string | undefined {
  const direct = kb.findAlgorithm(written);
  if (direct) return direct.entry.primitive === kind ? written : undefined;
  const spelling = compactIndex(kb).get(compactKey(written));
  return spelling && kb.findAlgorithm(spelling)?.entry.primitive === kind ? spelling : undefined;
}

/**
 * The algorithms an algorithm part names: one (a composite the KB knows, such as OpenSSH's
 * `mldsa44_ed25519`, is its own entry), or else each part of a composite the KB does not know
 * as one. Empty when any part is unknown.
 */
function algorithmsOf(kb: KnowledgeBase, written: string, kind: Kind): string[] {
  const whole = spellingOf(kb, written, kind);
  if (whole) return [whole];
  const parts = written.split('_');
  if (parts.length < 2) return [];
  const each = parts.map((p) => spellingOf(kb, p, kind));
  return each.every((s): s is string => s !== undefined) ? each : [];
}

function emit(f: CFile, call: SgNode, library: LibraryRef, spellings: string[], functions: CryptoFunction[]): void {
  for (const spelling of spellings) f.algorithm(call, library, { spelling, ...(functions.length ? { functions } : {}) });
}

/** A name-patterned call: its algorithm(s) and operation, or nothing when the name is not one of ours. */
function patterned(library: LibraryRef, kind: Kind, written: string, op: string | undefined): CallHandler | undefined {
  const functions = operation(kind, op);
  if (!functions) return undefined;
  return (f, call) => emit(f, call, library, algorithmsOf(f.kb, written, kind), functions);
}

/**
 * `OQS_KEM_new(OQS_KEM_alg_ml_kem_768)` / `OQS_SIG_new("ML-DSA-65")`: the algorithm of the object,
 * with the operations the same function runs on it (`OQS_KEM_keypair(kem, …)`, `OQS_SIG_sign(sig, …)`).
 * A constant the knowledge base does not know is kept as liboqs names it (`OQS_SIG_alg_mayo_1` ->
 * `mayo-1`); an algorithm from a parameter, or liboqs's build-time `OQS_*_alg_default`, is
 * `unknown-key-agreement` / `unknown-signature`.
 */
function oqsNew(kind: Kind): CallHandler {
  return (f, call, _callee, args) => {
    // `OQS_KEM_alg_default` is whatever the build configured: no name to keep.
    const constant = OQS_ALG.exec(f.symbol(args[0]) ?? '')?.[1];
    const written = f.str(args[0]) ?? (constant === 'default' ? undefined : constant);
    const known = written === undefined ? [] : algorithmsOf(f.kb, written, kind);
    const spellings = known.length ? known : [written?.replace(/_/g, '-') ?? unresolvedSpelling(kind === 'kem' ? 'key-agreement' : 'signature')];
    const functions = new Set<CryptoFunction>();
    const object = assignedName(call);
    if (object) {
      for (const c of f.callsOn(object, call, OQS_OPERATIONS)) {
        const op = OQS_OPERATIONS.exec(calleeName(c))?.[2];
        for (const fn of operation(kind, op) ?? []) functions.add(fn);
      }
    }
    emit(f, call, LIBOQS, spellings, [...functions]);
  };
}

const OQS_NEW: ReadonlyMap<string, CallHandler> = new Map([['OQS_KEM_new', oqsNew('kem')], ['OQS_SIG_new', oqsNew('signature')]]);

/** The handler of a post-quantum call by its name's pattern, or undefined (libsodium's own names are tabled first). */
export function pqcHandler(callee: string): CallHandler | undefined {
  let m: RegExpExecArray | null;
  if ((m = NACL.exec(callee))) return patterned(SODIUM, m[1] === 'kem' ? 'kem' : 'signature', m[2]!, m[3]);
  if ((m = PQCLEAN_NAME.exec(callee))) return patterned(PQCLEAN, m[2] === 'kem' ? 'kem' : 'signature', m[1]!, m[3]);
  const oqs = OQS_NEW.get(callee);
  if (oqs) return oqs;
  if ((m = OQS_NAME.exec(callee))) return patterned(LIBOQS, m[1] === 'KEM' ? 'kem' : 'signature', m[2]!, m[3]);
  return undefined;
}
