// Argument resolution in the Java detector: constants of other classes, concatenation,
// reassignment, scopes, fields set in constructors, and what stays unknown.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect, signals } from './helpers.js';

test('a constant declared in another class of the same file resolves (Config.KEY_BITS)', () => {
  const found = algorithms(`
import java.security.KeyPairGenerator;
class Config { static final int KEY_BITS = 2048 * 2; }
class Keys {
  void make() throws Exception {
    KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA");
    kpg.initialize(Config.KEY_BITS);
  }
}`);
  assert.deepEqual(found.map((f) => [f.name, f.params.keySize]), [['RSA-4096', 4096]]);
});

test('string concatenation builds the transformation; key bytes give the key size', () => {
  const [cipher] = algorithms(`
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
class Box {
  private static final String ALG = "AES";
  private static final String MODE = "/" + "CBC";
  byte[] seal(byte[] in) throws Exception {
    String t = ALG + MODE;
    t += "/PKCS5Padding";
    byte[] key = new byte[] {1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24};
    Cipher c = Cipher.getInstance(t);
    c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, ALG));
    return c.doFinal(in);
  }
}`);
  assert.equal(cipher?.name, 'AES-192-CBC-PKCS5');
  assert.deepEqual(cipher?.functions, ['encrypt']);
});

test('the last assignment before the use wins; a later reassignment does not leak backwards', () => {
  const found = algorithms(`
import java.security.MessageDigest;
class Digests {
  void run() throws Exception {
    String alg = "MD5";
    MessageDigest first = MessageDigest.getInstance(alg);
    alg = "SHA-" + 256;
    MessageDigest second = MessageDigest.getInstance(alg);
  }
}`);
  assert.deepEqual(found.map((f) => [f.line, f.name]), [[6, 'MD5'], [8, 'SHA-256']]);
});

test('variables of the same name in different methods do not mix', () => {
  const found = algorithms(`
import java.security.KeyPairGenerator;
class Two {
  void a() throws Exception { KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA"); kpg.initialize(2048); }
  void b() throws Exception { KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA"); kpg.initialize(4096); }
}`);
  assert.deepEqual(found.map((f) => f.name), ['RSA-2048', 'RSA-4096']);
});

test('a field assigned in the constructor links a signature to its key size and curve', () => {
  const found = algorithms(`
import java.security.*;
import java.security.spec.ECGenParameterSpec;
class Signer {
  private final KeyPair pair;
  Signer() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(new ECGenParameterSpec("secp521r1"));
    pair = g.generateKeyPair();
  }
  byte[] sign(byte[] d) throws Exception {
    Signature s = Signature.getInstance("SHA512withECDSA");
    s.initSign(pair.getPrivate());
    s.update(d);
    return s.sign();
  }
}`);
  assert.deepEqual(found.map((f) => f.name), ['ECDSA-P521', 'ECDSA-P521-SHA-512']);
});

test('what cannot be resolved stays unknown: no default key size, unresolved lists it', () => {
  const found = algorithms(`
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.spec.SecretKeySpec;
class Unknowns {
  byte[] seal(byte[] key, String transformation, byte[] in) throws Exception {
    Cipher a = Cipher.getInstance("AES/GCM/NoPadding");
    a.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
    Cipher b = Cipher.getInstance(transformation);
    KeyGenerator g = KeyGenerator.getInstance("AES");
    return a.doFinal(in);
  }
}`);
  const [gcm, dynamic, keygen] = found;
  assert.equal(gcm?.name, 'AES-GCM');
  assert.equal(gcm?.params.keySize, undefined);
  assert.deepEqual(gcm?.unresolved, ['keySize']);
  assert.equal(dynamic?.spelling, 'unknown-cipher');
  assert.equal(dynamic?.name, 'unknown-cipher');
  assert.equal(keygen?.name, 'AES');
  assert.deepEqual(keygen?.unresolved, ['keySize']);
});

test('a bare block cipher name leaves mode and padding unknown instead of assuming ECB', () => {
  const [aes] = algorithms(`
import javax.crypto.Cipher;
class Bare { void f() throws Exception { Cipher c = Cipher.getInstance("AES"); } }`);
  assert.equal(aes?.params.mode, undefined);
  assert.deepEqual(aes?.unresolved, ['keySize', 'mode']);
});

test('hard-coded keys and static IVs are signalled; random-filled IVs are not', () => {
  const found = signals(`
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.*;
class Ivs {
  private static final byte[] KEY = "0123456789abcdef".getBytes();
  void f(Cipher c, SecretKeySpec k) throws Exception {
    c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(KEY, "AES"), new IvParameterSpec(new byte[16]));
    byte[] iv = new byte[12];
    new SecureRandom().nextBytes(iv);
    c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
  }
}`);
  assert.deepEqual(found.map((s) => [s.occurrence.line, s.signal]), [[8, 'hardcoded-key'], [8, 'static-iv']]);
});

