// Values a C# helper's parameters receive from the file's own calls (csharp/call-sites.ts): one use per
// call site with all its arguments together, named arguments and defaults, other files' callers as an
// unknown case unless the helper is private, recursion, `params` arrays and extension receivers unread.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect, kb, signals } from './helpers.js';
import { buildInventory } from '../../../../src/engine/inventory/build.js';
import { evaluateFindings } from '../../../../src/engine/findings/index.js';
import { SKIP_REASONS, type ScanStats } from '../../../../src/engine/inventory/model.js';

const names = (source: string) => algorithms(source).map((a) => `${a.line} ${a.name}`).sort();
const head = 'using System;\nusing System.Security.Cryptography;\n';

describe('C#: values passed by the file\'s own calls', () => {
  it('takes every argument of one call together, never a mix of two calls', () => {
    const source = head + [
      'class Ciphers {',
      '  public ICryptoTransform Legacy() => Make(128, CipherMode.ECB);',
      '  public ICryptoTransform Current() => Make(256, CipherMode.CBC);',
      '  private static ICryptoTransform Make(int bits, CipherMode mode) {',
      '    var aes = Aes.Create();',
      '    aes.KeySize = bits;',
      '    aes.Mode = mode;',
      '    return aes.CreateEncryptor();',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(names(source), ['4 AES-128-ECB-PKCS7', '5 AES-256-CBC-PKCS7', '7 AES-128-ECB-PKCS7', '7 AES-256-CBC-PKCS7']);
  });

  it('reads named arguments and defaults; a member without an access modifier is private', () => {
    const source = head + [
      'class Digests {',
      '  public byte[] A(byte[] d) => Hash(d);',
      '  public byte[] B(byte[] d) => Hash(name: "MD5", data: d);',
      '  static byte[] Hash(byte[] data, string name = "SHA384") => ((HashAlgorithm)CryptoConfig.CreateFromName(name)!).ComputeHash(data);',
      '}',
    ].join('\n');
    assert.deepEqual(names(source), ['5 MD5', '6 MD5', '6 SHA-384', '6 SHA-384']);
  });

  it('adds the unknown case of other files\' callers to a member they can call, a partial class\'s private one included', () => {
    const open = head + [
      'public class Keys {',
      '  public static RSA Make(int bits) => RSA.Create(bits);',
      '  public static RSA Default() => Make(3072);',
      '}',
    ].join('\n');
    assert.deepEqual(names(open), ['4 RSA', '4 RSA-3072', '5 RSA-3072']);
    const partial = head + [
      'public partial class Keys {',
      '  private static RSA Make(int bits) => RSA.Create(bits);',
      '  public static RSA Default() => Make(3072);',
      '}',
    ].join('\n');
    assert.deepEqual(names(partial), ['4 RSA', '4 RSA-3072', '5 RSA-3072']);
  });

  it('does not take a same-named method of another class, an overload, or a local function\'s namesake', () => {
    const source = head + [
      'class Digests {',
      '  private static byte[] Hash(string name) => ((HashAlgorithm)CryptoConfig.CreateFromName(name)!).ComputeHash(new byte[0]);',
      '  private static byte[] Hash(string name, int rounds) => null;',
      '  byte[] A() => Hash("SHA256");',
      '  byte[] B() => Hash("MD5", 2);',
      '  byte[] C() { byte[] Hash(string s) => null; return Hash("SHA1"); }',
      '}',
      'class Labels {',
      '  private static string Hash(string s) => s;',
      '  string L() => Hash("SHA512");',
      '}',
    ].join('\n');
    assert.deepEqual(names(source), ['4 SHA-256', '6 SHA-256']);
  });

  it('leaves out recursive calls; a method group or a call on an instance of a private type is an unknown use', () => {
    const recursive = head + [
      'class Chain {',
      '  private byte[] Pick(byte[] d, string alg, int rounds) {',
      '    if (rounds > 0) return Pick(d, alg, rounds - 1);',
      '    return ((HashAlgorithm)CryptoConfig.CreateFromName(alg)!).ComputeHash(d);',
      '  }',
      '  public byte[] Run(byte[] d) => Pick(d, "SHA512", 3);',
      '}',
    ].join('\n');
    assert.deepEqual(names(recursive), ['6 SHA-512', '8 SHA-512']);
    const group = head + [
      'public class Table {',
      '  private static ECDsa Key(ECCurve c) => ECDsa.Create(c);',
      '  public ECDsa Main() => Key(ECCurve.NamedCurves.nistP384);',
      '  public Func<ECCurve, ECDsa> Factory => Key;',
      '  private sealed class Cache {',
      '    public ECDsa Get(ECCurve c) => ECDsa.Create(c);',
      '    public ECDsa Warm() => Get(ECCurve.NamedCurves.nistP256);',
      '  }',
      '  public ECDsa Cached() => new Cache().Get(ECCurve.NamedCurves.nistP521);',
      '}',
    ].join('\n');
    assert.deepEqual(names(group), ['4 ECDSA', '4 ECDSA-P384', '5 ECDSA-P384', '8 ECDSA', '8 ECDSA-P256', '9 ECDSA-P256']);
  });

  it('reads constructors through new T(..), new(..) and this(..); not a params array or an extension method\'s receiver', () => {
    const ctors = head + [
      'sealed class Sealer {',
      '  private readonly HashAlgorithm _h;',
      '  private Sealer(string alg) { _h = (HashAlgorithm)CryptoConfig.CreateFromName(alg)!; }',
      '  private Sealer() : this("SHA384") { }',
      '  public static Sealer Legacy() => new Sealer("SHA1");',
      '  public static Sealer Current() { Sealer s = new("SHA256"); return s; }',
      '}',
    ].join('\n');
    assert.deepEqual(names(ctors), ['5 SHA-1', '5 SHA-256', '5 SHA-384', '6 SHA-384', '7 SHA-1', '8 SHA-256']);
    const unread = head + [
      'static class Ext {',
      '  private static byte[] First(params string[] algs) => HashAlgorithm.Create(algs[0])!.ComputeHash(new byte[0]);',
      '  private static RSA Sized(this int bits) => RSA.Create(bits);',
      '  static void Use() { First("MD5"); 2048.Sized(); }',
      '}',
    ].join('\n');
    assert.deepEqual(names(unread), ['4 unknown-hash', '5 RSA']);
  });

  it('takes a key\'s size from a caller but not its literal origin: no hard-coded key at the helper', () => {
    const source = head + [
      'using System.Text;',
      'class Box {',
      '  public Aes Demo() => Open(Encoding.UTF8.GetBytes("0123456789abcdef0123456789abcdef"));',
      '  private Aes Open(byte[] key) {',
      '    var aes = Aes.Create();',
      '    aes.Key = key;',
      '    return aes;',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(names(source), ['5 AES-256', '7 AES-256']);
    assert.deepEqual(signals(source).map((s) => s.signal), []);
    // A string made into key bytes or used as a password inside the helper: its literal is the caller's.
    const strings = head + [
      'using System.Text;',
      'class Webhooks {',
      '  private const string Secret = "whsec_0123456789abcdef";',
      '  public byte[] Sign(byte[] body) => Mac(body, Secret);',
      '  private static byte[] Mac(byte[] body, string secret) {',
      '    using var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(secret));',
      '    return hmac.ComputeHash(body);',
      '  }',
      '  public byte[] Derive(byte[] salt) => Stretch("hunter2", salt);',
      '  private static byte[] Stretch(string pw, byte[] salt) => Rfc2898DeriveBytes.Pbkdf2(pw, salt, 600000, HashAlgorithmName.SHA256, 32);',
      '}',
    ].join('\n');
    assert.deepEqual(algorithms(strings).filter((a) => a.line === 8).map((a) => a.params), [{ keySize: 176 }]);
    assert.deepEqual(signals(strings).map((s) => s.signal), []);
  });

  it('a helper\'s return value: an expression body, a return, and a virtual method\'s unknown override', () => {
    const source = [
      'using System.Security.Cryptography;',
      'class Signer {',
      '  private static HashAlgorithmName HashFor(string alg) => alg == "RS384" ? HashAlgorithmName.SHA384 : HashAlgorithmName.SHA256;',
      '  private int Bits() { return 3072; }',
      '  protected virtual int FallbackBits() { return 2048; }',
      '  public byte[] Sign(byte[] data) {',
      '    using var rsa = RSA.Create(Bits());', // 7
      '    return rsa.SignData(data, HashFor("RS384"), RSASignaturePadding.Pss);', // 8
      '  }',
      '  public RSA Fallback() => RSA.Create(FallbackBits());', // 10
      '  private static int Size(bool legacy) { if (legacy) { return 1024; } return 4096; }',
      '  public RSA Modern() => RSA.Create(Size(false));', // 12
      '}',
    ].join('\n');
    const rows = [...new Set(algorithms(source).map((a) => `${a.line} ${a.name}`))].sort();
    // Line 12: the `if (legacy)` return cannot run for `Size(false)`.
    assert.deepEqual(rows.filter((r) => !r.startsWith('3 ')), ['10 RSA', '10 RSA-2048', '12 RSA-4096', '7 RSA-3072', '8 RSA-PSS-SHA-384-3072']);
  });

  it('a helper\'s switch statement: the section its caller\'s constant selects, and a return after it only when no returning section matched', () => {
    const source = [
      'using System.Security.Cryptography;',
      'class Jws {',
      '  private static HashAlgorithmName HashFor(string alg) {',
      '    switch (alg) {',
      '      case "RS384":',
      '      case "PS384":',
      '        return HashAlgorithmName.SHA384;',
      '      case "RS1":',
      '        Audit(alg);',
      '        break;',
      '      case string s when s.StartsWith("X"):',
      '        throw new CryptographicException(s);',
      '    }',
      '    return HashAlgorithmName.SHA256;',
      '  }',
      '  public byte[] A(RSA rsa, byte[] d) => rsa.SignData(d, HashFor("PS384"), RSASignaturePadding.Pkcs1);', // 16
      '  public byte[] B(RSA rsa, byte[] d) => rsa.SignData(d, HashFor("RS1"), RSASignaturePadding.Pkcs1);', // 17
      '  private static HashAlgorithmName Strict(string alg) {',
      '    switch (alg) {',
      '      case "RS512": return HashAlgorithmName.SHA512;',
      '      case "RS256": break;',
      '      default: throw new CryptographicException(alg);',
      '    }',
      '    return HashAlgorithmName.SHA256;',
      '  }',
      '  public byte[] C(RSA rsa, byte[] d) => rsa.SignData(d, Strict("RS512"), RSASignaturePadding.Pkcs1);', // 26
      '  public byte[] D(RSA rsa, byte[] d) => rsa.SignData(d, Strict("RS256"), RSASignaturePadding.Pkcs1);', // 27
      '}',
    ].join('\n');
    const rows = [...new Set(algorithms(source).map((a) => `${a.line} ${a.name}`))].filter((r) => /^(16|17|26|27) /.test(r)).sort();
    // Line 17: the guarded `when` section's labels are unknown, so it does not rule the last return out (and cannot match "RS1" as a constant).
    assert.deepEqual(rows, ['16 RSA-PKCS1-1.5-SHA-384', '17 RSA-PKCS1-1.5-SHA-256', '26 RSA-PKCS1-1.5-SHA-512', '27 RSA-PKCS1-1.5-SHA-256']);
  });
});

describe('C#: parameterised tests (xUnit, NUnit, MSTest data attributes)', () => {
  const testFile = [
    'using System.Security.Cryptography;',
    'using NUnit.Framework;',
    'using Xunit;',
    'public class CryptoAgilityTests {',
    '  [Theory]',
    '  [InlineData(1024)]', // 6
    '  [Xunit.InlineData(3072)]', // 7
    '  public void Generates_keys(int modulusBits) {',
    '    using var key = RSA.Create(modulusBits);', // 9
    '  }',
    '  [TestCase("SHA1", ExpectedResult = 20)]', // 11
    '  [TestCase(digestName: "SHA512", ExpectedResult = 64)]', // 12
    '  public int Digest_length(string digestName) {',
    '    using var h = HashAlgorithm.Create(digestName);', // 14
    '    return h.HashSize / 8;',
    '  }',
    '  [DataTestMethod]',
    '  [DataRow("MD5", 16)]', // 18
    '  [DataRowAttribute("SHA384", 48)]', // 19
    '  public void Hmac_key(string hash, int keyBytes) {',
    '    using var mac = HMAC.Create("HMAC" + hash);', // 21
    '  }',
    '  [Theory]',
    '  [InlineData("SHA256")]', // 24
    '  [MemberData(nameof(MoreNames))]',
    '  public void Mixed_sources(string name) {',
    '    using var h = HashAlgorithm.Create(name);', // 27
    '  }',
    '  [Theory]',
    '  [Trait("Category", "MD5")]',
    '  public void No_rows(string name) {',
    '    using var h = HashAlgorithm.Create(name);', // 32
    '  }',
    '}',
  ].join('\n');

  it('each row is one call of the test method: RSA.Create(bits) with [InlineData(1024)] is RSA-1024, reported at the row too', () => {
    const found = algorithms(testFile);
    const at = (line: number) => found.filter((a) => a.line === line).map((a) => `${a.name} ${a.occurrence.symbol}`);
    assert.deepEqual(at(9), ['RSA-1024 RSA.Create', 'RSA-3072 RSA.Create']);
    assert.deepEqual([...at(6), ...at(7)], ['RSA-1024 InlineData', 'RSA-3072 InlineData']);
    assert.deepEqual(found.filter((a) => a.line === 9).map((a) => a.params.keySize), [1024, 3072]);
  });

  it('NUnit TestCase: positional and named arguments fill parameters, ExpectedResult = … does not; MSTest DataRow', () => {
    const rows = names(testFile);
    assert.deepEqual(rows.filter((r) => /^(11|12|14) /.test(r)), ['11 SHA-1', '12 SHA-512', '14 SHA-1', '14 SHA-512']);
    assert.deepEqual(rows.filter((r) => /^(18|19|21) /.test(r)), ['18 HMAC-MD5', '19 HMAC-SHA-384', '21 HMAC-MD5', '21 HMAC-SHA-384']);
  });

  it('a test that also takes MemberData keeps an unknown case; one without rows stays unknown; an attribute that is not a row gives nothing', () => {
    const rows = names(testFile);
    assert.deepEqual(rows.filter((r) => /^(24|25|27) /.test(r)), ['24 SHA-256', '27 SHA-256', '27 unknown-hash']);
    assert.deepEqual(rows.filter((r) => /^(30|31|32) /.test(r)), ['32 unknown-hash']);
  });

  it('a short key from a row is a short-key finding at the row and at the call', () => {
    const stats: ScanStats = {
      filesSeen: 1, filesScanned: 1, bytesScanned: testFile.length, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
      filesByDetector: {}, truncated: false,
    };
    const { findings } = evaluateFindings(buildInventory(detect(testFile), stats, kb));
    const short = findings.filter((f) => f.ruleId === 'short-key');
    assert.deepEqual(short.map((f) => [f.assetRef, f.locations.map((l) => l.line).sort((a, b) => a - b)]), [['algorithm/rsa-1024', [6, 9]]]);
  });
});
