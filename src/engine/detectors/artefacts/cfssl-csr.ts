// cfssl certificate requests in JSON (`cfssl gencert -initca ca-csr.json`, `cfssl genkey csr.json`,
// the `ca-csr.json` of many Kubernetes PKI set-ups): the `"key": {"algo": "rsa", "size": 2048}` member
// is the key pair cfssl generates for the CA or the certificate, the one fact such a file holds about
// public-key crypto (the rest is names, hosts and expiry). cfssl's Go API takes the same request
// (`csr.KeyRequest{A: "rsa", S: 2048}`, read by the Go detector through `cfsslKeyRequest`).
import type { AlgorithmParams, Detection } from '../../inventory/model.js';
import type { Detector } from '../types.js';
import { isJsonObject, memberValueOffsets, parseJsonObject, takeOffset, type JsonObject } from './manifests/json-positions.js';
import { LineIndex, occurrenceAt } from './text.js';

const ID = 'cfssl-csr';
const MAX_DEPTH = 16;

export interface CfsslKey { spelling: 'RSA' | 'ECDSA' | 'Ed25519'; params: AlgorithmParams; unresolved: ('keySize' | 'curve')[] }

/** The RSA sizes cfssl's `KeyRequest.Generate` accepts. */
const RSA_MIN = 2048;
const RSA_MAX = 8192;
/** cfssl's ECDSA sizes: the only curves `KeyRequest.Generate` accepts (any other size fails with "invalid curve"). */
const CURVES: Readonly<Record<number, string>> = { 256: 'P-256', 384: 'P-384', 521: 'P-521' };

/**
 * The key a cfssl key request (`algo`, `size`) generates, as `csr.KeyRequest.Generate` reads it: `rsa`
 * of `size` bits, `ecdsa` on P-256/P-384/P-521 by size, `ed25519`. What cfssl refuses makes no key:
 * undefined for another algorithm, an ECDSA size that names no curve, an RSA size below 2048 ("RSA key
 * is too weak") or above 8192 (cfssl's own tests list `{A: "rsa", S: 1024}` as a request that must
 * fail: reported, it was a false short key). An absent size is left unresolved (the Go API's
 * `NewKeyRequest` default is only there when the caller starts from it).
 */
export function cfsslKeyRequest(algo: string, size: number | undefined): CfsslKey | undefined {
  switch (algo) {
    case 'rsa':
      if (size === undefined) return { spelling: 'RSA', params: {}, unresolved: ['keySize'] };
      return size >= RSA_MIN && size <= RSA_MAX ? { spelling: 'RSA', params: { keySize: size }, unresolved: [] } : undefined;
    case 'ecdsa': {
      if (size === undefined) return { spelling: 'ECDSA', params: {}, unresolved: ['curve'] };
      const curve = CURVES[size];
      return curve ? { spelling: 'ECDSA', params: { curve }, unresolved: [] } : undefined;
    }
    case 'ed25519':
      return { spelling: 'Ed25519', params: {}, unresolved: [] };
    default:
      return undefined;
  }
}

/** Every `"key": {"algo": …}` object in document order. */
function collect(node: unknown, depth: number, out: JsonObject[]): void {
  if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const v of node) collect(v, depth + 1, out);
    return;
  }
  const obj = node as JsonObject;
  const key = obj.key;
  if (isJsonObject(key) && typeof key.algo === 'string') out.push(key);
  for (const v of Object.values(obj)) collect(v, depth + 1, out);
}

export const cfsslCsrDetector: Detector = {
  id: ID,
  keywords: ['"algo"'],
  appliesTo: (path) => /\.json$/i.test(path),
  detect(file): Detection[] {
    const doc = parseJsonObject(file.content.toString('utf8'));
    if (!doc) return [];
    const requests: JsonObject[] = [];
    collect(doc, 0, requests);
    if (requests.length === 0) return [];
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    // The n-th `"algo": "rsa"` in the text is the n-th request asking for rsa (JSON.parse keeps member order).
    const offsets = memberValueOffsets(text, 'algo');
    const out: Detection[] = [];
    for (const request of requests) {
      const algo = request.algo as string;
      const at = takeOffset(offsets, algo) ?? 0;
      const key = cfsslKeyRequest(algo, typeof request.size === 'number' ? request.size : undefined);
      if (!key) continue;
      out.push({
        type: 'algorithm', spelling: key.spelling, params: key.params, functions: ['keygen'],
        ...(key.unresolved.length > 0 && { unresolved: key.unresolved }),
        occurrence: occurrenceAt(index, file.path, at, ID, 'key.algo'),
      });
    }
    return out;
  },
};