test('look-alikes are not crypto: a Signature class from another package, singletons named getInstance', () => {
  const found = algorithms(`
import com.acme.docs.Signature;
import com.acme.ui.Cipher;
class Approvals {
  void f() {
    Signature s = Signature.getInstance("manager");
    Cipher c = Cipher.getInstance("rot13");
    Registry r = Registry.getInstance();
    String cipherText = "AES/GCM/NoPadding";
  }
}`);
  assert.deepEqual(found, []);
});

test('Bouncy Castle calls carry the Maven library; JDK calls carry none', () => {
  const found = algorithms(`
import java.security.MessageDigest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
class Mixed {
  void f() throws Exception {
    MessageDigest.getInstance("SHA-256");
    new SHA256Digest();
    GCMBlockCipher gcm = GCMBlockCipher.newInstance(AESEngine.newInstance());
  }
}`);
  assert.deepEqual(found.map((f) => [f.name, f.library?.name ?? null]), [
    ['SHA-256', null],
    ['SHA-256', 'org.bouncycastle:bcprov-jdk18on'],
    ['AES-GCM', 'org.bouncycastle:bcprov-jdk18on'],
  ]);
});

test('evidence: 1-based line and column, byte offset past non-ASCII text, trimmed snippet', () => {
  const src = `// Schlüssel für die Übertragung\nclass E { void f() throws Exception {\n    java.security.MessageDigest.getInstance("SHA-384");\n} }`;
  const [d] = algorithms(src);
  assert.equal(d?.occurrence.line, 3);
  assert.equal(d?.occurrence.column, 5);
  assert.equal(d?.occurrence.offset, Buffer.byteLength(src.slice(0, src.indexOf('java.security.Message'))));
  assert.equal(d?.occurrence.snippet, 'java.security.MessageDigest.getInstance("SHA-384");');
  assert.equal(d?.occurrence.symbol, 'MessageDigest.getInstance');
  assert.equal(d?.occurrence.detector, 'java');
});

test('a key pair returned by a same-file helper method keeps its size', () => {
  const found = algorithms(`
import java.security.*;
class Keys {
  private KeyPair newPair() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(3072);
    return g.generateKeyPair();
  }
  byte[] sign(byte[] d) throws Exception {
    Signature s = Signature.getInstance("SHA384withRSA");
    s.initSign(newPair().getPrivate());
    return s.sign();
  }
}`);
  assert.deepEqual(found.map((f) => f.name), ['RSA-3072', 'RSA-PKCS1-1.5-SHA-384-3072']);
});

test('after a branch, a value set in one arm or in both is each value that reaches there; inside the arm it resolves', () => {
  const found = algorithms(`
import java.security.MessageDigest;
class Hashes {
  void run(boolean strong, boolean legacy) throws Exception {
    String alg = "SHA-1";
    if (strong) {
      alg = "SHA-512";
      MessageDigest inside = MessageDigest.getInstance(alg);
    }
    MessageDigest after = MessageDigest.getInstance(alg);
    String both;
    if (legacy) both = "MD5"; else both = "SHA-256";
    MessageDigest either = MessageDigest.getInstance(both);
    alg = "SHA-384";
    MessageDigest again = MessageDigest.getInstance(alg);
  }
}`);
  // Before the branch rule, line 10 read SHA-512 and line 13 SHA-256 (the last assignment written);
  // from it to v1.7 both were unknown.
  assert.deepEqual(found.map((f) => [f.line, f.name]), [[8, 'SHA-512'], [10, 'SHA-512'], [10, 'SHA-1'], [13, 'MD5'], [13, 'SHA-256'], [15, 'SHA-384']]);
});

test('a key size chosen per case of a switch (groups and arrow rules) is each case\'s after the switch, and the one before it without a default', () => {
  const found = algorithms(`
import java.security.KeyPairGenerator;
class Sizes {
  void make(String level) throws Exception {
    int bits = 2048;
    switch (level) {
      case "high": bits = 4096; break;
      case "low": bits = 1024; break;
      default: break;
    }
    KeyPairGenerator a = KeyPairGenerator.getInstance("RSA");
    a.initialize(bits);
    int curveBits;
    switch (level) {
      case "high" -> curveBits = 3072;
      default -> { curveBits = 2048; }
    }
    KeyPairGenerator b = KeyPairGenerator.getInstance("RSA");
    b.initialize(curveBits);
  }
}`);
  // `default: break;` leaves the 2048 set before the switch.
  assert.deepEqual(found.map((f) => [f.line, f.name, f.params.keySize]), [[11, 'RSA-4096', 4096], [11, 'RSA-1024', 1024], [11, 'RSA-2048', 2048], [18, 'RSA-3072', 3072], [18, 'RSA-2048', 2048]]);
});

