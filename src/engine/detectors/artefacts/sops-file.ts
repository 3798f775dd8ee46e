// Files encrypted with sops (getsops/sops; Flux and many GitOps repositories keep their secrets so):
// YAML, JSON, dotenv and INI files whose values are `ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]` and
// whose `sops` metadata lists the keys the file's data key is wrapped for. What they tell an inventory:
// the values are encrypted with AES-256-GCM, and each age recipient (`age1…`, an X25519 key; `age1pq1…`,
// ML-KEM-768 + X25519) or Azure Key Vault key (RSA-OAEP-256, the only algorithm sops wraps with there)
// holds a copy of that data key. PGP recipients are the PEM reader's (the `PGP MESSAGE` in the
// metadata). KMS keys of AWS, GCP, HashiCorp Vault and Huawei Cloud are symmetric keys in the cloud
// whose algorithm the file does not name: nothing.
import type { AlgorithmParamName, Detection } from '../../inventory/model.js';
import type { Detector } from '../types.js';
import { joseEncryptionAlg } from '../source/common/jose.js';
import { LineIndex, baseName, occurrenceAt } from './text.js';

const ID = 'sops-file';
const ENCRYPTED_VALUE = 'ENC[AES256_GCM,';
/** The metadata block as each store writes it: YAML/JSON `sops:`, dotenv `sops_version=`, INI `[sops]`. */
const METADATA = /^\s*"?sops"?\s*:|^sops_[a-z_]+=|^\[sops\]/m;
/** age's bech32 recipients: X25519 (`age1` and 58 characters) and the ML-KEM-768 + X25519 hybrid (`age1pq1…`). */
const AGE_RECIPIENT = /\bage1(pq1)?[02-9ac-hj-np-z]{58,}\b/g;
/** An Azure Key Vault key entry, in every store's spelling (`vault_url:`, `"vault_url"`, `…__map_vault_url=`). */
const AZURE_KEY = /vault_url"?\s*[:=]/g;

export const sopsFileDetector: Detector = {
  id: ID,
  keywords: [ENCRYPTED_VALUE],
  appliesTo: (path) => /\.(ya?ml|json|env|ini)$/i.test(path) || baseName(path).startsWith('.env'),
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const first = text.indexOf(ENCRYPTED_VALUE);
    if (first === -1 || !METADATA.test(text)) return [];
    const index = new LineIndex(text);
    const at = (offset: number, symbol: string) => occurrenceAt(index, file.path, offset, ID, symbol, symbol);
    const out: Detection[] = [
      { type: 'algorithm', spelling: 'AES', params: { keySize: 256, mode: 'GCM' }, functions: ['encrypt', 'decrypt'], occurrence: at(first, 'ENC[AES256_GCM]') },
    ];
    for (const m of text.matchAll(AGE_RECIPIENT)) {
      // A hybrid recipient is one ML-KEM-768 encapsulation key and X25519 (X-Wing), over a thousand characters.
      const hybrid = m[1] !== undefined && m[0].length > 1000;
      if (!hybrid && m[0].length !== 62) continue;
      out.push({
        type: 'algorithm', spelling: hybrid ? 'X-Wing' : 'X25519', params: {}, functions: [hybrid ? 'encapsulate' : 'keyderive'],
        occurrence: at(m.index, hybrid ? 'age1pq1…' : 'age recipient'),
      });
    }
    const wrap = joseEncryptionAlg('RSA-OAEP-256')!;
    const unresolved: AlgorithmParamName[] = ['keySize'];
    for (const m of text.matchAll(AZURE_KEY)) {
      out.push({ type: 'algorithm', spelling: wrap.spelling, params: wrap.params, unresolved, functions: ['encrypt', 'decrypt'], occurrence: at(m.index, 'azure_kv vault_url') });
    }
    return out;
  },
};
