// Digest and HMAC helpers most Java code bases call instead of MessageDigest/Mac directly: Apache
// Commons Codec (`DigestUtils.md5Hex(data)`, `DigestUtils.getSha256Digest()`, `HmacUtils.hmacSha1Hex`,
// `new HmacUtils(HmacAlgorithms.HMAC_SHA_256, key)`) and Guava (`Hashing.sha256()`,
// `Hashing.hmacSha512(key)`). Guava's non-cryptographic hashes (murmur3, crc32, farmHash) are not
// crypto and are not reported. Each helper is recognised only when its class comes from its library.
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/index.js';
import { callArguments } from './adapter.js';
import type { JavaContext } from './context.js';
import { isClassOf } from './imports.js';

const CODEC = 'org.apache.commons.codec.digest';
const GUAVA = 'com.google.common.hash';
const CODEC_LIBRARY: LibraryRef = Object.freeze({ ecosystem: 'maven', name: 'commons-codec:commons-codec' });
const GUAVA_LIBRARY: LibraryRef = Object.freeze({ ecosystem: 'maven', name: 'com.google.guava:guava' });

/** Method-name spellings of hashes in both libraries -> KB name. */
const HASHES: Readonly<Record<string, string>> = {
  md2: 'MD2', md5: 'MD5', sha: 'SHA-1', sha1: 'SHA-1', sha224: 'SHA-224', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512',
  sha512_224: 'SHA-512/224', sha512_256: 'SHA-512/256', sha3_224: 'SHA3-224', sha3_256: 'SHA3-256', sha3_384: 'SHA3-384', sha3_512: 'SHA3-512',
};

/** DigestUtils.md5Hex / sha256 / getSha512Digest ...; HmacUtils.hmacSha1Hex ...; Hashing.sha256 / hmacSha256 ... */
export const DIGEST_HELPER_METHOD = /^(?:get(Md2|Md5|Sha|Sha1|Sha224|Sha256|Sha384|Sha512|Sha512_224|Sha512_256|Sha3_224|Sha3_256|Sha3_384|Sha3_512)Digest|(md2|md5|sha|sha1|sha224|sha256|sha384|sha512|sha512_224|sha512_256|sha3_224|sha3_256|sha3_384|sha3_512)(?:Hex)?|hmac(Md5|Sha1|Sha224|Sha256|Sha384|Sha512)(?:Hex)?)$/;

/** HmacAlgorithms / MessageDigestAlgorithms constants -> KB name. */
function constantHash(text: string): string | undefined {
  const m = /(?:HMAC_)?(MD2|MD5|SHA_1|SHA_224|SHA_256|SHA_384|SHA_512|SHA_512_224|SHA_512_256|SHA3_224|SHA3_256|SHA3_384|SHA3_512)$/.exec(text.replace(/\s+/g, ''));
  if (!m) return undefined;
  return HASHES[m[1]!.toLowerCase().replace(/^sha_(\d)/, 'sha$1')];
}

export function handleDigestHelper(ctx: JavaContext, node: SgNode, method: string): void {
  const owner = node.field('object')?.text().replace(/\s+/g, '');
  if (!owner) return;
  const simple = owner.slice(owner.lastIndexOf('.') + 1);
  const m = DIGEST_HELPER_METHOD.exec(method);
  if (!m) return;
  const symbol = `${simple}.${method}`;
  const hmac = m[3];
  const hashWord = (m[1] ?? m[2] ?? hmac ?? '').toLowerCase();
  const hash = HASHES[hashWord];
  if (!hash) return;
  let library: LibraryRef | undefined;
  if (simple === 'DigestUtils' && !hmac && isClassOf(ctx.imports, owner, CODEC)) library = CODEC_LIBRARY;
  else if (simple === 'HmacUtils' && hmac && isClassOf(ctx.imports, owner, CODEC)) library = CODEC_LIBRARY;
  // Guava names its factories without Hex or get...Digest forms.
  else if (simple === 'Hashing' && !method.endsWith('Hex') && !method.startsWith('get') && isClassOf(ctx.imports, owner, GUAVA)) library = GUAVA_LIBRARY;
  if (!library) return;
  if (hmac) ctx.sink.algorithm(node, symbol, 'HMAC', { hash }, { functions: ['tag'], library });
  else ctx.sink.algorithm(node, symbol, hash, {}, { functions: ['digest'], library });
}

/** `new HmacUtils(HmacAlgorithms.HMAC_SHA_256, key)`, `new DigestUtils(MessageDigestAlgorithms.SHA_256)`. */
export function handleDigestHelperCreation(ctx: JavaContext, node: SgNode, type: string): void {
  const written = (node.field('type')?.text() ?? type).replace(/<.*$/s, '').replace(/\s+/g, '');
  if (!isClassOf(ctx.imports, written, CODEC)) return;
  const first = callArguments(node)[0];
  if (!first) return;
  const hash = constantHash(first.text()) ?? (() => {
    const s = ctx.str(first);
    return s ? (HASHES[s.toLowerCase().replace(/^hmac/, '').replace(/-/g, '')] ?? undefined) : undefined;
  })();
  if (type === 'HmacUtils') ctx.sink.algorithm(node, `new ${type}`, 'HMAC', hash ? { hash } : {}, { unresolved: ['hash'], functions: ['tag'], library: CODEC_LIBRARY });
  else ctx.sink.algorithm(node, `new ${type}`, hash ?? unresolvedSpelling('hash'), {}, { functions: ['digest'], library: CODEC_LIBRARY });
}