test('a field set in one branch of the constructor is unknown; lazy initialisation and try blocks still link', () => {
  const found = algorithms(`
import java.security.KeyPairGenerator;
import javax.crypto.Cipher;
class Holder {
  private int keyBits = 2048;
  private Cipher cipher;
  Holder(boolean big) { if (big) this.keyBits = 4096; }
  void make() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(keyBits);
  }
  Cipher get() throws Exception {
    if (cipher == null) cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(Cipher.ENCRYPT_MODE, new javax.crypto.spec.SecretKeySpec(new byte[32], "AES"));
    return cipher;
  }
  Cipher other() {
    Cipher c;
    try { c = Cipher.getInstance("AES/CBC/PKCS5Padding"); } catch (Exception e) { throw new IllegalStateException(e); }
    c.init(Cipher.DECRYPT_MODE, new javax.crypto.spec.SecretKeySpec(new byte[16], "AES"));
    return c;
  }
}`);
  assert.deepEqual(found.map((f) => [f.line, f.name, f.params.keySize]), [[9, 'RSA', undefined], [13, 'AES-256-GCM', 256], [19, 'AES-128-CBC-PKCS5', 128]]);
});

test('a null default replaced under `if (x == null)` is the value assigned there; a computed default is one value more', () => {
  const found = algorithms(`
import java.security.MessageDigest;
class Defaults {
  MessageDigest pick(String configured) throws Exception {
    String fallback = null;
    if (fallback == null) fallback = "SHA-256";
    MessageDigest a = MessageDigest.getInstance(fallback);
    String chosen = lookup(configured);
    if (chosen == null) {
      chosen = "SHA-512";
    }
    return MessageDigest.getInstance(chosen);
  }
  String lookup(String s) { return s; }
}`);
  assert.deepEqual(found.map((f) => [f.line, f.name]), [[7, 'SHA-256'], [12, 'SHA-512'], [12, 'unknown-hash']]);
});

test('a case group that may fall through leaves the next groups unknown; nested branches and else-if chains join', () => {
  const found = algorithms(`
import java.security.MessageDigest;
class Fallthrough {
  void run(int v, boolean a, boolean b) throws Exception {
    String alg = "SHA-256";
    switch (v) {
      case 1:
        alg = "MD5";
      case 2:
        MessageDigest shared = MessageDigest.getInstance(alg);
        break;
      default:
        break;
    }
    String inner = "SHA-384";
    if (a) {
      if (b) inner = "SHA-1";
      MessageDigest mid = MessageDigest.getInstance(inner);
    } else if (b) {
      MessageDigest other = MessageDigest.getInstance(inner);
    } else {
      inner = "SHA-512";
    }
    MessageDigest end = MessageDigest.getInstance(inner);
  }
}`);
  // Line 24: the first arm's inner join (SHA-1, SHA-384), then the else-if chain's two paths (SHA-384 left
  // from before, SHA-512); the inventory keeps one SHA-384 occurrence.
  assert.deepEqual(found.map((f) => [f.line, f.name]), [[10, 'unknown-hash'], [18, 'SHA-1'], [18, 'SHA-384'], [20, 'SHA-384'], [24, 'SHA-1'], [24, 'SHA-384'], [24, 'SHA-384'], [24, 'SHA-512']]);
});

test('AlgorithmParameterGenerator: DH/DSA domain parameters sized by init(bits) or a DHGenParameterSpec', () => {
  const found = algorithms(`
import java.security.AlgorithmParameterGenerator;
import javax.crypto.spec.DHGenParameterSpec;
class Params {
  void f() throws Exception {
    AlgorithmParameterGenerator dh = AlgorithmParameterGenerator.getInstance("DiffieHellman");
    dh.init(new DHGenParameterSpec(3072, 256));
    AlgorithmParameterGenerator dsa = AlgorithmParameterGenerator.getInstance("DSA");
    dsa.init(2048);
    AlgorithmParameterGenerator unsized = AlgorithmParameterGenerator.getInstance("DH");
  }
}`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.unresolved ?? []]), [[6, 'FFDH-3072', []], [8, 'DSA-2048', []], [10, 'FFDH', ['keySize']]]);
});

