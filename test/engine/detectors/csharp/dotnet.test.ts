// C# detector, System.Security.Cryptography: objects configured by later property assignments, the
// branch rule, `using` aliases and `var`, argument resolution through fields, the documented defaults
// of Rfc2898DeriveBytes, unknown names, and code that must produce nothing.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { csharpDetector } from '../../../../src/engine/detectors/source/csharp/index.js';
import { algorithms, csFile, kb, names, signals } from './helpers.js';
import { corpusFiles } from '../source-helpers.js';

test('Aes.Create reads KeySize, Mode and Padding set on the variable later; a key from a parameter leaves the size to KeySize', () => {
  const src = csFile(`
        using var aes = Aes.Create();
        aes.KeySize = Bits;
        aes.Mode = CipherMode.CFB;
        aes.Padding = PaddingMode.None;
        var enc = aes.CreateEncryptor();`, '    private const int Bits = 128;');
  assert.deepEqual(names(src), ['AES-128-CFB']);
  assert.deepEqual(algorithms(src)[0]!.params, { keySize: 128, mode: 'CFB', padding: 'NoPadding' });
  assert.deepEqual(algorithms(src)[0]!.functions, ['encrypt']);
});

test('a property assigned in one branch only is unknown after it (the branch rule), not the last value written', () => {
  const src = csFile(`
        var aes = Aes.Create();
        aes.KeySize = 256;
        if (flag) { aes.KeySize = 128; }
        aes.Mode = CipherMode.ECB;`);
  const [a] = algorithms(src);
  assert.equal(a!.name, 'AES-ECB');
  assert.deepEqual(a!.unresolved, ['keySize']);
});

test('after a switch a local holds each section\'s value, and the one before it without a default', () => {
  const src = csFile(`
        int bits = 2048;
        switch (n) { case 1: bits = 1024; break; case 2: bits = 4096; break; }
        var weak = RSA.Create(bits);
        int fixedBits = 3072;
        var strong = RSA.Create(fixedBits);`);
  assert.deepEqual(names(src), ['RSA-1024', 'RSA-4096', 'RSA-2048', 'RSA-3072']);
});

test('lazy initialisation (`if (x == null) x = …`) is not a branch', () => {
  const src = csFile(`
        int bits = 0;
        if (bits == null) bits = 4096;
        var k = RSA.Create(bits);`);
  assert.deepEqual(names(src), ['RSA-4096']);
});

test('using aliases, namespace-qualified and `var` declarations resolve to the .NET class', () => {
  const src = `using H = System.Security.Cryptography.SHA384;\nusing Crypto = System.Security.Cryptography;\nclass C {\n  void M(byte[] d) {\n    var a = H.Create();\n    var b = Crypto.MD5.HashData(d);\n    var c = System.Security.Cryptography.SHA3_256.HashData(d);\n  }\n}\n`;
  assert.deepEqual(names(src), ['SHA-384', 'MD5', 'SHA3-256']);
});

test('Rfc2898DeriveBytes without iterations or hash reports .NET\'s documented defaults (1000, SHA-1); Pbkdf2 reads named arguments', () => {
  const src = csFile(`
        var legacy = new Rfc2898DeriveBytes(pw, 16);
        var a = Rfc2898DeriveBytes.Pbkdf2(pw, data, iterations: Iter, hashAlgorithm: HashAlgorithmName.SHA512, outputLength: 64);
        var b = new Rfc2898DeriveBytes(pw, data, n, HashAlgorithmName.SHA256);`, '    const int Iter = 210_000;');
  assert.deepEqual(names(src), ['PBKDF2-SHA-1-1000', 'PBKDF2-SHA-512-210000', 'PBKDF2-SHA-256']);
  assert.deepEqual(algorithms(src)[1]!.params, { hash: 'SHA-512', iterations: 210000, outputLength: 512 });
  assert.deepEqual(algorithms(src)[2]!.unresolved, ['iterations']);
});

test('a literal password passed to PBKDF2 is a hard-coded password', () => {
  const s = signals(csFile('        var k = Rfc2898DeriveBytes.Pbkdf2("hunter2", data, 100000, HashAlgorithmName.SHA256, 32);'));
  assert.deepEqual(s.map((x) => x.signal), ['hardcoded-password']);
});

test('RSA operations take the padding and hash of the call and the size of the key they run on', () => {
  const src = csFile(`
        using var rsa = RSA.Create(4096);
        var sig = rsa.SignData(data, HashAlgorithmName.SHA384, RSASignaturePadding.Pss);
        var ok = rsa.VerifyData(data, sig, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);
        var ct = rsa.Encrypt(data, RSAEncryptionPadding.OaepSHA256);`);
  assert.deepEqual(names(src), ['RSA-4096', 'RSA-PSS-SHA-384-4096', 'RSA-PKCS1-1.5-SHA-256-4096', 'RSA-OAEP-SHA-256-4096']);
});

