// Apple's CommonCrypto is a C API: Swift calls it through its module and C/Objective-C code through
// <CommonCrypto/CommonDigest.h>, so both detectors read its digest functions from this one table.

/** `CC_<hash>` one-shot digest functions (also `CC_<hash>_Init`) -> knowledge-base name. */
export const CC_DIGESTS: Readonly<Record<string, string>> = {
  CC_MD2: 'MD2', CC_MD4: 'MD4', CC_MD5: 'MD5', CC_SHA1: 'SHA-1', CC_SHA224: 'SHA-224', CC_SHA256: 'SHA-256', CC_SHA384: 'SHA-384', CC_SHA512: 'SHA-512',
};
