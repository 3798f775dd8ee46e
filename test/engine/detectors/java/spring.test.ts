// Spring Security crypto and jBCrypt: password encoders and Encryptors with the parameters their
// constructors are given, or the defaults Spring's classes fix when they are not; same-named classes
// of the application are not Spring's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect, signals } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.params, a.functions?.join('+'), a.library?.name ?? '']);
const SPRING = 'org.springframework.security:spring-security-crypto';

describe('Spring Security password encoders', () => {
  it('bcrypt, PBKDF2, scrypt and Argon2 encoders: explicit parameters, Spring defaults, and the deprecated defaults', () => {
    const source = [
      'package com.example.auth;',
      '',
      'import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;',
      'import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;',
      'import org.springframework.security.crypto.password.Pbkdf2PasswordEncoder;',
      'import org.springframework.security.crypto.scrypt.SCryptPasswordEncoder;',
      '',
      'class PasswordConfig {',
      '  private static final int STRENGTH = 12;',
      '  void encoders() {',
      '    new BCryptPasswordEncoder();',
      '    new BCryptPasswordEncoder(STRENGTH);',
      '    new Pbkdf2PasswordEncoder("pepper", 16, 310000, Pbkdf2PasswordEncoder.SecretKeyFactoryAlgorithm.PBKDF2WithHmacSHA512);',
      '    new Pbkdf2PasswordEncoder("pepper", 1000, 256);',
      '    Pbkdf2PasswordEncoder.defaultsForSpringSecurity_v5_8();',
      '    new SCryptPasswordEncoder(32768, 8, 1, 32, 16);',
      '    Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8();',
      '    new Argon2PasswordEncoder();',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [11, 'bcrypt-10', { cost: 10 }, 'keyderive', SPRING],
      [12, 'bcrypt-12', { cost: 12 }, 'keyderive', SPRING],
      [13, 'PBKDF2-SHA-512-310000', { hash: 'SHA-512', iterations: 310000, saltLength: 16 }, 'keyderive', SPRING],
      [14, 'PBKDF2-SHA-1-1000', { hash: 'SHA-1', iterations: 1000, outputLength: 256 }, 'keyderive', SPRING],
      [15, 'PBKDF2-SHA-256-310000', { hash: 'SHA-256', iterations: 310000, saltLength: 16, outputLength: 256 }, 'keyderive', SPRING],
      [16, 'scrypt-32768', { cost: 32768, memoryCost: 32768, parallelism: 1, outputLength: 256, saltLength: 16 }, 'keyderive', SPRING],
      [17, 'Argon2id-16384-2-1', { saltLength: 16, outputLength: 256, parallelism: 1, memoryCost: 16384, cost: 2 }, 'keyderive', SPRING],
      [18, 'Argon2id-4096-3-1', { saltLength: 16, outputLength: 256, parallelism: 1, memoryCost: 4096, cost: 3 }, 'keyderive', SPRING],
    ]);
  });

  it('digest-based legacy encoders name their hash, and the delegating encoder encodes with bcrypt', () => {
    const source = [
      'import org.springframework.security.crypto.factory.PasswordEncoderFactories;',
      'import org.springframework.security.crypto.password.*;',
      '',
      'class Legacy {',
      '  void encoders() {',
      '    new MessageDigestPasswordEncoder("MD5");',
      '    new StandardPasswordEncoder();',
      '    PasswordEncoderFactories.createDelegatingPasswordEncoder();',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      algorithms(source).map((a) => [a.line, a.name]),
      [[6, 'MD5'], [7, 'SHA-256'], [8, 'bcrypt-10']],
    );
  });

  it('jBCrypt and Spring BCrypt.gensalt', () => {
    const source = [
      'import org.mindrot.jbcrypt.BCrypt;',
      '',
      'class Users {',
      '  String hash(String pw) {',
      '    return BCrypt.hashpw(pw, BCrypt.gensalt(13));',
      '  }',
      '  String quick(String pw) {',
      '    return BCrypt.hashpw(pw, BCrypt.gensalt());',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [5, 'bcrypt-13', { cost: 13 }, 'keyderive', 'org.mindrot:jbcrypt'],
      [8, 'bcrypt-10', { cost: 10 }, 'keyderive', 'org.mindrot:jbcrypt'],
    ]);
  });

  it('a comment among the arguments is not an argument', () => {
    const source = [
      'import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;',
      '',
      'class Config {',
      '  Object encoder() { return new BCryptPasswordEncoder(/* strength */ 12); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [[4, 'bcrypt-12', { cost: 12 }, 'keyderive', SPRING]]);
  });

  it("an application's own classes of the same names are not Spring's", () => {
    const source = [
      'package com.example.auth;',
      '',
      'import com.example.auth.legacy.BCryptPasswordEncoder;',
      '',
      'class Own {',
      '  void run() {',
      '    new BCryptPasswordEncoder(4);',
      '    new Pbkdf2PasswordEncoder("x", 10, 256);',
      '    BCrypt.gensalt(4);',
      '    Encryptors.text("pw", "salt");',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(detect(source), []);
  });
});

describe('Spring Security Encryptors', () => {
  it('AES-256 in GCM or CBC under a PBKDF2-HMAC-SHA-1 key with 1,024 iterations; queryableText has a constant IV', () => {
    const source = [
      'import org.springframework.security.crypto.encrypt.Encryptors;',
      'import org.springframework.security.crypto.encrypt.TextEncryptor;',
      '',
      'class Vault {',
      '  TextEncryptor strong(String pw, String salt) { return Encryptors.delux(pw, salt); }',
      '  TextEncryptor plain(String pw, String salt) { return Encryptors.text(pw, salt); }',
      '  TextEncryptor lookup(String pw, String salt) { return Encryptors.queryableText(pw, salt); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+')]),
      [
        [5, 'AES-256-GCM', 'encrypt+decrypt'],
        [5, 'PBKDF2-SHA-1-1024', 'keyderive'],
        [6, 'AES-256-CBC', 'encrypt+decrypt'],
        [6, 'PBKDF2-SHA-1-1024', 'keyderive'],
        [7, 'AES-256-CBC', 'encrypt+decrypt'],
        [7, 'PBKDF2-SHA-1-1024', 'keyderive'],
      ],
    );
    assert.deepEqual(signals(source).map((s) => [s.signal, s.occurrence.line]), [['static-iv', 7]]);
  });
});