test('a certificate\'s key (GetRSAPublicKey) and a typed parameter name the family of SignData/VerifyData', () => {
  const src = `using System.Security.Cryptography;\nclass C {\n  bool V(System.Security.Cryptography.X509Certificates.X509Certificate2 cert, ECDsa key, byte[] d, byte[] s) {\n    using var rsa = cert.GetRSAPublicKey();\n    rsa.VerifyData(d, s, HashAlgorithmName.SHA512, RSASignaturePadding.Pkcs1);\n    return key.VerifyData(d, s, HashAlgorithmName.SHA256);\n  }\n}\n`;
  assert.deepEqual(names(src), ['RSA-PKCS1-1.5-SHA-512', 'ECDSA-SHA-256']);
});

test('SignData, Encrypt and hash methods of objects that are not .NET keys produce nothing', () => {
  const src = csFile(`
        var svc = new LicenseService();
        svc.SignData(data, "SHA256");
        svc.Encrypt(data, false);
        Encrypt(3, flag);`);
  assert.deepEqual(names(src), []);
});

test('a hash, cipher or MAC named by a parameter is unknown-<role>; literal names are resolved', () => {
  const src = csFile(`
        var a = HashAlgorithm.Create(pw);
        var b = CryptoConfig.CreateFromName("System.Security.Cryptography.SHA256");
        var c = SymmetricAlgorithm.Create(pw);
        var d = IncrementalHash.CreateHMAC(HashAlgorithmName.SHA384, data);`);
  assert.deepEqual(names(src), ['unknown-hash', 'SHA-256', 'unknown-cipher', 'HMAC-SHA-384']);
});

test('AES key and IV bytes written in the source are signals; bytes filled by RandomNumberGenerator are not', () => {
  const src = csFile(`
        var aes = Aes.Create();
        aes.Key = Encoding.UTF8.GetBytes("0123456789abcdef");
        aes.IV = new byte[16];
        var dec = aes.CreateDecryptor();
        var iv = new byte[16];
        RandomNumberGenerator.Fill(iv);
        var other = Aes.Create();
        var enc = other.CreateEncryptor(data, iv);`);
  assert.deepEqual(signals(src).map((s) => s.signal), ['hardcoded-key', 'static-iv']);
  assert.deepEqual(names(src).slice(0, 1), ['AES-128-CBC-PKCS7']);
});

test('ECB takes no IV: a fixed IV set on an ECB object (AES key wrap) is not a static-IV finding', () => {
  const src = csFile(`
        var aes = Aes.Create();
        aes.Mode = CipherMode.ECB;
        aes.IV = new byte[16];`);
  assert.deepEqual(signals(src), []);
});

test('.NET 10 ML-KEM/ML-DSA/SLH-DSA parameter sets, through a field and the KB alias of SlhDsaSha2_*', () => {
  const src = csFile(`
        var kem = MLKem.GenerateKey(MLKemAlgorithm.MLKem1024);
        var dsa = MLDsa.GenerateKey(Set);
        var slh = SlhDsa.GenerateKey(SlhDsaAlgorithm.SlhDsaSha2_256f);`, '    static readonly MLDsaAlgorithm Set = MLDsaAlgorithm.MLDsa87;');
  assert.deepEqual(names(src), ['ML-KEM-1024', 'ML-DSA-87', 'SLH-DSA-SHA2-256f']);
});

test('the detector claims .cs files only', () => {
  assert.equal(csharpDetector.appliesTo('src/A.cs'), true);
  assert.equal(csharpDetector.appliesTo('src/A.csproj'), false);
  assert.equal(csharpDetector.appliesTo('src/A.css'), false);
});

test('RijndaelManaged with the default 128-bit block is AES; with a 256-bit block it is not AES and keeps its own name', () => {
  const src = csFile(`
        var a = new RijndaelManaged { KeySize = 256, Mode = CipherMode.CBC };
        var b = new RijndaelManaged { KeySize = 256, BlockSize = 256, Mode = CipherMode.CBC };`);
  assert.deepEqual(names(src), ['AES-256-CBC', 'Rijndael-256-block']);
  assert.deepEqual(algorithms(src)[1]!.params, { keySize: 256, mode: 'CBC' });
});

test('a key created with a size generates a key pair; one imported afterwards has the size of the imported key (unknown)', () => {
  const src = csFile(`
        using var gen = RSA.Create(3072);
        using var loaded = RSA.Create(2048);
        loaded.ImportFromPem(pw);
        var sig = loaded.SignData(data, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);`);
  assert.deepEqual(names(src), ['RSA-3072', 'RSA', 'RSA-PKCS1-1.5-SHA-256']);
  assert.deepEqual(algorithms(src).map((a) => a.functions ?? []), [['keygen'], [], ['sign']]);
});

