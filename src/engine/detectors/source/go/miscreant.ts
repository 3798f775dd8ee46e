// miscreant.go (github.com/miscreant/miscreant.go), the AES-SIV library syncthing encrypts file names
// with for untrusted devices: `miscreant.NewAEAD("AES-SIV", key, nonceSize)` and
// `miscreant.NewAESCMACSIV(key)`. SIV keys are two AES keys: 32 bytes are AES-128-SIV, 64 bytes
// AES-256-SIV. PMAC-SIV ("AES-PMAC-SIV", `NewAESPMACSIV`) has no knowledge-base entry and is not reported.
import type { SgNode } from '@ast-grep/napi';
import type { GoFile } from './file.js';

export const MISCREANT = 'github.com/miscreant/miscreant.go';

function sivName(bits: number | undefined): string {
  return bits === 256 ? 'AES-128-SIV' : bits === 512 ? 'AES-256-SIV' : 'AES-SIV';
}

export function miscreantCall(f: GoFile, call: SgNode, callee: string, args: SgNode[]): void {
  const fn = callee.slice(MISCREANT.length + 1);
  let key: SgNode | undefined;
  if (fn === 'NewAESCMACSIV') key = args[0];
  else if (fn === 'NewAEAD') {
    const alg = f.eval(args[0]);
    // Another or an unknown construction ("AES-PMAC-SIV", or a name from configuration) is not guessed.
    if (alg.kind !== 'str' || alg.value !== 'AES-SIV') return;
    key = args[1];
  } else return;
  const spelling = sivName(f.keyBits(key));
  f.algorithm(call, callee, { spelling, ...(spelling === 'AES-SIV' ? { unresolved: ['keySize' as const] } : {}), functions: ['encrypt', 'decrypt'] });
}
