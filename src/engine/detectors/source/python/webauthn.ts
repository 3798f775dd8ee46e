// py_webauthn (the `webauthn` package): the COSE signature algorithms a relying party offers for new
// passkeys (`generate_registration_options(…, supported_pub_key_algs=[…])`) and accepts when it checks
// a registration (`verify_registration_response(…, supported_pub_key_algs=[…])`), written as members
// of its `COSEAlgorithmIdentifier` enum. Only a list the call writes is read: the library's own default
// list is its to change between versions.
import type { SgNode } from '@ast-grep/napi';
import { joseSignatureAlg, type Named } from '../common/jose.js';
import { kindOf } from '../common/languages.js';
import { arg } from './adapter.js';
import type { Call, PyContext } from './context.js';

/** An enum member's name (`ECDSA_SHA_256`, `RSASSA_PKCS1_v1_5_SHA_1`) as the algorithm it identifies. */
function coseMember(name: string): Named | undefined {
  let m = /^ECDSA_SHA_(256|384|512)$/.exec(name);
  if (m) return joseSignatureAlg(`ES${m[1]}`);
  m = /^RSASSA_PSS_SHA_(256|384|512)$/.exec(name);
  if (m) return joseSignatureAlg(`PS${m[1]}`);
  m = /^RSASSA_PKCS1_v1_5_SHA_(1|256|384|512)$/.exec(name);
  if (m) return m[1] === '1' ? { spelling: 'RSA', params: { padding: 'PKCS1v15', hash: 'SHA-1' } } : joseSignatureAlg(`RS${m[1]}`);
  if (name === 'EDDSA') return joseSignatureAlg('EdDSA');
  m = /^ML_DSA_(44|65|87)$/.exec(name);
  if (m) return { spelling: `ML-DSA-${m[1]}`, params: {} };
  return undefined;
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
