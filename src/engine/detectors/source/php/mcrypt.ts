// mcrypt (removed in PHP 7.2, still in legacy code): `mcrypt_encrypt(MCRYPT_RIJNDAEL_128, $key, $data,
// MCRYPT_MODE_CBC, $iv)` and the module API (`mcrypt_module_open(cipher, dir, mode, dir)` then
// `mcrypt_generic_init($td, $key, $iv)`). MCRYPT_RIJNDAEL_128 is AES, its key size the key's length (16, 24
// or 32 bytes); MCRYPT_RIJNDAEL_192/256 are Rijndael with a larger block, which is not AES.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import type { PhpCall, PhpFile } from './file.js';
import { functionName } from './resolve.js';

/** Cipher names, as MCRYPT_* constants and as the strings they stand for. */
const CIPHERS: Record<string, { spelling: string; params?: AlgorithmParams; aes?: boolean }> = {
  'rijndael-128': { spelling: 'AES', aes: true }, 'rijndael-192': { spelling: 'Rijndael-192' }, 'rijndael-256': { spelling: 'Rijndael-256' },
  des: { spelling: 'DES' }, tripledes: { spelling: '3DES' }, '3des': { spelling: '3DES' }, blowfish: { spelling: 'Blowfish' },
  'blowfish-compat': { spelling: 'Blowfish' }, 'cast-128': { spelling: 'CAST5' }, 'cast-256': { spelling: 'CAST-256' }, rc2: { spelling: 'RC2' },
  arcfour: { spelling: 'RC4' }, twofish: { spelling: 'Twofish' }, serpent: { spelling: 'Serpent' }, gost: { spelling: 'GOST 28147-89' },
  xtea: { spelling: 'XTEA' }, loki97: { spelling: 'LOKI97' }, saferplus: { spelling: 'SAFER+' }, wake: { spelling: 'WAKE' },
};
const MODES: Record<string, string> = { cbc: 'CBC', ecb: 'ECB', cfb: 'CFB', ncfb: 'CFB', ofb: 'OFB', nofb: 'OFB', ctr: 'CTR', stream: '' };

function cipherOf(f: PhpFile, node: SgNode | undefined): { spelling: string; params?: AlgorithmParams; aes?: boolean } | undefined {
  const v = f.value(node);
  // A constant other than mcrypt's own (`Config::CIPHER`, `\Acme\CIPHER` not resolved) names no cipher.
  const builtin = v.kind === 'member' && /^MCRYPT_/.test(v.path);
  const name = builtin ? v.path.replace(/^MCRYPT_/, '').toLowerCase().replace(/_/g, '-') : v.kind === 'str' ? v.value.toLowerCase() : undefined;
  if (name === undefined) return undefined;
  return CIPHERS[name] ?? CIPHERS[name.replace(/^(\d)des$/, '$1des')] ?? { spelling: name };
}

function modeOf(f: PhpFile, node: SgNode | undefined): string | undefined {
  const v = f.value(node);
  const name = v.kind === 'member' ? v.path.replace(/^MCRYPT_MODE_/, '').toLowerCase() : v.kind === 'str' ? v.value.toLowerCase() : undefined;
  return name !== undefined ? MODES[name] : undefined;
}

function report(f: PhpFile, call: PhpCall, cipher: ReturnType<typeof cipherOf>, mode: string | undefined, key: SgNode | undefined, iv: SgNode | undefined, fn: CryptoFunction): void {
  const params: AlgorithmParams = { ...cipher?.params };
  if (mode) params.mode = mode;
  const keyBytes = f.byteLength(key);
  if (cipher?.aes && keyBytes && [16, 24, 32].includes(keyBytes)) params.keySize = keyBytes * 8;
  const ivBytes = f.byteLength(iv);
  if (ivBytes) params.ivLength = ivBytes * 8;
  const spelling = cipher?.spelling ?? 'unknown-cipher';
  f.algorithm(call.node, call.name, { spelling, params, unresolved: cipher?.aes ? ['keySize', 'mode'] : ['mode'], functions: [fn] });
  const related = { spelling, params };
  if (f.constantBytes(key)) f.signal(call.node, call.name, 'hardcoded-key', `${spelling} key is written in the source`, related);
  if (iv && mode !== 'ECB' && f.constantBytes(iv)) f.signal(call.node, call.name, 'static-iv', `${spelling} IV is a constant in the source`, related);
}

/** mcrypt_encrypt / mcrypt_decrypt (cipher, key, data, mode, iv); mcrypt_ecb/cbc/cfb/ofb(cipher, key, data, dir, iv). */
export function mcryptCall(f: PhpFile, call: PhpCall): void {
  const cipher = cipherOf(f, f.arg(call, 0));
  const fixed = /^mcrypt_(ecb|cbc|cfb|ofb)$/.exec(call.name);
  const mode = fixed ? MODES[fixed[1]!] : modeOf(f, f.arg(call, 3));
  const fn: CryptoFunction = call.name === 'mcrypt_decrypt' ? 'decrypt' : fixed ? 'encrypt' : 'encrypt';
  report(f, call, cipher, mode, f.arg(call, 1), f.arg(call, 4), fn);
}

/** mcrypt_generic_init($td, $key, $iv) on a module this file opened with mcrypt_module_open(cipher, dir, mode, dir). */
export function mcryptGenericInit(f: PhpFile, call: PhpCall): void {
  const td = f.origin(f.arg(call, 0));
  if (!td || kindOf(td) !== 'function_call_expression' || functionName(td.field('function') ?? td) !== 'mcrypt_module_open') {
    report(f, call, undefined, undefined, f.arg(call, 1), f.arg(call, 2), 'encrypt');
    return;
  }
  const args = f.argsOf(td).positional;
  report(f, call, cipherOf(f, args[0]), modeOf(f, args[2]), f.arg(call, 1), f.arg(call, 2), 'encrypt');
}
