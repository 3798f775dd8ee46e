// C# patterns from the v1.12 audit (an SSH client library, a JWT library): PKCS#1 v1.5 signatures whose
// hash comes from elsewhere, key receivers whose type the file does not show (a wrapper's property named
// after its type, a field inherited from a generic base), and code that must stay silent.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, kb, names } from './helpers.js';

const rsaWrapper = `using System.Security.Cryptography;

namespace Acme.Ssh
{
    public class RsaSignature
    {
        private readonly RsaKeyPair _key;
        private readonly HashAlgorithmName _hashName;

        public RsaSignature(RsaKeyPair key, HashAlgorithmName hashName)
        {
            _key = key;
            _hashName = hashName;
        }

        public byte[] Sign(byte[] data) => _key.RSA.SignData(data, _hashName, RSASignaturePadding.Pkcs1);

        public bool Verify(byte[] data, byte[] sig) => _key.RSA.VerifyData(data, sig, _hashName, RSASignaturePadding.Pkcs1);
    }
}
`;

test('a PKCS#1 v1.5 signature whose hash is a field is the signature scheme, not PKCS#1 v1.5 encryption', () => {
  const algs = algorithms(rsaWrapper);
  assert.deepEqual(algs.map((a) => { const r = kb.resolve(a.spelling, a.params); return [r.name, r.family, r.primitive, a.functions]; }), [
    ['RSA-PKCS1-1.5', 'RSASSA-PKCS1', 'signature', ['sign']],
    ['RSA-PKCS1-1.5', 'RSASSA-PKCS1', 'signature', ['verify']],
  ]);
});

test('a PKCS#1 v1.5 signature with a known hash keeps its name and padding', () => {
  const src = rsaWrapper.replace('_key.RSA.SignData(data, _hashName,', '_key.RSA.SignData(data, HashAlgorithmName.SHA256,');
  const sign = algorithms(src)[0]!;
  assert.equal(sign.name, 'RSA-PKCS1-1.5-SHA-256');
  assert.equal(sign.params.padding, 'PKCS1v15');
});

test('RSA encryption with PKCS#1 v1.5 padding is still encryption', () => {
  const src = `using System.Security.Cryptography;\nclass C {\n  byte[] M(RSA rsa, byte[] d) => rsa.Encrypt(d, RSAEncryptionPadding.Pkcs1);\n}\n`;
  const [a] = algorithms(src);
  assert.equal(kb.resolve(a!.spelling, a!.params).family, 'RSAES-PKCS1');
});

const dsaWrapper = `using System.Security.Cryptography;

namespace Acme.Ssh
{
    public class DsaSignature
    {
        private readonly DsaKeyPair _key;

        public DsaSignature(DsaKeyPair key) => _key = key;

        public bool Verify(byte[] input, byte[] signature) => _key.DSA.VerifyData(input, signature, HashAlgorithmName.SHA1);

        public byte[] Sign(byte[] input) => _key.DSA.SignData(input, HashAlgorithmName.SHA1);
    }
}
`;

test('a key wrapper property named after its type (`_key.DSA`) is a key of that family', () => {
  assert.deepEqual(names(dsaWrapper), ['DSA-SHA-1', 'DSA-SHA-1']);
  assert.deepEqual(algorithms(dsaWrapper).map((a) => a.functions), [['verify'], ['sign']]);
});

test('a receiver named otherwise, of a type the file does not show, is not read', () => {
  const src = dsaWrapper.replaceAll('_key.DSA.', '_key.Signer.');
  assert.deepEqual(names(src), ['SHA-1', 'SHA-1']);
});

const genericBase = `using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace Acme.Tokens
{
    public abstract class EcdsaTokenAlgorithm : KeyedAlgorithm<ECDsa>
    {
        protected EcdsaTokenAlgorithm(ECDsa publicKey, ECDsa privateKey) : base(publicKey, privateKey) { }

        public abstract HashAlgorithmName HashName { get; }

        protected override byte[] SignData(byte[] bytes) => _privateKey.SignData(bytes, this.HashName);

        protected override bool VerifyData(byte[] bytes, byte[] signature) => this._publicKey.VerifyData(bytes, signature, this.HashName);
    }
}
`;

