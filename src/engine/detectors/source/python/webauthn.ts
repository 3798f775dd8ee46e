// py_webauthn (the `webauthn` package): the COSE signature algorithms a relying party offers for new
// passkeys (`generate_registration_options(…, supported_pub_key_algs=[…])`) and accepts when it checks
// a registration (`verify_registration_response(…, supported_pub_key_algs=[…])`), written as members
// of its `COSEAlgorithmIdentifier` enum. Only a list the call writes is read: the library's own default
// list is its to change between versions.
import type { SgNode } from '@ast-grep/napi';
import { coseSignatureAlg, type Named } from '../common/jose.js';
import { kindOf } from '../common/languages.js';
import { arg } from './adapter.js';
import type { Call, PyContext } from './context.js';

/** An enum member's name (`ECDSA_SHA_256`, `RSASSA_PKCS1_v1_5_SHA_1`, `EDDSA`) as the JOSE-style name of its algorithm. */
function coseMember(name: string): Named | undefined {
  const m = /^(ECDSA|RSASSA_PSS|RSASSA_PKCS1_v1_5)_SHA_(1|256|384|512)$/.exec(name);
  const prefix = m ? ({ ECDSA: 'ES', RSASSA_PSS: 'PS', RSASSA_PKCS1_v1_5: 'RS' } as Record<string, string>)[m[1]!] : undefined;
  if (prefix) return coseSignatureAlg(`${prefix}${m![2]}`);
  if (name === 'EDDSA') return coseSignatureAlg('EdDSA');
  const ml = /^ML_DSA_(44|65|87)$/.exec(name);
  return ml ? coseSignatureAlg(`ML-DSA-${ml[1]}`) : undefined;
}

const CALLS: Readonly<Record<string, 'keygen' | 'verify'>> = {
  'webauthn.generate_registration_options': 'keygen',
  'webauthn.registration.generate_registration_options.generate_registration_options': 'keygen',
  'webauthn.verify_registration_response': 'verify',
  'webauthn.registration.verify_registration_response.verify_registration_response': 'verify',
};

export function handleWebauthn(ctx: PyContext, c: Call): boolean {
  const fn = CALLS[c.name ?? ''];
  if (!fn) return false;
  const list = ctx.ev.origin(arg(c.args, -1, 'supported_pub_key_algs'));
  if (!list || (kindOf(list) !== 'list' && kindOf(list) !== 'tuple')) return true;
  const library = ctx.library(c);
  for (const item of list.namedChildren()) {
    const member = memberName(item);
    const named = member ? coseMember(member) : undefined;
    if (named) ctx.sink.algorithm(item, `COSEAlgorithmIdentifier.${member}`, named.spelling, { ...named.params }, { functions: [fn], ...(library ? { library } : {}) });
  }
  return true;
}

/** `COSEAlgorithmIdentifier.ECDSA_SHA_256` -> `ECDSA_SHA_256` (the enum's own attribute only). */
function memberName(node: SgNode): string | undefined {
  if (kindOf(node) !== 'attribute' || !/COSEAlgorithmIdentifier$/.test(node.field('object')?.text() ?? '')) return undefined;
  return node.field('attribute')?.text();
}
