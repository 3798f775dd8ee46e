// Names of secret material in camelCase/snake_case code (`nonce`, `sessionKey`, `ivBytes`, `IV_LEN`):
// the array a non-cryptographic generator fills, or the function returning it, names what it is for.
// Shared by the JVM-language detectors (Java, Kotlin) for their weak-random signal.

const SECRET_WORD = /key|token|secret|nonce|salt|passw|otp|session|csrf/i;
/** `iv` as a word of a camelCase or snake_case name (`iv`, `gcmIv`, `IV_BYTES`), not inside `private`. */
const IV_WORD = /(?:^|[a-z_])(?:iv|Iv|IV)(?:[A-Z_]|$)/;

export const secretName = (name: string): boolean => SECRET_WORD.test(name) || IV_WORD.test(name);