test('a field inherited from a generic base given one key type (`: KeyedAlgorithm<ECDsa>`) is a key of that type', () => {
  const algs = algorithms(genericBase);
  assert.deepEqual(algs.map((a) => [a.name, a.functions]), [['ECDSA', ['sign']], ['ECDSA', ['verify']]]);
});

test('a local or parameter of unknown type, or a base with no key type argument, reads nothing', () => {
  const local = genericBase.replace('=> _privateKey.SignData(bytes, this.HashName)', '{ var signer = Lookup(); return signer.SignData(bytes, this.HashName); }');
  assert.deepEqual(algorithms(local).map((a) => a.functions), [['verify']]);
  const plain = genericBase.replace('KeyedAlgorithm<ECDsa>', 'KeyedAlgorithm<TokenKey>');
  assert.deepEqual(algorithms(plain), []);
  const two = genericBase.replace('KeyedAlgorithm<ECDsa>', 'DualAlgorithm<ECDsa, RSA>');
  assert.deepEqual(algorithms(two), []);
});

const bcKeyExchange = `using Org.BouncyCastle.Asn1.X9;
using Org.BouncyCastle.Crypto.Agreement;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Security;

namespace Acme.Ssh.Kex
{
    internal sealed class EcdhExchange
    {
        private readonly ECDomainParameters _domain;
        private readonly ECDHCBasicAgreement _agreement;

        public EcdhExchange(X9ECParameters curve)
        {
            _domain = new ECDomainParameters(curve);
            _agreement = new ECDHCBasicAgreement();
        }

        public byte[] ClientPoint()
        {
            var gen = new ECKeyPairGenerator();
            gen.Init(new ECKeyGenerationParameters(_domain, new SecureRandom()));
            var pair = gen.GenerateKeyPair();
            _agreement.Init(pair.Private);
            return ((ECPublicKeyParameters)pair.Public).Q.GetEncoded();
        }
    }

    internal sealed class Curve25519Exchange
    {
        private X25519Agreement _agreement;

        public void Start()
        {
            var gen = new X25519KeyPairGenerator();
            gen.Init(new X25519KeyGenerationParameters(new SecureRandom()));
            _agreement = new X25519Agreement();
        }
    }
}
`;

test('Bouncy Castle agreements are key agreement, and an EC generator in a file that agrees with ECDH makes ECDH keys', () => {
  const algs = algorithms(bcKeyExchange);
  assert.deepEqual(algs.map((a) => [a.name, a.functions]), [
    ['ECDH', ['keyderive']],
    ['ECDH', ['keygen']],
    ['X25519', ['keygen']],
    ['X25519', ['keyderive']],
  ]);
});

test('an EC generator with no ECDH agreement in the file, or created for "ECDSA", stays ECDSA', () => {
  const noAgreement = bcKeyExchange.replace('_agreement = new ECDHCBasicAgreement();', '');
  assert.deepEqual(names(noAgreement).slice(0, 1), ['ECDSA']);
  const named = bcKeyExchange.replace('new ECKeyPairGenerator()', 'new ECKeyPairGenerator("ECDSA")');
  assert.deepEqual(names(named).slice(0, 2), ['ECDH', 'ECDSA']);
});

const bcSigner = `using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Signers;

namespace Acme.Ssh.Keys
{
    internal sealed class EcdsaSigning
    {
        private readonly DsaDigestSigner _signer;
        private readonly Ed25519Signer _edSigner = new Ed25519Signer();

        public EcdsaSigning(ICipherParameters key)
        {
            _signer = new DsaDigestSigner(new ECDsaSigner(), new Sha384Digest(), PlainDsaEncoding.Instance);
            _signer.Init(true, key);
        }

        public bool Check(ICipherParameters pub, byte[] data, byte[] sig)
        {
            _edSigner.Init(false, pub);
            _edSigner.BlockUpdate(data, 0, data.Length);
            return _edSigner.VerifySignature(sig);
        }
    }
}
`;

test('Bouncy Castle signers: DsaDigestSigner over ECDsaSigner is ECDSA with the digest’s hash, Ed25519Signer is Ed25519', () => {
  const algs = algorithms(bcSigner);
  assert.deepEqual(algs.map((a) => [a.name, a.functions]), [
    ['Ed25519', ['verify']],
    ['ECDSA-SHA-384', ['sign']],
  ]);
});