test('getInstance("") names no algorithm: an unknown one, never an empty name', () => {
  const found = algorithms(`
import java.security.KeyPairGenerator;
import javax.crypto.Cipher;
class CompileCheck {
  void run() throws Exception {
    KeyPairGenerator.getInstance("").genKeyPair();
    Cipher.getInstance("");
  }
}`);
  assert.deepEqual(found.map((a) => [a.line, a.spelling]), [[6, 'unknown-key-pair-generator'], [7, 'unknown-cipher']]);
});

test('a key hashed with MessageDigest.digest has the digest length; digest(buf, off, len) and an unseen digest do not', () => {
  const source = [
    'import java.security.MessageDigest;',
    'import javax.crypto.Cipher;',
    'import javax.crypto.spec.SecretKeySpec;',
    'class Vault {',
    '  byte[] seal(String secret, byte[] data) throws Exception {',
    '    MessageDigest sha = MessageDigest.getInstance("SHA-256");',
    '    byte[] key = sha.digest(secret.getBytes("UTF-8"));',
    '    Cipher c = Cipher.getInstance("AES/GCM/NoPadding");', // 8
    '    c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));',
    '    return c.doFinal(data);',
    '  }',
    '  SecretKeySpec sha1(byte[] pw) throws Exception { return new SecretKeySpec(MessageDigest.getInstance("SHA").digest(pw), "HmacSHA1"); }', // 12
    '  SecretKeySpec given(MessageDigest md, byte[] pw) { return new SecretKeySpec(md.digest(pw), "AES"); }', // 13
    '}',
  ].join('\n');
  const cipher = algorithms(source).find((a) => a.occurrence.symbol === 'Cipher.getInstance')!;
  assert.deepEqual([cipher.line, cipher.name], [8, 'AES-256-GCM']);
  const keys = detect(source).flatMap((d) => (d.type === 'material' ? [`${d.occurrence.line} ${d.material.size ?? '?'}`] : []));
  assert.deepEqual(keys, ['9 256', '12 160', '13 ?']);
  assert.ok(detect(source).every((d) => d.type !== 'signal'));
});

test('Android Keystore: a KeyGenParameterSpec without a size gets the provider default; another provider\'s generator does not', () => {
  const source = [
    'import android.security.keystore.KeyGenParameterSpec;',
    'import android.security.keystore.KeyProperties;',
    'import java.security.KeyPairGenerator;',
    'class Keys {',
    '  KeyPair rsa(String alias) throws Exception {',
    '    KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA", "AndroidKeyStore");', // 6
    '    kpg.initialize(new KeyGenParameterSpec.Builder(alias, KeyProperties.PURPOSE_DECRYPT)',
    '        .setEncryptionPaddings(KeyProperties.ENCRYPTION_PADDING_RSA_OAEP).build());',
    '    return kpg.generateKeyPair();',
    '  }',
    '  KeyPair ec(String alias) throws Exception {',
    '    KeyPairGenerator kpg = KeyPairGenerator.getInstance(KeyProperties.KEY_ALGORITHM_EC, "AndroidKeyStore");', // 12
    '    kpg.initialize(new KeyGenParameterSpec.Builder(alias, KeyProperties.PURPOSE_SIGN).setKeySize(384).build());',
    '    return kpg.generateKeyPair();',
    '  }',
    '  KeyPair plain() throws Exception { return KeyPairGenerator.getInstance("RSA").generateKeyPair(); }', // 16
    '}',
  ].join('\n');
  assert.deepEqual(algorithms(source).map((a) => `${a.line} ${a.name}`), ['6 RSA-2048', '12 ECDSA-P384', '16 RSA']);
});

test('an EC generator sized in bits makes a key on the NIST curve of that size; other sizes keep the size only', () => {
  const source = [
    'import java.security.KeyPairGenerator;',
    'class Ec {',
    '  void keys() throws Exception {',
    '    KeyPairGenerator a = KeyPairGenerator.getInstance("EC");', // 4
    '    a.initialize(384);',
    '    KeyPairGenerator b = KeyPairGenerator.getInstance("EC");', // 6
    '    b.initialize(521);',
    '    KeyPairGenerator c = KeyPairGenerator.getInstance("EC");', // 8
    '    c.initialize(163);',
    '    KeyPairGenerator r = KeyPairGenerator.getInstance("RSA");', // 10
    '    r.initialize(384);',
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(algorithms(source).map((a) => `${a.line} ${a.name} ${a.params.curve ?? '-'}`), ['4 ECDSA-P384 P-384', '6 ECDSA-P521 P-521', '8 ECDSA -', '10 RSA-384 -']);
});
