// software.sslmate.com/src/go-pkcs12: PKCS#12 (.p12/.pfx) files written by the application. The
// algorithms are fixed by the encoder, not passed in: the package-level `Encode`,
// `EncodeTrustStore` and `EncodeTrustStoreEntries` (deprecated, still common) use LegacyRC2, i.e.
// certificates under 40-bit RC2 and the key under 3DES (both with the SHA-1 PKCS#12 KDF) and an
// HMAC-SHA-1 MAC; the named encoders (`pkcs12.Modern.Encode`, `pkcs12.LegacyDES.Encode`) are read
// where they are referenced. Decode* read whatever the file holds and name no algorithm.
import type { SgNode } from '@ast-grep/napi';
import type { CryptoFunction } from '../../../inventory/model.js';
import type { GoFile } from './file.js';

export const GO_PKCS12 = 'software.sslmate.com/src/go-pkcs12';

type Emit = [spelling: string, functions: CryptoFunction[]];

/** Iterations of the encoders' PBKDF2 (and of the legacy PKCS#12 KDF) unless `WithIterations(n)` sets them. */
const DEFAULT_ITERATIONS = 2048;

// KB aliases of the RFC 7292 PBE schemes (additions.json: RC2-40, 3DES-168) and the MACs.
const RC2_40: Emit = ['pbeWithSHAAnd40BitRC2-CBC', ['encrypt', 'decrypt']];
const DES3: Emit = ['pbeWithSHAAnd3-KeyTripleDES-CBC', ['encrypt', 'decrypt']];
const HMAC_SHA1: Emit = ['HMAC-SHA-1', ['tag']];
const HMAC_SHA256: Emit = ['HMAC-SHA-256', ['tag']];
// PBES2: PBKDF2-HMAC-SHA-256 (2048 iterations unless WithIterations changes them) and AES-256-CBC.
const PBKDF2_SHA256: Emit = ['PBKDF2-SHA-256', ['keyderive']];
const AES256_CBC: Emit = ['AES-256-CBC', ['encrypt', 'decrypt']];

/** Encoder variables -> what they encrypt and authenticate with (Passwordless: nothing). */
const ENCODERS: Readonly<Record<string, Emit[]>> = {
  LegacyRC2: [RC2_40, DES3, HMAC_SHA1],
  LegacyDES: [DES3, HMAC_SHA1],
  Legacy: [DES3, HMAC_SHA1],
  Modern2023: [PBKDF2_SHA256, AES256_CBC, HMAC_SHA256],
  Modern: [PBKDF2_SHA256, AES256_CBC, HMAC_SHA256],
  // PBMAC1 is HMAC-SHA-256 keyed through PBKDF2-HMAC-SHA-256.
  Modern2026: [PBKDF2_SHA256, AES256_CBC, HMAC_SHA256],
};

/** Package functions (LegacyRC2 behind them): password argument; trust stores hold no key, so no 3DES. */
const PACKAGE_FUNCTIONS: Readonly<Record<string, { password: number; emits: Emit[] }>> = {
  Encode: { password: 4, emits: [RC2_40, DES3, HMAC_SHA1] },
  EncodeTrustStore: { password: 2, emits: [RC2_40, HMAC_SHA1] },
  EncodeTrustStoreEntries: { password: 2, emits: [RC2_40, HMAC_SHA1] },
};

/** Encoder methods: password argument. */
const ENCODER_METHODS: Readonly<Record<string, number>> = { Encode: 3, EncodeTrustStore: 1, EncodeTrustStoreEntries: 1 };

function emitAll(f: GoFile, node: SgNode, callee: string, emits: Emit[], iterations?: number): void {
  for (const [spelling, functions] of emits) {
    const kdf = spelling.startsWith('PBKDF2');
    f.algorithm(node, callee, {
      spelling,
      params: kdf ? { hash: 'SHA-256', iterations } : {},
      unresolved: kdf ? ['iterations'] : [],
      functions,
    });
  }
}

function password(f: GoFile, node: SgNode, callee: string, arg: SgNode | undefined): void {
  if (f.literalSecret(arg)) f.signal(node, callee, 'hardcoded-password', 'PKCS#12 password is written in the source');
}

/** `pkcs12.Encode(rand, key, cert, cas, "changeit")` and the other package-level encoders. */
export function pkcs12Call(f: GoFile, call: SgNode, callee: string, args: SgNode[]): void {
  const fn = PACKAGE_FUNCTIONS[callee.slice(GO_PKCS12.length + 1)];
  if (!fn) return;
  emitAll(f, call, callee, fn.emits);
  password(f, call, callee, args[fn.password]);
}

/** `pkcs12.Modern`, `pkcs12.LegacyDES.WithRand(r).Encode(…)`: the encoder named, and a literal password handed to its Encode. */
export function detectPkcs12Encoders(f: GoFile, root: SgNode, locals: string[]): void {
  const names = Object.keys(ENCODERS).join('|');
  for (const local of locals) {
    for (const ref of root.findAll({ rule: { kind: 'selector_expression', regex: `^${local}\\.(${names})$` } })) {
      const name = ref.field('field')?.text() ?? '';
      if (ref.field('operand')?.text() !== local || !ENCODERS[name]) continue;
      const callee = `${GO_PKCS12}.${name}`;
      // Up the chain `pkcs12.Modern.WithIterations(n).Encode(…)`, if written in one expression: the
      // iteration count, and a literal password handed to Encode.
      let iterations: number | undefined = DEFAULT_ITERATIONS;
      let passwordArg: { call: SgNode; arg: SgNode | undefined } | undefined;
      let cur: SgNode = ref;
      for (let i = 0; i < 6; i++) {
        const sel = cur.parent();
        const call = sel?.kind() === 'selector_expression' ? sel.parent() : undefined;
        if (!sel || call?.kind() !== 'call_expression') break;
        const method = sel.field('field')?.text() ?? '';
        const args = call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
        if (method === 'WithIterations') iterations = f.int(args[0]);
        const pos = ENCODER_METHODS[method];
        if (pos !== undefined) {
          passwordArg = { call, arg: args[pos] };
          break;
        }
        cur = call;
      }
      emitAll(f, ref, callee, ENCODERS[name]!, iterations);
      if (passwordArg) password(f, passwordArg.call, callee, passwordArg.arg);
    }
  }
}
