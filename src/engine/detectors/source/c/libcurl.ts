// libcurl's TLS switches, set with `curl_easy_setopt(handle, OPTION, value)`: certificate and host-name
// verification turned off (`CURLOPT_SSL_VERIFYPEER, 0L`, the copy-pasted line of many C clients and of
// curl's own docs/examples), the minimum protocol version (`CURLOPT_SSLVERSION`) and fixed cipher and
// group lists (`CURLOPT_SSL_CIPHER_LIST`, `CURLOPT_TLS13_CIPHERS`, `CURLOPT_SSL_EC_CURVES`); the
// switches and the version are read as the PHP detector reads PHP's curl binding (source/php/tls.ts). libcurl is a transfer
// library that delegates TLS to a backend chosen at build time: no library is named.
import type { SgNode } from '@ast-grep/napi';
import { parseCipherString } from '../../artefacts/tls-config.js';
import { parseTlsVersion } from '../common/versions.js';
import type { CFile } from './file.js';
import type { CallHandler } from './openssl.js';
import { groupNames } from './tls.js';

/** `CURLOPT_SSL_VERIFYPEER` and the same switch for a proxy and for DNS-over-HTTPS. */
const VERIFY_PEER = /^CURLOPT_(?:PROXY_|DOH_)?SSL_VERIFYPEER$/;
const VERIFY_HOST = /^CURLOPT_(?:PROXY_|DOH_)?SSL_VERIFYHOST$/;
const SSL_VERSION = /^CURLOPT_(?:PROXY_)?SSLVERSION$/;
/** Cipher lists (TLS 1.2 and below, and TLS 1.3 suites) and key-exchange groups written into the program. */
const CIPHERS = /^CURLOPT_(?:PROXY_)?(?:SSL_CIPHER_LIST|TLS13_CIPHERS)$/;
const CURVES = /^CURLOPT_SSL_EC_CURVES$/;

/**
 * The `CURL_SSLVERSION_*` constants of a version value, through same-file aliases: one name, or names
 * joined by `|` (`CURL_SSLVERSION_TLSv1_2 | CURL_SSLVERSION_MAX_TLSv1_3`, minimum and maximum).
 * Undefined when any part is not such a constant.
 */
function versionNames(f: CFile, node: SgNode | undefined, depth = 0): string[] | undefined {
  const o = depth > 8 ? undefined : f.origin(node);
  if (!o) return undefined;
  if (o.kind() === 'binary_expression') {
    if (o.field('operator')?.text() !== '|') return undefined;
    const a = versionNames(f, o.field('left') ?? undefined, depth + 1);
    const b = a && versionNames(f, o.field('right') ?? undefined, depth + 1);
    return b ? [...a!, ...b] : undefined;
  }
  return o.kind() === 'identifier' && o.text().startsWith('CURL_SSLVERSION_') ? [o.text()] : undefined;
}

/** `CURLOPT_SSLVERSION`: the minimum version; `DEFAULT` and a maximum alone pin nothing. */
function sslVersion(f: CFile, option: SgNode, name: string, value: SgNode | undefined): void {
  const min = versionNames(f, value)?.find((c) => !c.startsWith('CURL_SSLVERSION_MAX_'));
  const parsed = min ? parseTlsVersion(min.slice('CURL_SSLVERSION_'.length)) : undefined;
  if (!parsed) return;
  f.protocol(option, undefined, { protocolType: 'tls', version: parsed.version });
  if (parsed.insecure) f.signal(option, undefined, 'insecure-protocol-version', `${name} ${min} allows ${parsed.ssl ? parsed.version : `TLS ${parsed.version}`}`);
}

/**
 * Whether a switch is set to off: `0`, `0L`, `FALSE` (curl's own examples write `0L`). An unknown value
 * is not judged, nor one an option picks (`opts->verify ? 1L : 0L`): the evaluator would try each
 * branch, and verification that follows the user's setting is not switched off by the code.
 */
function off(f: CFile, node: SgNode | undefined): boolean {
  if (f.origin(node)?.kind() === 'conditional_expression') return false;
  const v = f.eval(node);
  if (v.kind === 'int') return v.value === 0;
  if (v.kind === 'bool') return !v.value;
  return f.symbol(node) === 'FALSE';
}

/** curl_easy_setopt(handle, option, value): the detection sits on the option, as in PHP. */
const setopt: CallHandler = (f, _call, _callee, args) => {
  const option = args[1];
  const name = f.symbol(option);
  if (!option || !name) return;
  if (VERIFY_PEER.test(name)) {
    if (off(f, args[2])) f.signal(option, undefined, 'cert-verification-disabled', `${name} 0: curl accepts any server certificate`);
  } else if (VERIFY_HOST.test(name)) {
    // 0 turns the name check off; 1 was "check that a name exists" before curl 7.28.1 and means 2 since 7.66.0.
    if (off(f, args[2])) f.signal(option, undefined, 'hostname-verification-disabled', `${name} 0: curl accepts a certificate for any host name`);
  } else if (SSL_VERSION.test(name)) {
    sslVersion(f, option, name, args[2]);
  } else if (CIPHERS.test(name) || CURVES.test(name)) {
    // Only a list the program fixes: one from its configuration is the user's choice, read elsewhere.
    const list = f.str(args[2]);
    if (list === undefined) return;
    f.protocol(option, undefined, CURVES.test(name) ? { protocolType: 'tls', groups: groupNames(list) } : { protocolType: 'tls', cipherSuites: parseCipherString(list, f.kb).suites });
  }
};

export const LIBCURL_CALLS: ReadonlyArray<[string, CallHandler]> = [['curl_easy_setopt', setopt]];
