// Apache Shiro's crypto API (org.apache.shiro.crypto, .authc.credential, the RememberMe manager):
// applications encrypt with a cipher service made with no arguments (`new AesCipherService()`) and
// hash passwords with `new Sha256Hash(password, salt, iterations)`, so the algorithm and its
// parameters are the defaults Shiro's classes fix, as its sources and Javadoc state them:
// - JcaCipherService: a 128-bit key (`DEFAULT_KEY_SIZE`), whatever the subclass;
// - DefaultBlockCipherService(alg) and BlowfishCipherService: CBC with PKCS5 padding;
// - AesCipherService: GCM without padding since Shiro 1.4.2 (CVE-2019-12422, the padding oracle on
//   the RememberMe cookie); before, CBC/PKCS5. Shiro 2 moved the class to `org.apache.shiro.crypto.cipher`,
//   so that import is GCM, while the 1.x package (`org.apache.shiro.crypto`) leaves the mode unknown.
// Setters on the service (`setKeySize(256)`, `setMode(OperationMode.CTR)`, `setPaddingScheme(…)`)
// replace the defaults when the file calls them on the variable or field holding it.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/index.js';
import { isConstantBytes } from '../common/value.js';
import { callArguments } from './adapter.js';
import type { JavaContext } from './context.js';
import { isClassOf } from './imports.js';

const SHIRO_LIBRARY: LibraryRef = Object.freeze({ ecosystem: 'maven', name: 'org.apache.shiro:shiro-crypto-cipher' });
const SHIRO_HASH_LIBRARY: LibraryRef = Object.freeze({ ecosystem: 'maven', name: 'org.apache.shiro:shiro-crypto-hash' });
const SHIRO_CORE_LIBRARY: LibraryRef = Object.freeze({ ecosystem: 'maven', name: 'org.apache.shiro:shiro-core' });

/** Shiro 2's cipher package; Shiro 1 kept the same classes in `org.apache.shiro.crypto`. */
const CIPHER_V2 = 'org.apache.shiro.crypto.cipher';
const CIPHER_V1 = 'org.apache.shiro.crypto';
const HASH = 'org.apache.shiro.crypto.hash';
const CREDENTIAL = 'org.apache.shiro.authc.credential';

/** The prefilter's keywords: every construct below needs one of them in the file. */
export const SHIRO_KEYWORDS = ['org.apache.shiro.crypto', 'org.apache.shiro.authc.credential', 'setCipherKey'] as const;

/** JcaCipherService.DEFAULT_KEY_SIZE. */
const DEFAULT_KEY_BITS = 128;

const CIPHER_SERVICES = new Set(['AesCipherService', 'BlowfishCipherService', 'DefaultBlockCipherService']);

/** The digest each hash class computes (Md2Hash, Md5Hash, Sha1Hash in Shiro 1 only). */
const HASH_CLASSES: Readonly<Record<string, string>> = {
  Md2Hash: 'MD2', Md5Hash: 'MD5', Sha1Hash: 'SHA-1', Sha256Hash: 'SHA-256', Sha384Hash: 'SHA-384', Sha512Hash: 'SHA-512',
};

/** The deprecated fixed-hash credentials matchers: each sets its hash algorithm name in its constructor. */
const MATCHERS: Readonly<Record<string, string>> = {
  Md2CredentialsMatcher: 'MD2', Md5CredentialsMatcher: 'MD5', Sha1CredentialsMatcher: 'SHA-1',
  Sha256CredentialsMatcher: 'SHA-256', Sha384CredentialsMatcher: 'SHA-384', Sha512CredentialsMatcher: 'SHA-512',
};

/** Classes this module reads when created with `new`. */
export const SHIRO_CREATED_TYPES: ReadonlySet<string> = new Set([
  ...CIPHER_SERVICES, ...Object.keys(HASH_CLASSES), ...Object.keys(MATCHERS), 'SimpleHash', 'HashedCredentialsMatcher',
]);

/** Methods this module reads, in files that name Shiro. */
export const SHIRO_METHODS: ReadonlySet<string> = new Set(['setHashAlgorithmName', 'setCipherKey']);

/** Whether the file names Shiro at all (SHIRO_METHODS are read only there). */
export function usesShiro(text: string): boolean {
  return text.includes('org.apache.shiro');
}

function writtenType(node: SgNode, type: string): string {
  return (node.field('type')?.text() ?? type).replace(/<.*$/s, '').replace(/\s+/g, '');
}

