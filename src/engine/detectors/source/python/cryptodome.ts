// pycryptodome / pycryptodomex (`Crypto.` / `Cryptodome.`).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams } from '../../../inventory/model.js';
import { isConstantBytes } from '../common/value.js';
import { arg } from './adapter.js';
import { hashFromName, type Call, type PyContext } from './context.js';

const CIPHERS: Record<string, string> = {
  AES: 'AES', DES: 'DES', DES3: 'DESede', ARC4: 'RC4', ARC2: 'RC2', Blowfish: 'Blowfish', CAST: 'CAST5',
  ChaCha20: 'ChaCha20', ChaCha20_Poly1305: 'ChaCha20-Poly1305', Salsa20: 'Salsa20',
};
const STREAM = new Set(['ARC4', 'ChaCha20', 'ChaCha20_Poly1305', 'Salsa20']);

/** `AES.MODE_GCM` (or its integer value) -> 'GCM'. */
const MODE_NUMBERS: Record<number, string> = { 1: 'ECB', 2: 'CBC', 3: 'CFB', 5: 'OFB', 6: 'CTR', 7: 'OPENPGP', 8: 'CCM', 9: 'EAX', 10: 'SIV', 11: 'GCM', 12: 'OCB' };

function modeOf(ctx: PyContext, node: SgNode | undefined): string | undefined {
  const v = ctx.value(node);
  if (v.kind === 'member') {
    const m = v.path.split('.').at(-1)?.match(/^MODE_(\w+)$/);
    return m?.[1];
  }
  if (v.kind === 'int') return MODE_NUMBERS[v.value];
  return undefined;
}

/** Facts about a pycryptodome key object: `RSA.generate(3072)`, `ECC.generate(curve='P-256')`, `.publickey()`. */
function keyFacts(ctx: PyContext, node: SgNode | undefined, depth = 0): { spelling?: string; params: AlgorithmParams } {
  const call = ctx.originCall(node);
  if (!call || depth > 4) return { params: {} };
  const c = ctx.call(call);
  if ((c.method === 'publickey' || c.method === 'public_key') && c.receiver) return keyFacts(ctx, c.receiver, depth + 1);
  const helper = ctx.helperName(c);
  if (helper) {
    for (const ret of ctx.returnsOf(helper)) {
      const facts = keyFacts(ctx, ret, depth + 1);
      if (facts.spelling) return facts;
    }
    return { params: {} };
  }
  if (c.name === 'Crypto.PublicKey.RSA.generate') {
    const bits = ctx.int(arg(c.args, 0, 'bits'));
    return { spelling: 'RSA', params: bits !== undefined ? { keySize: bits } : {} };
  }
  if (c.name === 'Crypto.PublicKey.ECC.generate') {
    const curve = ctx.str(c.args.named.get('curve'));
    return { spelling: 'ECDSA', params: curve ? { curve } : {} };
  }
  if (c.name === 'Crypto.PublicKey.DSA.generate') {
    const bits = ctx.int(arg(c.args, 0, 'bits'));
    return { spelling: 'DSA', params: bits !== undefined ? { keySize: bits } : {} };
  }
  if (c.name === 'Crypto.PublicKey.ECC.import_key') return { spelling: 'ECDSA', params: {} };
  return { params: {} };
}