test('a curve named by its OID: CreateFromValue, CreateFromOid over new Oid / Oid.FromOidValue / Oid.FromFriendlyName; an unknown OID leaves the curve unknown', () => {
  const src = csFile(`
        using var a = ECDsa.Create(ECCurve.CreateFromValue("1.3.132.0.34"));
        using var b = ECDsa.Create(ECCurve.CreateFromOid(new Oid("1.2.840.10045.3.1.7")));
        using var c = ECDiffieHellman.Create(ECCurve.CreateFromOid(Oid.FromOidValue("1.3.132.0.35", OidGroup.All)));
        var secp = Oid.FromFriendlyName("nistP384", OidGroup.PublicKeyAlgorithm);
        using var d = ECDsa.Create(ECCurve.CreateFromOid(secp));
        using var e = ECDsa.Create(ECCurve.CreateFromOid(new Oid("1.2.3.4.5")));
        using var g = ECDsa.Create(ECCurve.CreateFromOid(OidFor(n)));`, `
    static Oid OidFor(int n) => new Oid(n.ToString());`);
  assert.deepEqual(names(src), ['ECDSA-P384', 'ECDSA-P256', 'ECDH-P521', 'ECDSA-P384', 'ECDSA', 'ECDSA']);
  const all = algorithms(src);
  assert.deepEqual(all.map((x) => x.line), [11, 12, 13, 15, 16, 17]);
  // The detector passes the OID on; the knowledge base knows no curve by it and leaves the curve unknown.
  assert.equal(kb.resolve(all[4]!.spelling, all[4]!.params).params.curve, undefined);
});

test('a zero IV written out to a stream is still static; one filled through a span or BinaryPrimitives is not', () => {
  const src = csFile(`
        var iv = new byte[16];
        var aes = Aes.Create();
        var enc = aes.CreateEncryptor(data, iv);
        output.Write(iv, 0, iv.Length);
        var nonce = new byte[12];
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(nonce.AsSpan(4), 7);
        var g = new AesGcm(data, 16);
        g.Encrypt(nonce, data, data, new byte[16]);
        var iv2 = new byte[16];
        RandomNumberGenerator.Fill(iv2[..8]);
        var enc2 = aes.CreateEncryptor(data, iv2);`);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['static-iv', 12]]);
});

test('.NET defaults fill only properties never set: a Mode set on some paths is unknown, not CBC; one-shot paddings default as declared', () => {
  const src = csFile(`
        var a = Aes.Create();
        if (flag) a.Mode = CipherMode.ECB;
        var e = a.CreateEncryptor(data, data);
        var b = Aes.Create();
        var c1 = b.EncryptCbc(data, data);
        var c = Aes.Create();
        var c2 = c.EncryptCfb(data, data);`);
  const [a, b, c] = algorithms(src);
  assert.deepEqual(a!.params, { padding: 'PKCS7' });
  assert.deepEqual(a!.unresolved, ['keySize', 'mode']);
  assert.deepEqual(b!.params, { mode: 'CBC', padding: 'PKCS7' });
  assert.deepEqual(c!.params, { mode: 'CFB', padding: 'NoPadding' });
});

test('System.Random filling a key, IV or salt is weak-random; filling test data is not', () => {
  const src = csFile(`
        var rnd = new Random();
        var aesKey = new byte[32];
        rnd.NextBytes(aesKey);
        Random.Shared.NextBytes(this.iv);
        var payload = new byte[64];
        rnd.NextBytes(payload);
        RandomNumberGenerator.Fill(aesKey);`, '    byte[] iv = new byte[16];');
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['weak-random', 12], ['weak-random', 13]]);
});

test('prefilter: every corpus file with crypto holds a keyword; a project enum that spells SHA256 does not', () => {
  const passes = (text: string): boolean => csharpDetector.keywords.some((k) => text.includes(k));
  for (const file of corpusFiles('csharp', '.cs')) {
    const text = readFileSync(file, 'utf8');
    if (!file.endsWith('NoCrypto.cs')) assert.ok(passes(text), file);
  }
  assert.equal(passes('var s = new KdfSettings { KdfType = KdfType.PBKDF2_SHA256, Iterations = 600000 };'), false);
  assert.equal(passes('using var h = SHA256.Create();'), true);
});

test('a composite ML-DSA algorithm names both halves', () => {
  const src = csFile(`
        var a = CompositeMLDsaAlgorithm.MLDsa65WithRSA3072Pss;
        var b = CompositeMLDsaAlgorithm.MLDsa44WithECDsaP256;
        var c = CompositeMLDsaAlgorithm.MLDsa87WithEd448;`);
  assert.deepEqual(names(src), ['ML-DSA-65', 'RSA-PSS-3072', 'ML-DSA-44', 'ECDSA-P256', 'ML-DSA-87', 'Ed448']);
});