test('a DsaDigestSigner over a signer of another type reports nothing of its own', () => {
  const other = bcSigner.replace('new DsaDigestSigner(new ECDsaSigner(), new Sha384Digest(), PlainDsaEncoding.Instance)', 'new DsaDigestSigner(MakeSigner(), new Sha384Digest())');
  assert.deepEqual(names(other), ['Ed25519', 'SHA-384']);
});

const rawEd25519 = `using Org.BouncyCastle.Math.EC.Rfc8032;

namespace Acme.Ssh.Keys
{
    public sealed class Ed25519Signature
    {
        private readonly byte[] _publicKey;
        private readonly byte[] _privateKey;

        public bool Verify(byte[] input, byte[] signature) => Ed25519.Verify(signature, 0, _publicKey, 0, input, 0, input.Length);

        public byte[] Sign(byte[] input)
        {
            var signature = new byte[Ed25519.SignatureSize];
            Ed25519.Sign(_privateKey, 0, _publicKey, 0, input, 0, input.Length, signature, 0);
            return signature;
        }
    }
}
`;

test('Bouncy Castle\u2019s raw RFC 8032 class: Ed25519.Sign and Verify are Ed25519; its size constants are not uses', () => {
  assert.deepEqual(algorithms(rawEd25519).map((a) => [a.name, a.functions]), [['Ed25519', ['verify']], ['Ed25519', ['sign']]]);
});

test('a project class named Ed25519 in a file without Bouncy Castle is not read', () => {
  const own = rawEd25519.replace('using Org.BouncyCastle.Math.EC.Rfc8032;', 'using System.Security.Cryptography;\nusing Acme.Curves;');
  assert.deepEqual(algorithms(own), []);
});

const sshTests = `using Microsoft.VisualStudio.TestTools.UnitTesting;

namespace Acme.Ssh.Tests
{
    [TestClass]
    public class KexInitTest
    {
        [TestMethod]
        public void Parses()
        {
            var m = Parse(Data);
            Assert.IsTrue(m.Ciphers.SequenceEqual(new[] { "aes256-ctr", "aes128-cbc" }));
            Assert.AreEqual("diffie-hellman-group14-sha256", m.KeyExchange.Name);
            CollectionAssert.AreEqual(new[] { "hmac-sha2-256" }, m.Macs);
            Assert.That(m.HostKey.Name, Is.EqualTo("ssh-ed25519"));
            m.Compression.Should().Be("zlib@openssh.com");
            m.Kex.Should().BeEquivalentTo(new[] { "ecdh-sha2-nistp256" });
        }

        [TestMethod]
        public void Builds()
        {
            var m = new KexInit { Ciphers = new[] { "aes256-ctr" }, KeyExchange = Make("curve25519-sha256") };
        }
    }
}
`;

test('SSH names a C# test asserts or compares a sequence with are not offered algorithms; the ones it builds a message with are', () => {
  assert.deepEqual(algorithms(sshTests).map((a) => [a.name, a.line]), [['AES-256-CTR', 23], ['X25519', 23]]);
});

const blockPrimitive = `using System;
using System.Security.Cryptography;

namespace Acme.Ssh.Ciphers
{
    internal sealed class AesBlock : BlockCipherBase
    {
        private readonly ICryptoTransform _encryptor;
        private readonly ICryptoTransform _decryptor;

        public AesBlock(byte[] key, ModeBase mode) : base(key, 16, mode)
        {
            var aes = Aes.Create();
            aes.Key = key;
            aes.Mode = CipherMode.ECB;
            aes.Padding = PaddingMode.None;
            _encryptor = aes.CreateEncryptor();
            _decryptor = aes.CreateDecryptor();
        }

        public override int EncryptBlock(byte[] input, int offset, int count, byte[] output, int outputOffset)
            => _encryptor.TransformBlock(input, offset, count, output, outputOffset);

        public override int DecryptBlock(byte[] input, int offset, int count, byte[] output, int outputOffset)
            => _decryptor.TransformBlock(input, offset, count, output, outputOffset);
    }

    internal static class Sealer
    {
        public static byte[] Seal(byte[] key, byte[] data)
        {
            using var aes = Aes.Create();
            aes.Key = key;
            aes.Mode = CipherMode.ECB;
            aes.Padding = PaddingMode.None;
            return aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
        }
    }
}
`;

