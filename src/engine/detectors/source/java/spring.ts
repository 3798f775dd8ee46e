// Spring Security's crypto module (org.springframework.security.crypto) and jBCrypt: the password
// encoders most Java web applications hash passwords with, and Spring's Encryptors. Each names its
// algorithm and, where the constructor leaves them out, fixes its parameters in its own defaults
// (documented per class in the Spring Security reference and Javadoc), which are reported as the API
// fixes them: `new BCryptPasswordEncoder()` is bcrypt with cost 10,
// `Pbkdf2PasswordEncoder.defaultsForSpringSecurity_v5_8()` PBKDF2-HMAC-SHA-256 with 310,000
// iterations, `Encryptors.stronger(password, salt)` AES-256-GCM under a key from PBKDF2-HMAC-SHA-1
// with 1,024 iterations.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/index.js';
import { callArguments } from './adapter.js';
import type { JavaContext } from './context.js';
import { isClassOf } from './imports.js';

const SPRING = 'org.springframework.security.crypto';
const SPRING_LIBRARY: LibraryRef = Object.freeze({ ecosystem: 'maven', name: 'org.springframework.security:spring-security-crypto' });
const JBCRYPT = 'org.mindrot.jbcrypt';

/** Spring's packages per class, so a same-named class of the application is not taken for Spring's. */
const SPRING_CLASSES: Readonly<Record<string, string>> = {
  BCryptPasswordEncoder: `${SPRING}.bcrypt`,
  BCrypt: `${SPRING}.bcrypt`,
  Pbkdf2PasswordEncoder: `${SPRING}.password`,
  SCryptPasswordEncoder: `${SPRING}.scrypt`,
  Argon2PasswordEncoder: `${SPRING}.argon2`,
  MessageDigestPasswordEncoder: `${SPRING}.password`,
  StandardPasswordEncoder: `${SPRING}.password`,
  Md4PasswordEncoder: `${SPRING}.password`,
  LdapShaPasswordEncoder: `${SPRING}.password`,
  Encryptors: `${SPRING}.encrypt`,
  PasswordEncoderFactories: `${SPRING}.factory`,
};

/** Classes this module reads when they are created with `new`. */
export const SPRING_CREATED_TYPES: ReadonlySet<string> = new Set([
  'BCryptPasswordEncoder', 'Pbkdf2PasswordEncoder', 'SCryptPasswordEncoder', 'Argon2PasswordEncoder',
  'MessageDigestPasswordEncoder', 'StandardPasswordEncoder', 'Md4PasswordEncoder', 'LdapShaPasswordEncoder',
]);

/** Static methods this module reads (on Spring's classes or jBCrypt's BCrypt). */
export const SPRING_METHODS: ReadonlySet<string> = new Set([
  'defaultsForSpringSecurity_v4_1', 'defaultsForSpringSecurity_v5_2', 'defaultsForSpringSecurity_v5_5', 'defaultsForSpringSecurity_v5_8',
  'gensalt', 'stronger', 'delux', 'standard', 'text', 'queryableText', 'createDelegatingPasswordEncoder',
]);

/** BCryptPasswordEncoder's and BCrypt.gensalt's default log rounds. */
const BCRYPT_DEFAULT_COST = 10;

/** The encoders' `defaultsForSpringSecurity_vX_Y()` factories: their parameters, from Spring's Javadoc. */
const DEFAULTS: Readonly<Record<string, Readonly<Record<string, { spelling: string; params: AlgorithmParams }>>>> = {
  Pbkdf2PasswordEncoder: {
    defaultsForSpringSecurity_v5_5: { spelling: 'PBKDF2', params: { hash: 'SHA-1', iterations: 185_000, saltLength: 8, outputLength: 256 } },
    defaultsForSpringSecurity_v5_8: { spelling: 'PBKDF2', params: { hash: 'SHA-256', iterations: 310_000, saltLength: 16, outputLength: 256 } },
  },
  SCryptPasswordEncoder: {
    defaultsForSpringSecurity_v4_1: { spelling: 'scrypt', params: { cost: 16_384, memoryCost: 16_384, parallelism: 1, outputLength: 256, saltLength: 64 } },
    defaultsForSpringSecurity_v5_8: { spelling: 'scrypt', params: { cost: 65_536, memoryCost: 65_536, parallelism: 1, outputLength: 256, saltLength: 16 } },
  },
  Argon2PasswordEncoder: {
    defaultsForSpringSecurity_v5_2: { spelling: 'Argon2id', params: { saltLength: 16, outputLength: 256, parallelism: 1, memoryCost: 4096, cost: 3 } },
    defaultsForSpringSecurity_v5_8: { spelling: 'Argon2id', params: { saltLength: 16, outputLength: 256, parallelism: 1, memoryCost: 16_384, cost: 2 } },
  },
};

