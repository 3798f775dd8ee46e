// Apache Shiro's crypto API: cipher services made without arguments carry Shiro's defaults, hashes
// their digest, the RememberMe key its size (and hardcoded-key when it is fixed in source).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, signals } from './helpers.js';

test('Shiro 2 cipher services: AES-128-GCM, Blowfish and DefaultBlockCipherService CBC/PKCS5, setters override', () => {
  const found = algorithms(`
import org.apache.shiro.crypto.cipher.AesCipherService;
import org.apache.shiro.crypto.cipher.BlowfishCipherService;
import org.apache.shiro.crypto.cipher.DefaultBlockCipherService;
import org.apache.shiro.crypto.cipher.OperationMode;
class Vault {
  private final AesCipherService cookies = new AesCipherService();
  byte[] seal(byte[] data, byte[] key) {
    BlowfishCipherService legacy = new BlowfishCipherService();
    DefaultBlockCipherService strong = new DefaultBlockCipherService("AES");
    strong.setKeySize(256);
    strong.setMode(OperationMode.CTR);
    return strong.encrypt(data, key).getBytes();
  }
}`);
  assert.deepEqual(found.map((f) => [f.line, f.name]), [
    [7, 'AES-128-GCM'],
    [9, 'Blowfish-CBC-PKCS5'],
    [10, 'AES-256-CTR'],
  ]);
  assert.equal(found[1]?.params.keySize, 128);
  assert.deepEqual(found.map((f) => f.library?.name), Array(3).fill('org.apache.shiro:shiro-crypto-cipher'));
});

test('Shiro 1 AesCipherService (org.apache.shiro.crypto) is AES-128 of a mode that depends on the release', () => {
  const [aes] = algorithms(`
import org.apache.shiro.crypto.AesCipherService;
class Legacy { Object cs = new AesCipherService(); }`);
  assert.deepEqual([aes?.name, aes?.params.keySize, aes?.params.mode, aes?.unresolved], ['AES-128', 128, undefined, ['mode']]);
});

test('hash classes, SimpleHash and credentials matchers name their digest', () => {
  const found = algorithms(`
import org.apache.shiro.crypto.hash.Md5Hash;
import org.apache.shiro.crypto.hash.Sha256Hash;
import org.apache.shiro.crypto.hash.SimpleHash;
import org.apache.shiro.authc.credential.HashedCredentialsMatcher;
class Users {
  String store(String password, String salt) {
    String legacy = new Md5Hash(password, salt, 2).toHex();
    String hashed = new Sha256Hash(password, salt, 1024).toBase64();
    return new SimpleHash("SHA-512", password, salt, 500000).toHex();
  }
  HashedCredentialsMatcher matcher() {
    HashedCredentialsMatcher m = new HashedCredentialsMatcher();
    m.setHashAlgorithmName("SHA-256");
    return m;
  }
}`);
  assert.deepEqual(found.map((f) => [f.line, f.name]), [[8, 'MD5'], [9, 'SHA-256'], [10, 'SHA-512'], [14, 'SHA-256']]);
});

test('a RememberMe key decoded from a literal is a hard-coded AES-128 key; a generated one is not', () => {
  const found = signals(`
import org.apache.shiro.codec.Base64;
import org.apache.shiro.web.mgt.CookieRememberMeManager;
class Security {
  CookieRememberMeManager fixed() {
    CookieRememberMeManager m = new CookieRememberMeManager();
    m.setCipherKey(Base64.decode("c2hpcm8tZGVtby1rZXkhIQ=="));
    return m;
  }
  CookieRememberMeManager generated(byte[] key) {
    CookieRememberMeManager m = new CookieRememberMeManager();
    m.setCipherKey(key);
    return m;
  }
}`);
  assert.deepEqual(found.map((s) => [s.signal, s.occurrence.line, s.related?.params.keySize]), [['hardcoded-key', 7, 128]]);
});

test('same-named classes of the application, and setters in files that do not name Shiro, are not Shiro', () => {
  const source = `
import com.acme.crypto.AesCipherService;
import com.acme.hash.Sha256Hash;
class App {
  Object a = new AesCipherService();
  Object b = new Sha256Hash("x");
  void configure(Settings s) { s.setHashAlgorithmName("SHA-256"); s.setCipherKey(new byte[16]); }
}`;
  assert.deepEqual(algorithms(source), []);
  assert.deepEqual(signals(source), []);
});
