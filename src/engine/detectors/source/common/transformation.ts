// Cipher transformations "algorithm/mode/padding" or just "algorithm", as the JCA (`Cipher.getInstance`)
// and Bouncy Castle for .NET (`CipherUtilities.GetCipher`) spell them.

export interface Transformation {
  algorithm: string;
  mode?: string;
  /** Model spelling: PKCS5, PKCS7, NoPadding, OAEP, PKCS1v15, ISO10126, ... */
  padding?: string;
  /** OAEP hash spelled out in the padding (`OAEPWithSHA-256AndMGF1Padding`). */
  hash?: string;
}

const ASYMMETRIC = /^(RSA|ECIES|ElGamal|RSA\/.*)$/i;

/** Parses a transformation; the mode of an asymmetric cipher (`RSA/ECB/...`) carries no meaning and is dropped. */
export function parseTransformation(t: string): Transformation {
  const [algorithm = '', mode, padding] = t.trim().split('/');
  const out: Transformation = { algorithm };
  const asym = ASYMMETRIC.test(algorithm);
  if (mode && !asym && !/^none$/i.test(mode)) out.mode = mode.toUpperCase();
  if (padding) {
    const oaep = padding.match(/^OAEPWith(.+?)AndMGF1Padding$/i);
    if (oaep) {
      out.padding = 'OAEP';
      out.hash = oaep[1]!;
    } else {
      out.padding = normalisePadding(padding);
    }
  }
  return out;
}

export function normalisePadding(p: string): string {
  const s = p.replace(/Padding$/i, '');
  switch (s.toUpperCase()) {
    case 'NO': return 'NoPadding';
    case 'PKCS5': return 'PKCS5';
    case 'PKCS7': return 'PKCS7';
    case 'PKCS1': return 'PKCS1v15';
    case 'OAEP': return 'OAEP';
    case 'ISO10126': return 'ISO10126';
    case 'ZEROBYTE': return 'ZeroByte';
    default: return s;
  }
}

/** Block ciphers whose key size is not fixed by the name: the detector must find it (or report it unknown). */
export function needsKeySize(algorithm: string): boolean {
  return /^(AES|RSA|Blowfish|RC2|RC4|ARCFOUR|Camellia|ARIA|HmacSHA\d+|DSA|DH|DiffieHellman)$/i.test(algorithm);
}