/** Encryptors' AesBytesEncryptor: a 256-bit AES key from PBKDF2WithHmacSHA1 with 1,024 iterations. */
const ENCRYPTOR_KDF: AlgorithmParams = { hash: 'SHA-1', iterations: 1024, outputLength: 256 };
const ENCRYPTORS: Readonly<Record<string, { mode: 'GCM' | 'CBC'; constantIv?: true }>> = {
  stronger: { mode: 'GCM' },
  delux: { mode: 'GCM' },
  standard: { mode: 'CBC' },
  text: { mode: 'CBC' },
  queryableText: { mode: 'CBC', constantIv: true },
};


function isSpring(ctx: JavaContext, written: string, simple: string): boolean {
  const pkg = SPRING_CLASSES[simple];
  return pkg !== undefined && isClassOf(ctx.imports, written, pkg);
}

function report(ctx: JavaContext, node: SgNode, symbol: string, spelling: string, params: AlgorithmParams, unresolved: AlgorithmParamName[], functions: CryptoFunction[], library?: LibraryRef): void {
  ctx.sink.algorithm(node, symbol, spelling, params, { unresolved, functions, ...(library ? { library } : {}) });
}

/** `new BCryptPasswordEncoder(...)`, `new Pbkdf2PasswordEncoder(...)`, ... */
export function handleSpringCreation(ctx: JavaContext, node: SgNode, type: string): void {
  const written = (node.field('type')?.text() ?? type).replace(/<.*$/s, '').replace(/\s+/g, '');
  if (!isSpring(ctx, written, type)) return;
  const args = callArguments(node);
  const ints = args.map((a) => ctx.int(a));
  const symbol = `new ${type}`;
  switch (type) {
    case 'BCryptPasswordEncoder': {
      // (), (strength), (version), (version, strength), (strength, random), (version, strength, random); -1 means the default.
      const strengthArg = args.findIndex((a) => !/(^|\.)\$?2[abyx]?$|BCryptVersion|SecureRandom/.test(a.text()));
      const strength = strengthArg < 0 ? BCRYPT_DEFAULT_COST : ints[strengthArg];
      const cost = strength === -1 ? BCRYPT_DEFAULT_COST : strength;
      report(ctx, node, symbol, 'bcrypt', cost !== undefined ? { cost } : {}, ['cost'], ['keyderive'], SPRING_LIBRARY);
      return;
    }
    case 'Pbkdf2PasswordEncoder': {
      if (args.length <= 1) {
        // () and (secret), deprecated: the Spring Security 5.5 defaults (PBKDF2WithHmacSHA1).
        report(ctx, node, symbol, 'PBKDF2', DEFAULTS.Pbkdf2PasswordEncoder!.defaultsForSpringSecurity_v5_5!.params, [], ['keyderive'], SPRING_LIBRARY);
        return;
      }
      // (secret, iterations, hashWidth) and (secret, saltLength, iterations, hashWidth): PBKDF2WithHmacSHA1;
      // (secret, saltLength, iterations, SecretKeyFactoryAlgorithm): the algorithm named.
      const params: AlgorithmParams = {};
      const iterations = args.length === 3 ? ints[1] : ints[2];
      if (iterations !== undefined) params.iterations = iterations;
      if (args.length >= 4 && ints[1] !== undefined) params.saltLength = ints[1];
      const width = args.length === 3 ? ints[2] : ints[3];
      if (width !== undefined) params.outputLength = width;
      const alg = /PBKDF2WithHmacSHA(1|256|512)$/.exec(args[3]?.text() ?? '')?.[1];
      if (alg) params.hash = `SHA-${alg}`;
      else if (width !== undefined) params.hash = 'SHA-1';
      report(ctx, node, symbol, 'PBKDF2', params, ['hash', 'iterations'], ['keyderive'], SPRING_LIBRARY);
      return;
    }
    case 'SCryptPasswordEncoder': {
      if (args.length === 0) {
        // Deprecated no-argument constructor: the Spring Security 4.1 defaults.
        report(ctx, node, symbol, 'scrypt', DEFAULTS.SCryptPasswordEncoder!.defaultsForSpringSecurity_v4_1!.params, [], ['keyderive'], SPRING_LIBRARY);
        return;
      }
      // (cpuCost, memoryCost = r, parallelization, keyLength, saltLength)
      const [n, r, p, keyLength, saltLength] = ints;
      const params: AlgorithmParams = {};
      if (n !== undefined) params.cost = n;
      if (n !== undefined && r !== undefined) params.memoryCost = (128 * n * r) / 1024;
      if (p !== undefined) params.parallelism = p;
      if (keyLength !== undefined) params.outputLength = keyLength * 8;
      if (saltLength !== undefined) params.saltLength = saltLength;
      report(ctx, node, symbol, 'scrypt', params, ['cost'], ['keyderive'], SPRING_LIBRARY);
      return;
    }
    case 'Argon2PasswordEncoder': {
      if (args.length === 0) {
        // Deprecated no-argument constructor: the Spring Security 5.2 defaults.
        report(ctx, node, symbol, 'Argon2id', DEFAULTS.Argon2PasswordEncoder!.defaultsForSpringSecurity_v5_2!.params, [], ['keyderive'], SPRING_LIBRARY);
        return;
      }
      // (saltLength, hashLength, parallelism, memory KiB, iterations); Spring's encoder is Argon2id.
      const [saltLength, hashLength, parallelism, memory, iterations] = ints;
      const params: AlgorithmParams = {};
      if (saltLength !== undefined) params.saltLength = saltLength;
      if (hashLength !== undefined) params.outputLength = hashLength * 8;
      if (parallelism !== undefined) params.parallelism = parallelism;
      if (memory !== undefined) params.memoryCost = memory;
      if (iterations !== undefined) params.cost = iterations;
      report(ctx, node, symbol, 'Argon2id', params, ['cost', 'memoryCost', 'parallelism'], ['keyderive'], SPRING_LIBRARY);
      return;
    }
    case 'MessageDigestPasswordEncoder': {
      const alg = ctx.str(args[0]);
      report(ctx, node, symbol, alg ?? unresolvedSpelling('hash'), {}, [], ['digest'], SPRING_LIBRARY);
      return;
    }
    case 'StandardPasswordEncoder':
      // SHA-256 with 1,024 iterations and a random 8-byte salt (deprecated by Spring as insecure).
      report(ctx, node, symbol, 'SHA-256', {}, [], ['digest'], SPRING_LIBRARY);
      return;
    case 'Md4PasswordEncoder':
      report(ctx, node, symbol, 'MD4', {}, [], ['digest'], SPRING_LIBRARY);
      return;
    case 'LdapShaPasswordEncoder':
      report(ctx, node, symbol, 'SHA-1', {}, [], ['digest'], SPRING_LIBRARY);
      return;
  }
}

