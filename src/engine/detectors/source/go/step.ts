// smallstep's go.step.sm/crypto, the toolkit behind step-ca and Caddy's internal CA: keyutil makes the
// keys (`GenerateDefaultSigner()` is ECDSA P-256; `GenerateSigner("RSA", "", 3072)` names the type,
// curve and size as arguments) and x509util signs certificates and CSRs with them through
// crypto/x509, so Go's default signature for the key applies (x509.ts).
import type { SgNode } from '@ast-grep/napi';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { joseEncryptionAlg, joseSecondary } from '../common/jose.js';
import { escapeRegex } from '../common/regex.js';
import type { GoFile } from './file.js';

export const STEP_MODULE = 'go.step.sm/crypto';
const KEYUTIL = `${STEP_MODULE}/keyutil`;

/** keyutil.DefaultKeyType, DefaultKeyCurve and DefaultKeySize. */
const DEFAULTS = { kty: 'EC', crv: 'P-256', size: 2048 } as const;

/** keyutil generators: which take (kty, crv, size), and whether they may make a symmetric ("oct") key. */
const GENERATORS: Readonly<Record<string, { args: boolean; symmetric: boolean }>> = {
  GenerateDefaultKey: { args: false, symmetric: false },
  GenerateDefaultKeyPair: { args: false, symmetric: false },
  GenerateDefaultSigner: { args: false, symmetric: false },
  GenerateKey: { args: true, symmetric: true },
  GenerateKeyPair: { args: true, symmetric: false },
  GenerateSigner: { args: true, symmetric: false },
};
export const STEP_KEY_CALLS = Object.keys(GENERATORS).map((fn) => `${KEYUTIL}.${fn}`);

/** The key a keyutil call makes, as far as its arguments say: `{ kty: 'RSA', size: 3072 }`. */
export interface StepKey {
  kty?: string;
  crv?: string;
  size?: number;
}

export function stepKey(f: GoFile, callee: string, args: SgNode[]): StepKey {
  if (!GENERATORS[callee.slice(KEYUTIL.length + 1)]?.args) return { ...DEFAULTS };
  const kty = f.eval(args[0]);
  const crv = f.eval(args[1]);
  return {
    ...(kty.kind === 'str' ? { kty: kty.value } : {}),
    ...(crv.kind === 'str' ? { crv: crv.value } : {}),
    ...(f.int(args[2]) !== undefined ? { size: f.int(args[2]) } : {}),
  };
}

const EC_CURVES = new Set(['P-256', 'P-384', 'P-521']);

export function stepKeyGeneration(f: GoFile, call: SgNode, callee: string, args: SgNode[]): void {
  emitStepKey(f, call, callee, stepKey(f, callee, args), !!GENERATORS[callee.slice(KEYUTIL.length + 1)]?.symmetric);
}

function emitStepKey(f: GoFile, call: SgNode, callee: string, key: StepKey, symmetric: boolean): void {
  switch (key.kty) {
    case 'EC': {
      const curve = key.crv && EC_CURVES.has(key.crv) ? key.crv : undefined;
      f.algorithm(call, callee, { spelling: 'ECDSA', params: { curve }, unresolved: ['curve'], functions: ['keygen'] });
      return;
    }
    case 'RSA':
      f.algorithm(call, callee, { spelling: 'RSA', params: { keySize: key.size }, unresolved: ['keySize'], functions: ['keygen'] });
      return;
    case 'OKP':
      if (key.crv === 'Ed25519' || key.crv === 'X25519') f.algorithm(call, callee, { spelling: key.crv, functions: ['keygen'] });
      else f.algorithm(call, callee, { spelling: unresolvedSpelling('key-pair-generator'), functions: ['keygen'] });
      return;
    case 'oct':
      // A random secret for whatever algorithm uses it later: no algorithm to name here.
      return;
    default:
      f.algorithm(call, callee, { spelling: unresolvedSpelling(symmetric ? 'key-generator' : 'key-pair-generator'), functions: ['keygen'] });
  }
}

const STEP_JOSE = `${STEP_MODULE}/jose`;

/**
 * go.step.sm/crypto/jose's generators, the keys of step-ca's JWK provisioners and of every JWS its
 * tests sign: `GenerateJWK(kty, crv, alg, use, kid, size)` fills in jose's defaults before calling
 * keyutil (an EC key without a curve is P-256, an OKP one Ed25519, an RSA one of size 0 is 2048 bits);
 * `GenerateDefaultKeyPair(password)` makes the one-time-token key, EC P-256, and returns its private
 * half encrypted by `EncryptJWK` with PBES2-HS256+A128KW (600,000 PBKDF2 iterations) and A256GCM.
 */
export const STEP_JOSE_CALLS = [`${STEP_JOSE}.GenerateJWK`, `${STEP_JOSE}.GenerateDefaultKeyPair`, `${STEP_JOSE}.EncryptJWK`];

/** jose.PBKDF2Iterations: the count EncryptJWK passes as the PBES2 `p2c`. */
const STEP_PBES2_ITERATIONS = 600_000;