/** `new AesCipherService()`, `new Sha256Hash(pw, salt, 1024)`, `new HashedCredentialsMatcher("SHA-256")`, … */
export function handleShiroCreation(ctx: JavaContext, node: SgNode, type: string): void {
  const written = writtenType(node, type);
  const symbol = `new ${type}`;
  if (CIPHER_SERVICES.has(type)) {
    const v2 = isClassOf(ctx.imports, written, CIPHER_V2);
    if (!v2 && !isClassOf(ctx.imports, written, CIPHER_V1)) return;
    cipherService(ctx, node, type, symbol, v2);
    return;
  }
  const hash = HASH_CLASSES[type];
  if (hash !== undefined) {
    if (isClassOf(ctx.imports, written, HASH)) ctx.sink.algorithm(node, symbol, hash, {}, { functions: ['digest'], library: SHIRO_HASH_LIBRARY });
    return;
  }
  if (type === 'SimpleHash') {
    if (!isClassOf(ctx.imports, written, HASH)) return;
    ctx.sink.algorithm(node, symbol, ctx.str(callArguments(node)[0]) ?? unresolvedSpelling('hash'), {}, { functions: ['digest'], library: SHIRO_HASH_LIBRARY });
    return;
  }
  const matcher = MATCHERS[type];
  if (matcher !== undefined) {
    if (isClassOf(ctx.imports, written, CREDENTIAL)) ctx.sink.algorithm(node, symbol, matcher, {}, { functions: ['digest'], library: SHIRO_CORE_LIBRARY });
    return;
  }
  if (type === 'HashedCredentialsMatcher') {
    // The no-argument form names its hash with setHashAlgorithmName (read there).
    const alg = callArguments(node)[0];
    if (alg && isClassOf(ctx.imports, written, CREDENTIAL)) {
      ctx.sink.algorithm(node, symbol, ctx.str(alg) ?? unresolvedSpelling('hash'), {}, { functions: ['digest'], library: SHIRO_CORE_LIBRARY });
    }
  }
}

function cipherService(ctx: JavaContext, node: SgNode, type: string, symbol: string, v2: boolean): void {
  const args = callArguments(node);
  let spelling: string;
  const params: AlgorithmParams = { keySize: DEFAULT_KEY_BITS };
  if (type === 'AesCipherService') {
    spelling = 'AES';
    if (v2) Object.assign(params, { mode: 'GCM', padding: 'NoPadding' });
  } else {
    spelling = type === 'BlowfishCipherService' ? 'Blowfish' : (ctx.str(args[0]) ?? unresolvedSpelling('cipher'));
    Object.assign(params, { mode: 'CBC', padding: 'PKCS5' });
  }
  for (const call of ctx.linked(node, ['setKeySize', 'setMode', 'setPaddingScheme'])) {
    const a0 = callArguments(call)[0];
    const method = call.field('name')?.text();
    if (method === 'setKeySize') {
      const bits = ctx.int(a0);
      if (bits !== undefined) params.keySize = bits;
      else delete params.keySize;
    } else if (method === 'setMode') {
      // OperationMode.CTR; NONE leaves the provider's default.
      const mode = constantName(a0);
      if (mode && mode !== 'NONE') params.mode = mode;
      else delete params.mode;
    } else {
      const padding = PADDINGS[constantName(a0) ?? ''];
      if (padding) params.padding = padding;
      else delete params.padding;
    }
  }
  const unresolved = params.mode === undefined ? (['mode'] as const) : [];
  ctx.sink.algorithm(node, symbol, spelling, params, { unresolved: [...unresolved], functions: ['encrypt', 'decrypt'], library: SHIRO_LIBRARY });
}

/** `OperationMode.CTR` -> `CTR`: an enum constant as written (Shiro's enums live in its own files). */
function constantName(node: SgNode | undefined): string | undefined {
  const t = node?.text().replace(/\s+/g, '');
  return t && /^[\w.]+$/.test(t) ? t.slice(t.lastIndexOf('.') + 1) : undefined;
}

/** Shiro's PaddingScheme constants, as the registry spells paddings. */
const PADDINGS: Readonly<Record<string, string>> = {
  NONE: 'NoPadding', PKCS5: 'PKCS5', ISO10126: 'ISO10126', OAEP: 'OAEP', PKCS1: 'PKCS1v15', SSL3: 'SSL3',
};

/** `matcher.setHashAlgorithmName("SHA-256")`, `rememberMe.setCipherKey(Base64.decode("…"))`. */
export function handleShiroCall(ctx: JavaContext, node: SgNode, method: string): void {
  const a0 = callArguments(node)[0];
  if (!a0) return;
  if (method === 'setHashAlgorithmName') {
    const alg = ctx.str(a0);
    if (alg) ctx.sink.algorithm(node, method, alg, {}, { functions: ['digest'], library: SHIRO_CORE_LIBRARY });
    return;
  }
  // The RememberMe manager's AES key (AesCipherService by default). Shiro up to 1.2.4 shipped one fixed
  // key, and applications still paste a Base64 key into their configuration code: anyone who knows it
  // forges the cookie, which Shiro deserialises (SHIRO-550).
  // A key from elsewhere (configuration, generateNewKey()) adds nothing to the service's own asset.
  const v = ctx.value(a0);
  if (!isConstantBytes(v)) return;
  const bits = v.kind === 'bytes' && v.length !== undefined ? v.length * 8 : undefined;
  const related = { spelling: 'AES', params: bits ? { keySize: bits } : {} };
  ctx.sink.detections.push({
    type: 'material',
    occurrence: ctx.sink.occurrences.at(node, method),
    material: { materialType: 'secret-key', format: 'raw', algorithm: related, ...(bits ? { size: bits } : {}) },
    library: SHIRO_CORE_LIBRARY,
  });
  ctx.sink.signal(node, method, 'hardcoded-key', 'The RememberMe cookie key is fixed in source', { related, library: SHIRO_CORE_LIBRARY });
}