test('unpadded ECB inside a class that is itself a block cipher (EncryptBlock/DecryptBlock) is the block function: mode unknown, not ECB', () => {
  const algs = algorithms(blockPrimitive);
  assert.deepEqual(algs.map((a) => [a.name, (a.unresolved ?? []).includes('mode'), a.params.mode]), [['AES', true, undefined], ['AES-ECB', false, 'ECB']]);
});

test('padded ECB in a block cipher class stays ECB', () => {
  const padded = blockPrimitive.replace('aes.Padding = PaddingMode.None;\n            _encryptor', 'aes.Padding = PaddingMode.PKCS7;\n            _encryptor');
  assert.equal(algorithms(padded)[0]!.params.mode, 'ECB');
});

const cspSigning = `using System.Security.Cryptography;

namespace Acme.Legacy
{
    public class LegacySigner
    {
        public byte[] Sign(RSA key, byte[] data) => ((RSACryptoServiceProvider)key).SignData(data, "SHA256");

        public bool Verify(RSACryptoServiceProvider csp, byte[] data, byte[] sig) => csp.VerifyData(data, "SHA1", sig);

        public byte[] SignNamed(RSA key, byte[] data) => ((RSACryptoServiceProvider)key).SignData(data, this.HashAlgorithmName.Name);

        public byte[] SignObject(RSACryptoServiceProvider csp, byte[] data) => csp.SignData(data, 0, data.Length, typeof(SHA512));

        public byte[] SignDigest(RSACryptoServiceProvider csp, byte[] digest) => csp.SignHash(digest, CryptoConfig.MapNameToOID("SHA384"));

        public byte[] SignDsa(DSACryptoServiceProvider dsa, byte[] data) => dsa.SignData(data);

        public byte[] Modern(RSA key, byte[] data, RSASignaturePadding padding) => key.SignData(data, HashAlgorithmName.SHA256, padding);
    }
}
`;

test('CryptoServiceProvider overloads are PKCS#1 v1.5 (RSA) or SHA-1 (DSA) signatures with the hash their halg names; a cast receiver has the cast type', () => {
  assert.deepEqual(algorithms(cspSigning).map((a) => [a.name, a.functions]), [
    ['RSA-PKCS1-1.5-SHA-256', ['sign']],
    ['RSA-PKCS1-1.5-SHA-1', ['verify']],
    ['RSA-PKCS1-1.5', ['sign']],
    ['RSA-PKCS1-1.5-SHA-512', ['sign']],
    ['RSA-PKCS1-1.5-SHA-384', ['sign']],
    ['DSA-SHA-1', ['sign']],
    ['RSA', ['sign']],
  ]);
});

// Round 2 (bitwarden/server's seeder): an SSH public key serialised by hand.
const keyBlob = (signatureNext: boolean): string => `using System.IO;
using System.Security.Cryptography;

static class SshKeys
{
    public static byte[] PublicBlob(RSA rsa, byte[] signature)
    {
        var parameters = rsa.ExportParameters(false);
        using var ms = new MemoryStream();
        using var writer = new BinaryWriter(ms);
        WriteString(writer, "ssh-rsa");
        ${signatureNext ? 'WriteBytes(writer, signature);' : 'WriteBigInteger(writer, parameters.Exponent!);\n        WriteBigInteger(writer, parameters.Modulus!);'}
        return ms.ToArray();
    }
}
`;

test('"ssh-rsa" written first in a key blob before the exponent and modulus is an RSA key, not SHA-1 signatures', () => {
  const ssh = algorithms(keyBlob(false)).filter((a) => a.occurrence.symbol !== 'RSA.ExportParameters');
  assert.deepEqual(ssh.map((a) => kb.resolve(a.spelling, a.params).name), ['RSA']);
});

test('"ssh-rsa" written before signature bytes stays the SHA-1 signature algorithm', () => {
  const ssh = algorithms(keyBlob(true));
  assert.deepEqual(ssh.map((a) => kb.resolve(a.spelling, a.params).name), ['RSA-PKCS1-1.5-SHA-1']);
});