export function stepJoseCall(f: GoFile, call: SgNode, callee: string, args: SgNode[]): void {
  const fn = callee.slice(STEP_JOSE.length + 1);
  if (fn === 'GenerateJWK') {
    const kty = f.eval(args[0]);
    const crv = f.eval(args[1]);
    const size = f.int(args[5]);
    const key: StepKey = {
      ...(kty.kind === 'str' ? { kty: kty.value } : {}),
      ...(crv.kind === 'str' && crv.value !== '' ? { crv: crv.value } : {}),
      ...(size !== undefined && size !== 0 ? { size } : {}),
    };
    if (key.kty === 'EC' && !key.crv && crv.kind === 'str') key.crv = 'P-256';
    if (key.kty === 'OKP' && !key.crv && crv.kind === 'str') key.crv = 'Ed25519';
    if (key.kty === 'RSA' && size === 0) key.size = 2048;
    emitStepKey(f, call, callee, key, true);
    return;
  }
  if (fn === 'GenerateDefaultKeyPair') emitStepKey(f, call, callee, { kty: 'EC', crv: 'P-256' }, false);
  // The private key leaves as a password-encrypted JWE (EncryptJWK's fixed choice).
  const wrap = 'PBES2-HS256+A128KW';
  const kdf = joseEncryptionAlg(wrap)!;
  f.algorithm(call, callee, { spelling: kdf.spelling, params: { ...kdf.params, iterations: STEP_PBES2_ITERATIONS }, functions: ['keyderive'] });
  const kw = joseSecondary(wrap)!;
  f.algorithm(call, callee, { spelling: kw.spelling, params: kw.params, functions: ['encrypt'] });
  const enc = joseEncryptionAlg('A256GCM')!;
  f.algorithm(call, callee, { spelling: enc.spelling, params: enc.params, functions: ['encrypt'] });
}

export const STEP_KMS_API = `${STEP_MODULE}/kms/apiv1`;

/**
 * The key a KMS makes for `apiv1.CreateKeyRequest{SignatureAlgorithm: apiv1.X, Bits: n}` (step-ca's
 * softcas creates its CA keys so): the signature algorithm fixes the key type and curve (softkms's
 * mapping, which the cloud KMSs follow); an RSA size is `Bits`, else the KMS's default (softkms 3072,
 * others their own): unknown. `UnspecifiedSignAlgorithm` and an absent one are EC P-256.
 */
const KMS_KEYS: Readonly<Record<string, StepKey>> = {
  UnspecifiedSignAlgorithm: { kty: 'EC', crv: 'P-256' },
  SHA256WithRSA: { kty: 'RSA' }, SHA384WithRSA: { kty: 'RSA' }, SHA512WithRSA: { kty: 'RSA' },
  SHA256WithRSAPSS: { kty: 'RSA' }, SHA384WithRSAPSS: { kty: 'RSA' }, SHA512WithRSAPSS: { kty: 'RSA' },
  ECDSAWithSHA256: { kty: 'EC', crv: 'P-256' }, ECDSAWithSHA384: { kty: 'EC', crv: 'P-384' }, ECDSAWithSHA512: { kty: 'EC', crv: 'P-521' },
  PureEd25519: { kty: 'OKP', crv: 'Ed25519' },
};

/** Every `apiv1.CreateKeyRequest{…}` literal of the file, `locals` being the names kms/apiv1 is imported as. */
export function detectKmsKeyRequests(f: GoFile, root: SgNode, locals: string[]): void {
  const type = `^(${locals.map(escapeRegex).join('|')})\\.CreateKeyRequest$`;
  const callee = `${STEP_KMS_API}.CreateKeyRequest`;
  for (const literal of root.findAll({ rule: { kind: 'composite_literal', has: { field: 'type', regex: type } } })) {
    const fields = new Map<string, SgNode>();
    for (const e of literal.field('body')?.namedChildren() ?? []) {
      if (e.kind() !== 'keyed_element') continue;
      const [k, v] = e.namedChildren();
      const value = v?.kind() === 'literal_element' ? v.namedChildren()[0] : v;
      if (k && value) fields.set((k.namedChildren()[0] ?? k).text(), value);
    }
    const alg = fields.get('SignatureAlgorithm');
    let key: StepKey | undefined = KMS_KEYS.UnspecifiedSignAlgorithm;
    if (alg) {
      const v = f.eval(alg);
      key = v.kind === 'member' && v.path.startsWith(`${STEP_KMS_API}.`) ? KMS_KEYS[v.path.slice(STEP_KMS_API.length + 1)] : undefined;
    }
    const bits = f.int(fields.get('Bits'));
    emitStepKey(f, literal, callee, { ...(key ?? {}), ...(key?.kty === 'RSA' && bits ? { size: bits } : {}) }, false);
  }
}

const MINICA = `${STEP_MODULE}/minica`;
export const STEP_MINICA_NEW = `${MINICA}.New`;

/**
 * `minica.New(opts...)`, the throw-away CA of smallstep's and step-ca's tests: its root and intermediate
 * keys come from keyutil.GenerateDefaultSigner (ECDSA P-256) unless `minica.WithGetSignerFunc(f)` hands
 * it another generator, whose key is reported where that function makes it.
 */
export function stepMinica(f: GoFile, call: SgNode, callee: string, args: SgNode[]): void {
  const custom = args.some((a) => a.kind() === 'call_expression' && f.adapter.callee(a) === `${MINICA}.WithGetSignerFunc`);
  if (!custom) emitStepKey(f, call, callee, { kty: 'EC', crv: 'P-256' }, false);
}
