// hashlib and hmac (standard library: no LibraryRef).
import type { AlgorithmParams } from '../../../inventory/model.js';
import { arg } from './adapter.js';
import { kindOf } from '../common/languages.js';
import { fromCaller } from '../common/from-caller.js';
import { hashFromName, type Call, type PyContext } from './context.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';

function literalPassword(ctx: PyContext, c: Call, node: import('@ast-grep/napi').SgNode | undefined): void {
  const v = ctx.value(node);
  if ((v.kind === 'bytes' && v.origin === 'literal') || (v.kind === 'str' && v.value.length > 0 && !fromCaller(ctx.ev, node)))
    ctx.sink.signal(c.node, c.name ?? 'kdf', 'hardcoded-password', 'password passed to the KDF is a literal');
}

/**
 * `usedforsecurity=False` (Python 3.9+): the caller states the digest is not used for security (a
 * cache key, a checksum), which FIPS builds of Python then allow for MD5 and SHA-1.
 */
function declaredNotForSecurity(ctx: PyContext, c: Call): boolean {
  const v = ctx.value(c.args.named.get('usedforsecurity'));
  return v.kind === 'bool' && !v.value;
}

/**
 * `hashlib.sha1().digest_size`: an empty hash object made only to read its size (paramiko's
 * `os.urandom(sha1().digest_size)` sizing a salt) hashes nothing; the size is no use of the hash.
 */
function sizeOnly(c: Call): boolean {
  const read = c.node.parent();
  const empty = c.args.positional.length === 0 && !c.args.named.has('data') && !c.args.named.has('string');
  return empty && !!read && kindOf(read) === 'attribute' && /^(digest_size|block_size)$/.test(read.field('attribute')?.text() ?? '');
}

export function handleStdlib(ctx: PyContext, c: Call): boolean {
  const name = c.name ?? '';
  const node = c.node;
  if (name.startsWith('hashlib.')) {
    const fn = name.slice('hashlib.'.length);
    if (fn === 'new' || fn === 'file_digest') {
      const h = ctx.str(arg(c.args, fn === 'new' ? 0 : 1, fn === 'new' ? 'name' : 'digest'));
      ctx.sink.algorithm(node, name, h ? hashFromName(h) ?? h : unresolvedSpelling('hash'), {}, { functions: ['digest'], notForSecurity: declaredNotForSecurity(ctx, c) });
      return true;
    }
    if (fn === 'pbkdf2_hmac') {
      const params: AlgorithmParams = {};
      const hashName = arg(c.args, 0, 'hash_name');
      const h = ctx.str(hashName);
      // `hashlib.sha256().name`: the object is made for its name, the PRF's, not to digest anything.
      const made = hashName && kindOf(hashName) === 'attribute' && hashName.field('attribute')?.text() === 'name' ? hashName.field('object') : null;
      if (h && made && kindOf(made) === 'call') ctx.consumed.add(made.id());
      if (h) params.hash = hashFromName(h) ?? h;
      const salt = ctx.value(arg(c.args, 2, 'salt'));
      if (salt.kind === 'bytes' && salt.length !== undefined) params.saltLength = salt.length;
      const it = ctx.int(arg(c.args, 3, 'iterations'));
      if (it !== undefined) params.iterations = it;
      const dk = ctx.int(arg(c.args, 4, 'dklen'));
      if (dk !== undefined) params.outputLength = dk * 8;
      literalPassword(ctx, c, arg(c.args, 1, 'password'));
      ctx.sink.algorithm(node, name, 'PBKDF2', params, { unresolved: ['hash', 'iterations'], functions: ['keyderive'] });
      return true;
    }
    if (fn === 'scrypt') {
      const params: AlgorithmParams = {};
      const n = ctx.int(c.args.named.get('n'));
      const r = ctx.int(c.args.named.get('r'));
      const p = ctx.int(c.args.named.get('p'));
      const dk = ctx.int(c.args.named.get('dklen'));
      const salt = ctx.value(c.args.named.get('salt'));
      if (n !== undefined) params.cost = n;
      if (n !== undefined && r !== undefined) params.memoryCost = (128 * n * r) / 1024;
      if (p !== undefined) params.parallelism = p;
      if (dk !== undefined) params.outputLength = dk * 8;
      if (salt.kind === 'bytes' && salt.length !== undefined) params.saltLength = salt.length;
      literalPassword(ctx, c, arg(c.args, 0, 'password'));
      ctx.sink.algorithm(node, name, 'scrypt', params, { unresolved: ['cost'], functions: ['keyderive'] });
      return true;
    }
    if (fn === 'blake2b' || fn === 'blake2s') {
      // digest_size (bytes) selects the output length; the default is the full 64 / 32 bytes.
      const sizeNode = c.args.named.get('digest_size');
      const size = sizeNode ? ctx.int(sizeNode) : fn === 'blake2b' ? 64 : 32;
      // The sized spelling names the variant (BLAKE2s-128); a size that is not read stays listed as
      // unresolved (the knowledge base has no BLAKE2b of unknown length, so the name is the default's).
      ctx.sink.algorithm(node, name, size !== undefined ? `${fn === 'blake2b' ? 'BLAKE2b' : 'BLAKE2s'}-${size * 8}` : fn, {}, { functions: ['digest'], unresolved: size === undefined ? ['outputLength'] : [] });
      return true;
    }
    const h = hashFromName(fn);
    if (h && ctx.consumed.has(node.id())) return true;
    if (h && sizeOnly(c)) return true;
    if (h) {
      ctx.sink.algorithm(node, name, h, {}, { functions: ['digest'], notForSecurity: declaredNotForSecurity(ctx, c) });
      return true;
    }
    return false;
  }
  if (name === 'hmac.new' || name === 'hmac.HMAC' || name === 'hmac.digest') {
    const digest = arg(c.args, 2, name === 'hmac.digest' ? 'digest' : 'digestmod');
    const h = ctx.hash(digest);
    const params: AlgorithmParams = h ? { hash: h } : {};
    const key = arg(c.args, 0, 'key');
    const bits = ctx.bits(key);
    if (bits) params.keySize = bits;
    const kv = ctx.value(key);
    if (kv.kind === 'bytes' && kv.origin === 'literal') ctx.sink.signal(node, name, 'hardcoded-key', 'HMAC key bytes are fixed in source', { related: { spelling: 'HMAC', params: { ...params } } });
    ctx.sink.algorithm(node, name, 'HMAC', params, { unresolved: ['hash'], functions: ['tag'] });
    return true;
  }
  return false;
}