/** `Pbkdf2PasswordEncoder.defaultsForSpringSecurity_v5_8()`, `BCrypt.gensalt(12)`, `Encryptors.stronger(...)`, ... */
export function handleSpringCall(ctx: JavaContext, node: SgNode, method: string): void {
  const owner = node.field('object')?.text().replace(/\s+/g, '');
  if (!owner) return;
  const simple = owner.slice(owner.lastIndexOf('.') + 1);
  const symbol = `${simple}.${method}`;
  if (method === 'gensalt' && simple === 'BCrypt') {
    const jbcrypt = isClassOf(ctx.imports, owner, JBCRYPT);
    if (!jbcrypt && !isSpring(ctx, owner, 'BCrypt')) return;
    const args = callArguments(node);
    const cost = args.length === 0 ? BCRYPT_DEFAULT_COST : ctx.int(args[0]);
    report(ctx, node, symbol, 'bcrypt', cost !== undefined ? { cost } : {}, ['cost'], ['keyderive'], jbcrypt ? { ecosystem: 'maven', name: 'org.mindrot:jbcrypt' } : SPRING_LIBRARY);
    return;
  }
  if (!isSpring(ctx, owner, simple)) return;
  const defaults = DEFAULTS[simple]?.[method];
  if (defaults) {
    report(ctx, node, symbol, defaults.spelling, defaults.params, [], ['keyderive'], SPRING_LIBRARY);
    return;
  }
  if (simple === 'PasswordEncoderFactories' && method === 'createDelegatingPasswordEncoder') {
    // Encodes new passwords with bcrypt at its default strength (and still verifies the legacy formats).
    report(ctx, node, symbol, 'bcrypt', { cost: BCRYPT_DEFAULT_COST }, [], ['keyderive'], SPRING_LIBRARY);
    return;
  }
  const enc = simple === 'Encryptors' ? ENCRYPTORS[method] : undefined;
  if (enc) {
    report(ctx, node, symbol, 'AES', { keySize: 256, mode: enc.mode }, [], ['encrypt', 'decrypt'], SPRING_LIBRARY);
    report(ctx, node, symbol, 'PBKDF2', ENCRYPTOR_KDF, [], ['keyderive'], SPRING_LIBRARY);
    if (enc.constantIv) {
      ctx.sink.signal(node, symbol, 'static-iv', 'Encryptors.queryableText encrypts every value with the same IV (deterministic AES-CBC)', {
        related: { spelling: 'AES', params: { keySize: 256, mode: 'CBC' } },
        library: SPRING_LIBRARY,
      });
    }
  }
}