export function handleCryptodome(ctx: PyContext, c: Call): boolean {
  const name = c.name ?? '';
  const node = c.node;
  const library = ctx.library(c);
  const lib = library ? { library } : {};
  const parts = name.split('.');
  const [pkg, mod, fn] = [parts[1], parts[2], parts[3]];

  if (pkg === 'Cipher' && mod && CIPHERS[mod] && fn === 'new') {
    const spelling = CIPHERS[mod]!;
    const params: AlgorithmParams = {};
    const key = arg(c.args, 0, 'key');
    const bits = ctx.bits(key);
    if (bits !== undefined && spelling !== 'ChaCha20' && spelling !== 'ChaCha20-Poly1305' && spelling !== 'Salsa20') params.keySize = spelling === 'DESede' ? (bits === 128 ? 112 : 168) : bits;
    const unresolved: AlgorithmParamName[] = [];
    if (!STREAM.has(mod)) {
      const mode = modeOf(ctx, arg(c.args, 1, 'mode'));
      if (mode) params.mode = mode;
      else unresolved.push('mode');
    }
    if (params.keySize === undefined && (spelling === 'AES' || spelling === 'Blowfish' || spelling === 'RC4' || spelling === 'DESede')) unresolved.push('keySize');
    const ivNode = c.args.named.get('iv') ?? c.args.named.get('nonce') ?? (STREAM.has(mod) ? undefined : c.args.positional[2]);
    const ivBits = ctx.bits(ivNode);
    if (ivBits !== undefined && params.mode !== 'ECB') params.ivLength = ivBits;
    if (params.mode === 'GCM' || params.mode === 'CCM' || params.mode === 'EAX' || params.mode === 'OCB') {
      const tag = ctx.int(c.args.named.get('mac_len'));
      if (tag !== undefined) params.tagLength = tag * 8;
    }
    if (key && isConstantBytes(ctx.value(key))) ctx.sink.signal(node, `${mod}.new`, 'hardcoded-key', `${spelling} key bytes are fixed in source`, { related: { spelling, params: { ...params } }, ...lib });
    if (ivNode && isConstantBytes(ctx.value(ivNode))) ctx.sink.signal(node, `${mod}.new`, 'static-iv', `${spelling} IV/nonce is a constant in source`, { related: { spelling, params: { ...params } }, ...lib });
    ctx.sink.algorithm(node, `${mod}.new`, spelling, params, { unresolved, ...lib });
    return true;
  }
  if (pkg === 'Cipher' && (mod === 'PKCS1_OAEP' || mod === 'PKCS1_v1_5') && fn === 'new') {
    const k = keyFacts(ctx, arg(c.args, 0, 'key'));
    // Only an RSA key's size belongs to an RSA scheme (a name may hold another key on another path).
    const params: AlgorithmParams = { ...(k.spelling === 'RSA' ? k.params : {}), padding: mod === 'PKCS1_OAEP' ? 'OAEP' : 'PKCS1v15' };
    if (mod === 'PKCS1_OAEP') {
      const hashArg = arg(c.args, 1, 'hashAlgo');
      // The API documents SHA-1 as the OAEP hash when hashAlgo is not given.
      params.hash = hashArg ? ctx.hash(hashArg) ?? undefined : 'SHA-1';
    }
    ctx.sink.algorithm(node, `${mod}.new`, 'RSA', params, { unresolved: ['keySize'], ...lib });
    return true;
  }
  if (pkg === 'Signature' && fn === 'new' && (mod === 'pss' || mod === 'pkcs1_15' || mod === 'PKCS1_v1_5' || mod === 'PKCS1_PSS' || mod === 'DSS' || mod === 'eddsa')) {
    const k = keyFacts(ctx, arg(c.args, 0, 'key'));
    if (mod === 'DSS') {
      // DSS signs with a DSA or an ECC key; any other key found is another path's, and says nothing.
      const fits = k.spelling === 'DSA' || k.spelling === 'ECDSA';
      ctx.sink.algorithm(node, 'DSS.new', fits ? k.spelling! : 'ECDSA', fits ? k.params : {}, { unresolved: k.spelling === 'DSA' ? ['keySize'] : ['curve'], functions: ['sign'], ...lib });
    } else if (mod === 'eddsa') {
      ctx.sink.algorithm(node, 'eddsa.new', 'EdDSA', k.spelling === 'ECDSA' ? k.params : {}, { functions: ['sign'], ...lib });
    } else {
      const pss = mod === 'pss' || mod === 'PKCS1_PSS';
      // pkcs1_15 is the RSASSA-PKCS1-v1_5 signature scheme (its hash object comes with sign()).
      ctx.sink.algorithm(node, `${mod}.new`, pss ? 'RSASSA-PSS' : 'RSASSA-PKCS1-v1_5', { ...(k.spelling === 'RSA' ? k.params : {}), ...(pss ? { padding: 'PSS' } : {}) }, { unresolved: ['keySize'], functions: ['sign'], ...lib });
    }
    return true;
  }
  if (pkg === 'PublicKey' && fn === 'generate' && (mod === 'RSA' || mod === 'ECC' || mod === 'DSA')) {
    const k = keyFacts(ctx, node);
    const spelling = mod === 'RSA' ? 'RSA' : mod === 'DSA' ? 'DSA' : 'EC';
    ctx.sink.algorithm(node, `${mod}.generate`, spelling, k.params, { unresolved: mod === 'ECC' ? ['curve'] : ['keySize'], functions: ['keygen'], ...lib });
    return true;
  }
  if (pkg === 'Hash' && mod && fn === 'new') {
    if (mod === 'HMAC') {
      const h = ctx.hash(arg(c.args, 2, 'digestmod'));
      // HMAC.new defaults to MD5 when digestmod is absent (documented).
      const params: AlgorithmParams = { hash: arg(c.args, 2, 'digestmod') ? h ?? undefined : 'MD5' };
      const bits = ctx.bits(arg(c.args, 0, 'key'));
      if (bits) params.keySize = bits;
      ctx.sink.algorithm(node, 'HMAC.new', 'HMAC', params, { unresolved: ['hash'], functions: ['tag'], ...lib });
      return true;
    }
    if (mod === 'CMAC') {
      ctx.sink.algorithm(node, 'CMAC.new', 'AES-CMAC', {}, { functions: ['tag'], ...lib });
      return true;
    }
    if (mod === 'BLAKE2b' || mod === 'BLAKE2s') {
      const bits = ctx.int(c.args.named.get('digest_bits'));
      const spelling = bits !== undefined ? `${mod}-${bits}` : mod === 'BLAKE2b' ? 'BLAKE2b' : 'BLAKE2s';
      ctx.sink.algorithm(node, `${mod}.new`, spelling, {}, { functions: ['digest'], ...lib });
      return true;
    }
    const h = hashFromName(mod);
    if (h) {
      ctx.sink.algorithm(node, `${mod}.new`, h, {}, { functions: ['digest'], ...lib });
      return true;
    }
    return false;
  }
  if (pkg === 'Protocol' && mod === 'KDF' && fn) {
    const params: AlgorithmParams = {};
    if (fn === 'PBKDF2') {
      const dkNode = arg(c.args, 2, 'dkLen');
      const countNode = arg(c.args, 3, 'count');
      const hmod = c.args.named.get('hmac_hash_module');
      const salt = ctx.value(arg(c.args, 1, 'salt'));
      if (salt.kind === 'bytes' && salt.length !== undefined) params.saltLength = salt.length;
      // Documented defaults: dkLen=16, count=1000, HMAC-SHA1 when no PRF/hash module is given.
      const dk = dkNode ? ctx.int(dkNode) : 16;
      if (dk !== undefined) params.outputLength = dk * 8;
      const count = countNode ? ctx.int(countNode) : 1000;
      if (count !== undefined) params.iterations = count;
      const h = hmod ? ctx.hash(hmod) : c.args.named.get('prf') ? undefined : 'SHA-1';
      if (h) params.hash = h;
      ctx.sink.algorithm(node, 'PBKDF2', 'PBKDF2', params, { unresolved: ['hash', 'iterations'], functions: ['keyderive'], ...lib });
      return true;
    }
    if (fn === 'scrypt') {
      const n = ctx.int(arg(c.args, 3, 'N'));
      const r = ctx.int(arg(c.args, 4, 'r'));
      const p = ctx.int(arg(c.args, 5, 'p'));
      const len = ctx.int(arg(c.args, 2, 'key_len'));
      if (n !== undefined) params.cost = n;
      if (n !== undefined && r !== undefined) params.memoryCost = (128 * n * r) / 1024;
      if (p !== undefined) params.parallelism = p;
      if (len !== undefined) params.outputLength = len * 8;
      ctx.sink.algorithm(node, 'scrypt', 'scrypt', params, { unresolved: ['cost'], functions: ['keyderive'], ...lib });
      return true;
    }
    if (fn === 'HKDF') {
      const len = ctx.int(arg(c.args, 1, 'key_len'));
      const h = ctx.hash(arg(c.args, 3, 'hashmod'));
      if (h) params.hash = h;
      if (len !== undefined) params.outputLength = len * 8;
      ctx.sink.algorithm(node, 'HKDF', 'HKDF', params, { unresolved: ['hash'], functions: ['keyderive'], ...lib });
      return true;
    }
    if (fn === 'bcrypt') {
      const cost = ctx.int(arg(c.args, 1, 'cost'));
      ctx.sink.algorithm(node, 'bcrypt', 'bcrypt', cost !== undefined ? { cost } : {}, { unresolved: ['cost'], functions: ['keyderive'], ...lib });
      return true;
    }
  }
  return false;
}
