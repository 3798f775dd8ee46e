// An expression that can take one of several values (`c ? a : b`, `a if c else b`) or a default
// (`opts.alg || 'sha256'`, `a ?? b`, Kotlin's `?:`, PHP's `?:`) is a use of each value
// (Evaluator: `choice` and `fallback` shapes, run once per case within eachCase). A condition the
// case fixes picks its branch; a known operand of a fallback stands alone.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as c from '../c/helpers.js';
import * as csharp from '../csharp/helpers.js';
import * as go from '../go/helpers.js';
import * as java from '../java/helpers.js';
import * as js from '../javascript/helpers.js';
import * as kotlin from '../kotlin/helpers.js';
import * as php from '../php/helpers.js';
import * as python from '../python/helpers.js';
import * as ruby from '../ruby/helpers.js';
import * as rust from '../rust/helpers.js';
import * as swift from '../swift/helpers.js';

const rows = (found: { line: number; name: string }[]) => [...new Set(found.map((a) => `${a.line} ${a.name}`))].sort();

describe('choices and defaults: a use of each value an expression can take', () => {
  it('Java: a ternary, with the branch a literal condition picks', () => {
    const source = [
      'import javax.crypto.Cipher;',
      'import java.security.MessageDigest;',
      'class Sealer {',
      '  private final boolean fips;',
      '  Sealer(boolean fips) { this.fips = fips; }',
      '  Cipher cipher() throws Exception { return Cipher.getInstance(fips ? "AES/GCM/NoPadding" : "DESede/CBC/PKCS5Padding"); }', // 6
      '  MessageDigest md() throws Exception { return MessageDigest.getInstance(true ? "SHA-256" : "MD5"); }', // 7
      '}',
    ].join('\n');
    assert.deepEqual(rows(java.algorithms(source)), ['6 3DES-168-CBC-PKCS5', '6 AES-GCM', '7 SHA-256']);
  });

  it('Python: `x or default` and `a if c else b`; a known operand stands alone', () => {
    const source = [
      'import hashlib',
      'from cryptography.hazmat.primitives.asymmetric import rsa',
      '',
      'def fingerprint(data, settings):',
      '    return hashlib.new(settings.get("digest") or "sha1", data)', // 5
      '',
      'def key(legacy):',
      '    return rsa.generate_private_key(public_exponent=65537, key_size=1024 if legacy else 3072)', // 8
      '',
      'DIGEST = "sha512" or "md5"',
      'h = hashlib.new(DIGEST)', // 11
    ].join('\n');
    assert.deepEqual(rows(python.algorithms(source)), ['11 SHA-512', '5 SHA-1', '5 unknown-hash', '8 RSA-1024', '8 RSA-3072']);
  });

  it('C: a conditional expression naming either of two algorithms', () => {
    const source = [
      '#include <openssl/evp.h>',
      'const EVP_MD *pick(int strong) {',
      '  return strong ? EVP_sha384() : EVP_sha1();', // 3
      '}',
      'EVP_PKEY *kem(int level) {',
      '  const char *name = level >= 5 ? "ML-KEM-1024" : "ML-KEM-768";',
      '  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, name, NULL);', // 7
      '  EVP_PKEY *out = NULL;',
      '  EVP_PKEY_keygen_init(ctx);',
      '  EVP_PKEY_keygen(ctx, &out);',
      '  return out;',
      '}',
    ].join('\n');
    assert.deepEqual(rows(c.algorithms(source)), ['3 SHA-1', '3 SHA-384', '7 ML-KEM-1024', '7 ML-KEM-768']);
  });

  it('C#: `??` and a conditional expression', () => {
    const source = csharp.csFile([
      '    public static HashAlgorithm Hash(string name) => HashAlgorithm.Create(name ?? "SHA1");',
      '    public static RSA Rsa(bool legacy) => RSA.Create(legacy ? 1024 : 2048);',
    ].join('\n'));
    const found = rows(csharp.algorithms(source)).map((r) => r.replace(/^\d+ /, ''));
    assert.deepEqual(found.sort(), ['RSA-1024', 'RSA-2048', 'SHA-1', 'unknown-hash']);
  });

  it('Kotlin: the elvis operator', () => {
    const source = [
      'import java.security.MessageDigest',
      'fun digest(data: ByteArray, algorithm: String?): ByteArray =',
      '    MessageDigest.getInstance(algorithm ?: "SHA-1").digest(data)', // 3
    ].join('\n');
    assert.deepEqual(rows(kotlin.algorithms(source, 'app/src/main/java/a/Digest.kt')), ['3 SHA-1', '3 unknown-hash']);
  });

  it('Swift: `??` and a ternary', () => {
    const source = [
      'import CryptoKit',
      'func seal(_ data: Data, key: SymmetricKey?) throws -> Data {',
      '    let k = key ?? SymmetricKey(size: .bits128)',
      '    return try AES.GCM.seal(data, using: k).combined!', // 4
      '}',
      'func wrap(_ data: Data, strong: Bool) throws -> Data {',
      '    let k = SymmetricKey(size: strong ? .bits256 : .bits192)',
      '    return try AES.GCM.seal(data, using: k).combined!', // 8
      '}',
    ].join('\n');
    assert.deepEqual(rows(swift.algorithms(source)), ['4 AES-128-GCM', '4 AES-GCM', '8 AES-192-GCM', '8 AES-256-GCM']);
  });

  it('Ruby: `||` defaults and a ternary', () => {
    const source = [
      "require 'openssl'",
      'class Sealer',
      '  def initialize(opts = {})',
      "    @cipher = opts[:cipher] || 'aes-128-ecb'",
      '  end',
      '  def cipher',
      '    OpenSSL::Cipher.new(@cipher)', // 7
      '  end',
      '  def digest(fast)',
      "    OpenSSL::Digest.new(fast ? 'MD5' : 'SHA256')", // 10
      '  end',
      'end',
    ].join('\n');
    assert.deepEqual(rows(ruby.algorithms(source)), ['10 MD5', '10 SHA-256', '7 AES-128-ECB', '7 unknown-cipher']);
  });

  it('PHP: `??`, `?:` and a ternary; `||` is a boolean, not a default', () => {
    const source = [
      '<?php',
      'function seal(string $data, string $key, array $opts = []): string {',
      "    $method = $opts['cipher'] ?? 'aes-128-cbc';",
      "    return openssl_encrypt($data, $method, $key, 0, random_bytes(16));", // 4
      '}',
      'function mac(string $data, string $key, ?string $algo, bool $legacy): string {',
      "    return hash_hmac($legacy ? 'md5' : ($algo ?: 'sha256'), $data, $key);", // 7
      '}',
      'function tag(string $data, $algo): string {',
      "    return hash($algo || 'sha1', $data);", // 10
      '}',
    ].join('\n');
    assert.deepEqual(rows(php.algorithms(source)), [
      // `$algo ?: 'sha256'` with `$algo` from callers elsewhere: their unknown MAC, or HMAC-SHA-256.
      '10 unknown-hash', '4 AES-128-CBC', '4 unknown-cipher', '7 HMAC', '7 HMAC-MD5', '7 HMAC-SHA-256',
    ]);
  });

  it('a same-file function returning different values on different paths: a use of each, a None guard aside', () => {
    const source = [
      'import hashlib',
      'from cryptography.hazmat.primitives.asymmetric import ec',
      '',
      'def _digest_name(legacy):',
      '    if legacy:',
      '        return "sha1"',
      '    return "sha256"',
      '',
      'def _curve(name):',
      '    if name is None:',
      '        return None',
      '    return ec.SECP384R1()',
      '',
      'def fingerprint(data, legacy):',
      '    return hashlib.new(_digest_name(legacy), data)', // 15
      '',
      'def key(name):',
      '    return ec.generate_private_key(_curve(name))', // 18
    ].join('\n');
    assert.deepEqual(rows(python.algorithms(source)), ['15 SHA-1', '15 SHA-256', '18 ECDSA-P384']);
  });

  it('a loop over a literal list: a use of each element (Java, Python, JS/TS)', async () => {
    const javaSource = [
      'import java.security.MessageDigest;',
      'import javax.crypto.Mac;',
      'class Agility {',
      '  void digests(byte[] data) throws Exception {',
      '    String[] algorithms = { "SHA-1", "SHA-256" };',
      '    for (String algorithm : algorithms) {',
      '      MessageDigest.getInstance(algorithm).digest(data);', // 7
      '    }',
      '    for (String m : new String[] { "HmacMD5", "HmacSHA512" }) Mac.getInstance(m);', // 9
      '    for (String p : providers()) MessageDigest.getInstance(p);', // 10
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(rows(java.algorithms(javaSource)), ['10 unknown-hash', '7 SHA-1', '7 SHA-256', '9 HMAC-MD5', '9 HMAC-SHA-512']);
    const pySource = [
      'import hashlib',
      'for alg in ("md5", "sha3_256"):',
      '    hashlib.new(alg)', // 3
      'for name, size in [("sha1", 20)]:',
      '    hashlib.new(name)', // 5
    ].join('\n');
    // Unpacked targets are not read.
    assert.deepEqual(rows(python.algorithms(pySource)), ['3 MD5', '3 SHA3-256', '5 unknown-hash']);
    const js = await import('../javascript/helpers.js');
    const jsSource = [
      "import { createHash } from 'node:crypto';",
      "for (const alg of ['sha1', 'sha512']) createHash(alg);", // 2
      'for (const k in { md5: 1 }) createHash(k);', // 3
    ].join('\n');
    assert.deepEqual(rows(js.algorithms(jsSource, 'src/a.ts')), ['2 SHA-1', '2 SHA-512', '3 unknown-hash']);
  });

  it('a configured value with a default in the code: the default and the configuration\'s unknown', () => {
    const javaSource = [
      'import java.util.Properties;',
      'import javax.crypto.Cipher;',
      'class Config {',
      '  private final Properties properties = new Properties();',
      '  Cipher cipher() throws Exception {',
      '    return Cipher.getInstance(properties.getProperty("cipher.algorithm", "DES/CBC/PKCS5Padding"));', // 6
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(rows(java.algorithms(javaSource)), ['6 DES-CBC-PKCS5', '6 unknown-cipher']);
    const pySource = [
      'import hashlib, os',
      'h = hashlib.new(os.environ.get("FINGERPRINT_HASH", "md5"))', // 2
      'g = hashlib.new(os.getenv("OTHER_HASH"))', // 3
    ].join('\n');
    assert.deepEqual(rows(python.algorithms(pySource)), ['2 MD5', '2 unknown-hash', '3 unknown-hash']);
  });
});

describe('multi-way expressions: a use of each arm\'s value (an arm that throws, returns or panics gives none)', () => {
  it('Java switch expression, Kotlin when, C# switch expression', () => {
    const javaSource = [
      'import java.security.MessageDigest;',
      'class M {',
      '  MessageDigest f(int k) throws Exception {',
      '    String alg = switch (k) { case 1 -> "MD5"; case 2 -> { yield "SHA-1"; } case 3 -> "SHA-256"; default -> throw new IllegalArgumentException(); };',
      '    return MessageDigest.getInstance(alg);', // 5
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(rows(java.algorithms(javaSource)), ['5 MD5', '5 SHA-1', '5 SHA-256']);
    const kotlinSource = [
      'import java.security.MessageDigest',
      'fun f(k: Int): MessageDigest {',
      '    val alg = when (k) { 1 -> "MD5"; 2 -> { log("legacy"); "SHA-1" } else -> throw IllegalArgumentException() }',
      '    return MessageDigest.getInstance(alg)', // 4
      '}',
    ].join('\n');
    assert.deepEqual(rows(kotlin.algorithms(kotlinSource)), ['4 MD5', '4 SHA-1']);
    const csharpSource = csharp.csFile(`
        var name = n switch { 1 => HashAlgorithmName.SHA1, 2 => HashAlgorithmName.SHA384, _ => throw new ArgumentException() };
        using var rsa = RSA.Create(3072);
        rsa.SignData(data, name, RSASignaturePadding.Pkcs1);`);
    const signatures = csharp.algorithms(csharpSource).map((a) => a.name).filter((n) => n.startsWith('RSA-PKCS1'));
    assert.deepEqual([...new Set(signatures)].sort(), ['RSA-PKCS1-1.5-SHA-1-3072', 'RSA-PKCS1-1.5-SHA-384-3072']);
  });

  it('PHP match, Ruby case as a value, Rust match and if expressions', () => {
    const phpSource = ['<?php', 'function f($k, $d) {', "    $alg = match ($k) { 1, 2 => 'md5', 3 => 'sha1', default => throw new ValueError() };", '    return hash($alg, $d);', '}'].join('\n');
    assert.deepEqual(rows(php.algorithms(phpSource)), ['4 MD5', '4 SHA-1']);
    const rubySource = ["require 'openssl'", 'def f(k)', '  alg = case k', "        when 1 then 'MD5'", "        else 'SHA256'", '        end', '  OpenSSL::Digest.new(alg)', 'end'].join('\n');
    assert.deepEqual(rows(ruby.algorithms(rubySource)), ['7 MD5', '7 SHA-256']);
    const rustSource = [
      'use rsa::RsaPrivateKey;',
      'fn make(kind: u8) {',
      '    let bits = if kind == 1 { 2048 } else if kind == 2 { 3072 } else { 4096 };',
      '    let key = RsaPrivateKey::new(&mut rng, bits);', // 4
      '    let size = match kind { 0 => 1024, 9 => panic!("unsupported"), _ => 2048 };',
      '    let other = RsaPrivateKey::new(&mut rng, size);', // 6
      '}',
    ].join('\n');
    assert.deepEqual(rows(rust.algorithms(rustSource)), ['4 RSA-2048', '4 RSA-3072', '4 RSA-4096', '6 RSA-1024', '6 RSA-2048']);
  });

  it('Swift switch and if expressions; an if without else is no value', () => {
    const source = [
      'import CommonCrypto',
      'func f(_ k: Int, _ flag: Bool) {',
      '    let alg = switch k { case 1: CCHmacAlgorithm(kCCHmacAlgSHA1) default: CCHmacAlgorithm(kCCHmacAlgSHA256) }',
      '    var o = [UInt8](repeating: 0, count: 64)',
      '    CCHmac(alg, nil, 0, nil, 0, &o)', // 5
      '    let other = if flag { CCHmacAlgorithm(kCCHmacAlgSHA384) } else { CCHmacAlgorithm(kCCHmacAlgSHA512) }',
      '    CCHmac(other, nil, 0, nil, 0, &o)', // 7
      '}',
    ].join('\n');
    assert.deepEqual(rows(swift.algorithms(source)), ['5 HMAC-SHA-1', '5 HMAC-SHA-256', '7 HMAC-SHA-384', '7 HMAC-SHA-512']);
  });

  it('Java: a helper\'s switch on its parameter returns the case its caller\'s constant selects (default when none)', () => {
    const source = [
      'import java.security.Signature;',
      'class Jws {',
      '  private static String jca(String alg) {',
      '    switch (alg) {',
      '      case "RS384": case "PS384": return "SHA384withRSA";',
      '      case "RS512": return "SHA512withRSA";',
      '      default: return "SHA256withRSA";',
      '    }',
      '  }',
      '  Signature a() throws Exception { return Signature.getInstance(jca("RS384")); }', // 10
      '  Signature b() throws Exception { return Signature.getInstance(jca("HS256")); }', // 11
      '  Signature c(String alg) throws Exception { return Signature.getInstance(jca(alg)); }', // 12
      '}',
    ].join('\n');
    assert.deepEqual(rows(java.algorithms(source)), [
      '10 RSA-PKCS1-1.5-SHA-384', '11 RSA-PKCS1-1.5-SHA-256', '12 RSA-PKCS1-1.5-SHA-256', '12 RSA-PKCS1-1.5-SHA-384', '12 RSA-PKCS1-1.5-SHA-512',
    ]);
  });

  it('Java: a return after a switch runs only when no case that returns matched (arrow rules too)', () => {
    const source = [
      'import java.security.Signature;',
      'class Jws {',
      '  private static String jca(String alg) {',
      '    switch (alg) {',
      '      case "RS384": case "PS384": return "SHA384withRSA";',
      '      case "RS1": audit(alg); break;',
      '    }',
      '    return "SHA256withRSA";',
      '  }',
      '  private static String rule(String alg) {',
      '    switch (alg) {',
      '      case "ES512" -> { return "SHA512withECDSA"; }',
      '      default -> throw new IllegalArgumentException(alg);',
      '      case "ES256" -> audit(alg);',
      '    }',
      '    return "SHA256withECDSA";',
      '  }',
      '  Signature a() throws Exception { return Signature.getInstance(jca("RS384")); }', // 18
      '  Signature b() throws Exception { return Signature.getInstance(jca("RS1")); }', // 19
      '  Signature c() throws Exception { return Signature.getInstance(rule("ES512")); }', // 20
      '  Signature d() throws Exception { return Signature.getInstance(rule("ES256")); }', // 21
      '}',
    ].join('\n');
    assert.deepEqual(rows(java.algorithms(source)), ['18 RSA-PKCS1-1.5-SHA-384', '19 RSA-PKCS1-1.5-SHA-256', '20 ECDSA-SHA-512', '21 ECDSA-SHA-256']);
  });

  it('Java and Go: a return in an `if` arm, or after an `if` that returns, follows the condition its caller fixes', () => {
    const javaSource = [
      'import java.security.MessageDigest;',
      'class Cond {',
      '  private static String name(String kind) {',
      '    if ("legacy".equals(kind)) return "SHA-1";',
      '    return "SHA-256";',
      '  }',
      '  private static String other(boolean strong) {',
      '    if (strong) { return "SHA-512"; } else { return "MD5"; }',
      '  }',
      '  MessageDigest a() throws Exception { return MessageDigest.getInstance(name("modern")); }', // 10
      '  MessageDigest b() throws Exception { return MessageDigest.getInstance(name("legacy")); }', // 11
      '  MessageDigest c() throws Exception { return MessageDigest.getInstance(other(true)); }', // 12
      '  MessageDigest d(String k) throws Exception { return MessageDigest.getInstance(name(k)); }', // 13
      '}',
    ].join('\n');
    assert.deepEqual(rows(java.algorithms(javaSource)), ['10 SHA-256', '11 SHA-1', '12 SHA-512', '13 SHA-1', '13 SHA-256']);
    const goSource = go.goFile(['"crypto"', '"crypto/rand"', '"crypto/rsa"'], `
	rsa.SignPKCS1v15(rand.Reader, k, hashOf(false), d)`, [
      'func hashOf(legacy bool) crypto.Hash {',
      '\tif legacy {',
      '\t\treturn crypto.SHA1',
      '\t}',
      '\treturn crypto.SHA256',
      '}',
    ].join('\n'));
    assert.deepEqual([...new Set(go.algorithms(goSource).map((a) => a.name))], ['RSA-PKCS1-1.5-SHA-256']);
  });

  it('Python and JS/TS: a return in an `if` arm, or after an `if` that returns, follows the condition its caller fixes', () => {
    const pySource = [
      'import hashlib',
      'def _name(kind):',
      '    if kind == "legacy":',
      '        return "sha1"',
      '    return "sha256"',
      'def _flag(strong):',
      '    if strong:',
      '        return "sha512"',
      '    else:',
      '        return "md5"',
      'def digest(data):',
      '    a = hashlib.new(_name("modern"), data)', // 12
      '    b = hashlib.new(_flag(True), data)', // 13
      '    return a, b',
    ].join('\n');
    assert.deepEqual(rows(python.algorithms(pySource)), ['12 SHA-256', '13 SHA-512']);
    const jsSource = [
      "const crypto = require('crypto');",
      'function name(kind) {',
      "  if (kind === 'legacy') return 'sha1';",
      "  return 'sha256';",
      '}',
      "function pick(strong) { if (strong) { return 'sha512'; } else { return 'md5'; } }",
      "crypto.createHash(name('modern'));", // 7
      'crypto.createHash(pick(true));', // 8
      'exports.h = (k) => crypto.createHash(name(k));', // 9
    ].join('\n');
    assert.deepEqual(rows(js.algorithms(jsSource, 'a.js')), ['7 SHA-256', '8 SHA-512', '9 SHA-1', '9 SHA-256']);
  });

  it('loops over literal lists in Go, C#, Kotlin, PHP, Swift and Ruby: a use of each element; other iterables stay unknown', () => {
    const goSource = go.goFile(['"crypto"', '"crypto/rand"', '"crypto/rsa"'], `
	for _, bits := range []int{2048, 3072} {
		rsa.GenerateKey(rand.Reader, bits)
	}
	for i := range []int{1024} {
		rsa.GenerateKey(rand.Reader, i)
	}`);
    assert.deepEqual([...new Set(go.algorithms(goSource).map((a) => a.name))], ['RSA-2048', 'RSA-3072', 'RSA']);
    const csSource = csharp.csFile(`
        foreach (var name in new[] { "SHA256", "SHA384" }) { using var h = HashAlgorithm.Create(name); }
        foreach (var bits in new int[] { 2048, 4096 }) { using var rsa = RSA.Create(bits); }`);
    assert.deepEqual([...new Set(csharp.algorithms(csSource).map((a) => a.name))], ['SHA-256', 'SHA-384', 'RSA-2048', 'RSA-4096']);
    const ktSource = [
      'import java.security.MessageDigest',
      'fun all(d: ByteArray, names: List<String>) {',
      '    for (alg in listOf("SHA-256", "SHA-512")) { MessageDigest.getInstance(alg).digest(d) }', // 3
      '    for (n in names) { MessageDigest.getInstance(n) }', // 4
      '}',
    ].join('\n');
    assert.deepEqual(rows(kotlin.algorithms(ktSource)), ['3 SHA-256', '3 SHA-512', '4 unknown-hash']);
    const phpSource = ['<?php', 'function f($d, $xs) {', "    foreach (['md5', 'sha1'] as $alg) { hash($alg, $d); }", '    foreach ($xs as $k => $v) { hash($v, $d); }', '}'].join('\n');
    assert.deepEqual(rows(php.algorithms(phpSource)), ['3 MD5', '3 SHA-1', '4 unknown-hash']);
    const swiftSource = [
      'import CommonCrypto',
      'func all() {',
      '    var o = [UInt8](repeating: 0, count: 64)',
      '    for alg in [CCHmacAlgorithm(kCCHmacAlgSHA1), CCHmacAlgorithm(kCCHmacAlgSHA512)] {',
      '        CCHmac(alg, nil, 0, nil, 0, &o)', // 5
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(rows(swift.algorithms(swiftSource)), ['5 HMAC-SHA-1', '5 HMAC-SHA-512']);
    const rubySource = [
      "require 'openssl'",
      '%w[sha1 sha256].each do |alg|',
      '  OpenSSL::Digest.new(alg)', // 3
      'end',
      '[2048, 4096].each { |bits| OpenSSL::PKey::RSA.new(bits) }', // 5
      'names.each { |n| OpenSSL::Digest.new(n) }', // 6
    ].join('\n');
    assert.deepEqual(rows(ruby.algorithms(rubySource)), ['3 SHA-1', '3 SHA-256', '5 RSA-2048', '5 RSA-4096', '6 unknown-hash']);
  });

  it('Rust: loops over literal arrays, with tuple elements taken together; other iterables stay unknown', () => {
    const source = [
      'use openssl::ec::{EcGroup, EcKey};',
      'use openssl::nid::Nid;',
      'use openssl::rsa::Rsa;',
      'fn keys(sizes: &[u32]) {',
      '    for bits in [2048, 4096].iter() {',
      '        let rsa = Rsa::generate(*bits).unwrap();', // 6
      '    }',
      '    for (nid, _label) in &[(Nid::X9_62_PRIME256V1, "p256"), (Nid::SECP384R1, "p384")] {',
      '        let group = EcGroup::from_curve_name(*nid).unwrap();', // 9
      '        let key = EcKey::generate(&group).unwrap();',
      '    }',
      '    for bits in sizes {',
      '        let rsa = Rsa::generate(*bits).unwrap();', // 13
      '    }',
      '}',
    ].join('\n');
    const found = rows(rust.algorithms(source));
    assert.deepEqual(found.filter((r) => /^(6|13) /.test(r)), ['13 RSA', '6 RSA-2048', '6 RSA-4096']);
    assert.ok(found.some((r) => /^(9|10) ECDSA-P256$/.test(r)) && found.some((r) => /^(9|10) ECDSA-P384$/.test(r)), found.join(', '));
  });
});
