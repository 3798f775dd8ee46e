// Values a helper's parameters receive from the file's own calls (Evaluator.eachCase and the Java and
// Python callSiteArguments): one use per call site, with all its arguments together, reported at the
// helper's crypto call and at the call that passes the value; callers in other files as an unknown
// case unless the helper is private; recursion, spreads and utilities left unknown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as java from '../java/helpers.js';
import * as python from '../python/helpers.js';

const names = (rows: { line: number; name: string }[]) => rows.map((a) => `${a.line} ${a.name}`).sort();

describe('values passed by the file\'s own calls', () => {
  it('takes every argument of one call together, never a mix of two calls', () => {
    const source = [
      'import java.security.KeyPair;',
      'import java.security.KeyPairGenerator;',
      'class Keys {',
      '  KeyPair signing() throws Exception { return generate("RSA", 3072); }',
      '  KeyPair legacy() throws Exception { return generate("DSA", 2048); }',
      '  private static KeyPair generate(String algorithm, int bits) throws Exception {',
      '    KeyPairGenerator kpg = KeyPairGenerator.getInstance(algorithm);',
      '    kpg.initialize(bits);',
      '    return kpg.generateKeyPair();',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(names(java.algorithms(source)), ['4 RSA-3072', '5 DSA-2048', '7 DSA-2048', '7 RSA-3072']);
  });

  it('adds the unknown case of other files\' callers to a method they can call', () => {
    const source = [
      'import java.security.MessageDigest;',
      'public class Digests {',
      '  public static byte[] sha512(byte[] d) throws Exception { return digest(d, "SHA-512"); }',
      '  public static byte[] digest(byte[] d, String algorithm) throws Exception {',
      '    return MessageDigest.getInstance(algorithm).digest(d);',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(names(java.algorithms(source)), ['3 SHA-512', '5 SHA-512', '5 unknown-hash']);
  });

  it('leaves out recursive calls, and a utility called from too many places', () => {
    const recursive = [
      'import java.security.MessageDigest;',
      'class Chain {',
      '  byte[] run(byte[] d) throws Exception { return pick(d, "SHA-384", 3); }',
      '  private byte[] pick(byte[] d, String alg, int rounds) throws Exception {',
      '    if (rounds > 0) return pick(d, alg, rounds - 1);',
      '    return MessageDigest.getInstance(alg).digest(d);',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(names(java.algorithms(recursive)), ['3 SHA-384', '6 SHA-384']);
    const calls = Array.from({ length: 17 }, (_, i) => `  byte[] c${i}(byte[] d) throws Exception { return h(d, "SHA-256"); }`);
    const utility = [
      'import java.security.MessageDigest;',
      'class Many {',
      ...calls,
      '  private byte[] h(byte[] d, String alg) throws Exception { return MessageDigest.getInstance(alg).digest(d); }',
      '}',
    ].join('\n');
    assert.deepEqual(names(java.algorithms(utility)), ['20 unknown-hash']);
  });

  it('takes a key\'s size from a caller but not its literal origin: no hard-coded key at the helper', () => {
    const source = [
      'import javax.crypto.Cipher;',
      'import javax.crypto.spec.SecretKeySpec;',
      'class Box {',
      '  Cipher demo() throws Exception { return open("0123456789abcdef0123456789abcdef".getBytes()); }',
      '  private Cipher open(byte[] key) throws Exception {',
      '    Cipher c = Cipher.getInstance("AES/GCM/NoPadding");',
      '    c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"));',
      '    return c;',
      '  }',
      '}',
    ].join('\n');
    assert.ok(names(java.algorithms(source)).includes('6 AES-256-GCM'));
    assert.deepEqual(java.signals(source).map((s) => s.signal), []);
  });

  it('Python: keyword and default arguments, a call that spreads its arguments stays unknown', () => {
    const source = [
      'import hashlib',
      '',
      'def _digest(data, algorithm="sha256"):',
      '    return hashlib.new(algorithm, data).digest()',
      '',
      'def _nested():',
      '    def keyed(data, name):',
      '        return hashlib.new(name, data).digest()',
      '    opts = {"name": "sha1"}',
      '    return keyed(b"x", "blake2b"), keyed(b"y", **opts)',
      '',
      'A = _digest(b"a")',
      'B = _digest(b"b", algorithm="sha384")',
    ].join('\n');
    // The default is where SHA-256 is chosen for `_digest(b"a")`.
    assert.deepEqual(names(python.algorithms(source)), ['10 BLAKE2b-512', '13 SHA-384', '3 SHA-256', '4 SHA-256', '4 SHA-384', '4 unknown-hash', '8 BLAKE2b-512', '8 unknown-hash']);
  });

  it('a same-file function\'s return value, with this call\'s arguments; an overridable one\'s plus the unknown case', () => {
    const source = [
      'import java.security.MessageDigest;',
      'import java.security.SecureRandom;',
      'import javax.crypto.Cipher;',
      'class Suite {',
      '  private static String transformation(String mode) { return "AES/" + mode + "/NoPadding"; }',
      '  protected String digestName() { return "SHA-1"; }',
      '  private static byte[] key() { byte[] k = new byte[16]; new SecureRandom().nextBytes(k); return k; }',
      '  Cipher gcm() throws Exception { return Cipher.getInstance(transformation("GCM")); }',
      '  Cipher ctr() throws Exception { return Cipher.getInstance(transformation("CTR")); }',
      '  byte[] d(byte[] x) throws Exception { return MessageDigest.getInstance(digestName()).digest(x); }',
      '}',
    ].join('\n');
    assert.deepEqual(names(java.algorithms(source)), ['10 SHA-1', '10 unknown-hash', '8 AES-GCM', '9 AES-CTR']);
    const py = [
      'import hashlib',
      '',
      'def _name(legacy):',
      '    return "sha1" if legacy else "sha256"',
      '',
      'def _fixed():',
      '    return "sha384"',
      '',
      'A = hashlib.new(_fixed(), b"a")',
      'B = hashlib.new(_name(True), b"b")',
    ].join('\n');
    // A conditional expression whose condition the call fixes (`legacy` is True) is that branch.
    assert.deepEqual(names(python.algorithms(py)), ['10 SHA-1', '9 SHA-384']);
  });

  it('a value added to in a loop is unknown, also when it starts from a caller\'s argument', () => {
    const source = [
      'import javax.crypto.SecretKeyFactory;',
      'import javax.crypto.spec.PBEKeySpec;',
      'class Calibrate {',
      '  void start() throws Exception { run(180000); }',
      '  private void run(int iterations) throws Exception {',
      '    while (iterations < 400000) {',
      '      iterations += 10000;',
      '      SecretKeyFactory f = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");',
      '      f.generateSecret(new PBEKeySpec("pw".toCharArray(), new byte[16], iterations, 256));',
      '    }',
      '  }',
      '}',
    ].join('\n');
    const pbkdf2 = java.algorithms(source).filter((a) => a.name.startsWith('PBKDF2'));
    assert.ok(pbkdf2.length > 0);
    for (const a of pbkdf2) assert.equal(a.params?.iterations, undefined, `${a.line} ${a.name}`);
  });
});


describe('a caller\'s string literal is not the helper\'s', () => {
  it('Java and Python: key bytes from a string passed in keep their length, no hard-coded key or password at the helper', () => {
    const source = [
      'import javax.crypto.Mac;',
      'import javax.crypto.spec.PBEKeySpec;',
      'import javax.crypto.spec.SecretKeySpec;',
      'class Hooks {',
      '  byte[] demo(byte[] d) throws Exception { return sign("0123456789abcdef", d); }',
      '  Object pbe() { return spec("hunter2"); }',
      '  private byte[] sign(String secret, byte[] d) throws Exception {',
      '    Mac mac = Mac.getInstance("HmacSHA256");',
      '    mac.init(new SecretKeySpec(secret.getBytes(), "HmacSHA256"));',
      '    return mac.doFinal(d);',
      '  }',
      '  private PBEKeySpec spec(String password) { return new PBEKeySpec(password.toCharArray(), new byte[16], 600000, 256); }',
      '}',
    ].join('\n');
    assert.deepEqual(java.signals(source).map((s) => s.signal), []);
    // The same literal written in the helper itself is one.
    assert.deepEqual(java.signals(source.replace('secret.getBytes()', '"0123456789abcdef".getBytes()')).map((s) => s.signal), ['hardcoded-key']);
    const py = [
      'import hashlib',
      'import hmac',
      '',
      'def _tag(secret, data):',
      '    return hmac.new(secret.encode(), data, hashlib.sha256).digest()',
      '',
      'def _stretch(password, salt):',
      '    return hashlib.pbkdf2_hmac("sha256", password, salt, 600000)',
      '',
      'T = _tag("0123456789abcdef", b"x")',
      'K = _stretch("hunter2", b"salt")',
    ].join('\n');
    assert.deepEqual(python.signals(py).map((s) => s.signal), []);
  });
});
