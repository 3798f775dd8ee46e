// Ruby detector, OpenSSL: ciphers with the key/IV/tag set on the object later, digests consumed by HMAC and
// signatures, KDF parameters, key sizes followed from generation to use, RSA padding, branches and mentions.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, signals } from './helpers.js';

test('ciphers by OpenSSL name and through the convenience classes; key, IV and tag set later', () => {
  const src = `require 'openssl'
class Sealer
  def seal(data, key)
    cipher = OpenSSL::Cipher.new('aes-256-gcm').encrypt
    cipher.key = key
    cipher.iv = "\\0" * 12
    cipher.auth_tag_len = 16
    legacy = OpenSSL::Cipher::AES.new(128, :CBC)
    legacy.decrypt
    legacy.key = "0123456789abcdef"
    legacy.iv = legacy.random_iv
    OpenSSL::Cipher::AES256.new(:ECB)
    OpenSSL::Cipher::AES128.new
    OpenSSL::Cipher::DES.new(:EDE3, :CBC)
    OpenSSL::Cipher.new(configured_name)
  end
end`;
  const algs = algorithms(src);
  assert.deepEqual(algs.map((a) => [a.line, a.name, a.functions?.join() ?? '']), [
    [4, 'AES-256-GCM-128-96', 'encrypt'], [8, 'AES-128-CBC', 'decrypt'], [12, 'AES-256-ECB', ''], [13, 'AES-128-CBC', ''],
    [14, '3DES-168-CBC', ''], [15, 'unknown-cipher', ''],
  ]);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['static-iv', 6], ['hardcoded-key', 10]]);
});

test('a random IV and key are not constants; an IV zero on one path is a static IV of that path', () => {
  const src = `c = OpenSSL::Cipher.new('aes-128-cbc')
c.encrypt
c.key = SecureRandom.random_bytes(16)
if legacy
  iv = "\\0" * 16
else
  iv = c.random_iv
end
c.iv = iv`;
  // The cipher is used once per path into `iv` (two runs, one asset).
  assert.deepEqual([...new Set(names(src))], ['AES-128-CBC']);
  // The `legacy` path sets a zero IV (until v1.8 the IV after the `if` was unknown: nothing reported).
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['static-iv', 9]]);
});

test('digests, HMAC with a digest object (consumed, also through a variable), PBKDF2, HKDF and scrypt', () => {
  const src = `Digest::MD5.hexdigest(body)
Digest::SHA2.new(384)
OpenSSL::Digest::SHA1.new
digest = OpenSSL::Digest.new('sha1')
OpenSSL::HMAC.digest(digest, salt, host)
OpenSSL::HMAC.hexdigest('SHA256', 'webhook-secret', payload)
OpenSSL::PKCS5.pbkdf2_hmac(password, salt, 310_000, 32, OpenSSL::Digest::SHA256.new)
OpenSSL::KDF.pbkdf2_hmac(password, salt: SecureRandom.random_bytes(16), iterations: 1000, length: 32, hash: 'sha1')
OpenSSL::KDF.hkdf(ikm, salt: '', info: 'ctx', length: 32, hash: 'SHA512')
OpenSSL::KDF.scrypt('hunter2', salt: s, N: 2**14, r: 8, p: 1, length: 32)`;
  const algs = algorithms(src);
  assert.deepEqual(algs.map((a) => [a.line, a.name]), [
    [5, 'HMAC-SHA-1'], [6, 'HMAC-SHA-256'], [7, 'PBKDF2-SHA-256-310000'], [8, 'PBKDF2-SHA-1-1000'], [9, 'HKDF-SHA-512'], [10, 'scrypt-16384'],
    [1, 'MD5'], [2, 'SHA-384'], [3, 'SHA-1'],
  ]);
  assert.deepEqual(algs.find((a) => a.line === 8)?.params, { hash: 'SHA-1', iterations: 1000, outputLength: 256, saltLength: 16 });
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['hardcoded-key', 6], ['hardcoded-password', 10]]);
});

test('keys: sizes and curves followed to padding and signatures; default public_encrypt padding is PKCS#1 v1.5', () => {
  const src = `rsa = OpenSSL::PKey::RSA.new(2048)
rsa.public_encrypt(secret)
rsa.public_encrypt(secret, OpenSSL::PKey::RSA::PKCS1_OAEP_PADDING)
rsa.sign(OpenSSL::Digest.new('SHA256'), data)
rsa.sign_pss('SHA256', data, salt_length: :digest, mgf1_hash: 'SHA256')
ec = OpenSSL::PKey::EC.generate('secp384r1')
ec.sign(OpenSSL::Digest::SHA384.new, data)
OpenSSL::PKey::DSA.new(1024)
ed = OpenSSL::PKey.generate_key('ED25519')
ed.sign(nil, data)
loaded = OpenSSL::PKey::RSA.new(File.read('key.pem'))
loaded.public_encrypt(x)`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [
    [4, 'RSA-PKCS1-1.5-SHA-256-2048'], [5, 'RSA-PSS-SHA-256-2048'], [7, 'ECDSA-P384-SHA-384'], [10, 'Ed25519'],
    [1, 'RSA-2048'], [2, 'RSA-PKCS1-1.5-2048'], [3, 'RSA-OAEP-SHA-1-2048'], [6, 'ECDSA-P384'], [8, 'DSA-1024'], [9, 'Ed25519'], [11, 'RSA'], [12, 'RSA-PKCS1-1.5'],
  ]);
});

test('mentions are not uses: strings, comments, comparisons and a local of another method', () => {
  const src = `# OpenSSL::Cipher.new('aes-128-ecb') was used before
LOG = "OpenSSL::Digest::MD5.hexdigest is deprecated"
def check(mode)
  raise 'insecure' if mode == OpenSSL::SSL::VERIFY_NONE
  case mode
  when OpenSSL::SSL::VERIFY_NONE then :off
  end
end
name = 'aes-256-gcm'
def other
  OpenSSL::Cipher.new(name)
end`;
  assert.deepEqual(names(src), ['unknown-cipher']);
  assert.deepEqual(signals(src), []);
});

test('interpolated names: the literal text around #{…} is part of the name (a local, a constant, a block over %w[…])', () => {
  const src = `require 'openssl'
WRAP_BITS = 192
module Vault
  def self.by_size(data)
    bits = 256
    OpenSSL::Cipher.new("aes-#{bits}-cbc").encrypt
  end

  def self.every_mode
    %w[ecb ctr].map { |m| OpenSSL::Cipher.new("aes-128-#{m}") }
  end

  def self.fingerprint(data)
    width = 1
    OpenSSL::Digest.new("SHA#{width}").hexdigest(data)
  end

  def self.wrapper
    OpenSSL::Cipher.new("id-aes#{WRAP_BITS}-wrap")
  end

  def self.from_caller(width)
    OpenSSL::Digest.new("SHA#{width}")
  end
end`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [
    [6, 'AES-256-CBC'], [10, 'AES-128-ECB'], [10, 'AES-128-CTR'], [15, 'SHA-1'], [19, 'AES-192-KW'], [23, 'unknown-hash'],
  ]);
});

test('a signature with a key loaded elsewhere keeps the digest the call names', () => {
  const src = `require 'openssl'
class WebhookSigner
  def initialize(pem)
    @key = OpenSSL::PKey.read(pem)
  end

  def legacy(body)
    @key.sign('SHA1', body)
  end

  def current(body)
    @key.sign(OpenSSL::Digest.new('SHA384'), body)
  end

  def check(sig, body)
    @key.verify(OpenSSL::Digest::MD5.new, sig, body)
  end

  def configured(body, name)
    @key.sign(OpenSSL::Digest.new(name), body)
  end

  def not_openssl(request)
    @signer.sign(request)
    @key.sign(nil, body)
  end
end`;
  const algs = algorithms(src);
  assert.deepEqual(algs.map((a) => [a.line, a.name, a.params.hash ?? '', a.functions?.join()]), [
    [8, 'unknown-signature', 'SHA-1', 'sign'], [12, 'unknown-signature', 'SHA-384', 'sign'], [16, 'unknown-signature', 'MD5', 'verify'],
    [20, 'unknown-signature', '', 'sign'],
  ]);
  assert.deepEqual(algs.find((a) => a.line === 20)?.unresolved, ['hash']);
  // The digest objects are part of the signatures, not hashes of their own.
  assert.ok(!algs.some((a) => a.name === 'SHA-384' || a.name === 'MD5'));
});

test('certificates, CSRs, CRLs and SPKACs signed with sign(key, digest) are signatures of the key with that hash', () => {
  const src = `require 'openssl'
module DevPki
  def self.root(name)
    root_key = OpenSSL::PKey::RSA.new(2048)
    root = OpenSSL::X509::Certificate.new
    root.subject = root.issuer = OpenSSL::X509::Name.parse("/CN=#{name}")
    root.public_key = root_key.public_key
    root.sign(root_key, OpenSSL::Digest::SHA1.new)
    root
  end

  def self.request(name)
    node_key = OpenSSL::PKey::EC.generate('prime256v1')
    csr = OpenSSL::X509::Request.new
    csr.public_key = node_key
    csr.sign(node_key, 'MD5')
  end

  def self.revocations(issuer_key)
    list = OpenSSL::X509::CRL.new
    list.sign(issuer_key, 'SHA256')
  end

  def self.resign(leaf_cert, ca_key)
    leaf_cert.sign(ca_key, 'SHA384')
  end

  def self.edwards(name)
    ed = OpenSSL::PKey.generate_key('ED25519')
    spkac = OpenSSL::Netscape::SPKI.new
    spkac.sign(ed, nil)
  end

  def self.unrelated(signer, payload, key)
    signer.sign(payload, 'sha256')
    OpenSSL::PKCS7.sign(leaf, key, payload)
  end
end`;
  const algs = algorithms(src);
  assert.deepEqual(algs.filter((a) => a.functions?.includes('sign')).map((a) => [a.line, a.name, a.occurrence.symbol]), [
    [8, 'RSA-PKCS1-1.5-SHA-1-2048', 'OpenSSL::X509::Certificate#sign'], [16, 'ECDSA-P256-MD5', 'OpenSSL::X509::Request#sign'],
    [21, 'unknown-signature', 'OpenSSL::X509::CRL#sign'], [25, 'unknown-signature', 'OpenSSL::X509#sign'],
    [31, 'Ed25519', 'OpenSSL::Netscape::SPKI#sign'],
  ]);
  assert.deepEqual(algs.filter((a) => a.name === 'unknown-signature').map((a) => a.params.hash), ['SHA-256', 'SHA-384']);
  // The SHA-1 digest object is the certificate signature's, not a hash of its own.
  assert.ok(!algs.some((a) => a.name === 'SHA-1'));
});

test("OpenSSL's signature aliases of a digest name the digest alone (RSA-SHA256 is SHA-256 in OpenSSL::Digest)", () => {
  const src = `require 'openssl'
etag = OpenSSL::Digest.hexdigest('RSA-SHA256', body)
legacy = OpenSSL::Digest.new('sha1WithRSAEncryption')
OpenSSL::HMAC.hexdigest('RSA-SHA512', secret_key, body)
OpenSSL::Digest.new('RMD160')`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [
    [4, 'HMAC-SHA-512'], [2, 'SHA-256'], [3, 'SHA-1'], [5, 'RIPEMD-160'],
  ]);
});

test("OpenSSL 3's generic key API: key names the knowledge base knows, parameters then a key, raw keys and KEM calls", () => {
  const src = `require 'openssl'
module HybridKeys
  def self.kem_pair
    OpenSSL::PKey.generate_key('ML-KEM-1024')
  end

  def self.signer(doc)
    pq = OpenSSL::PKey.generate_key('ML-DSA-44')
    pq.sign(nil, doc)
  end

  def self.p521
    group = OpenSSL::PKey.generate_parameters('EC', { 'ec_paramgen_curve' => 'secp521r1' })
    OpenSSL::PKey.generate_key(group)
  end

  def self.legacy_dsa
    domain = OpenSSL::PKey.generate_parameters('DSA', 'dsa_paramgen_bits' => 1024)
    OpenSSL::PKey.generate_key(domain)
  end

  def self.wrap_for(peer_raw)
    peer = OpenSSL::PKey.new_raw_public_key('ML-KEM-768', peer_raw)
    ct, shared = peer.encapsulate
    [ct, shared]
  end

  def self.verify_ed(raw, sig, msg)
    OpenSSL::PKey.new_raw_public_key('ED25519', raw).verify(nil, sig, msg)
  end

  def self.unreadable(kind, raw, thing)
    OpenSSL::PKey.generate_key(kind)
    OpenSSL::PKey.new_raw_public_key('foo123', raw)
    OpenSSL::PKey.new_raw_private_key(kind, raw)
    thing.encapsulate
    OpenSSL::PKey.generate_key('SHA256')
  end
end`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.functions?.join() ?? '']), [
    [9, 'ML-DSA-44', 'sign'], [29, 'Ed25519', 'verify'],
    [4, 'ML-KEM-1024', 'keygen'], [8, 'ML-DSA-44', 'keygen'], [14, 'ECDSA-P521', 'keygen'], [19, 'DSA-1024', 'keygen'],
    [23, 'ML-KEM-768', ''], [24, 'ML-KEM-768', 'encapsulate'], [29, 'Ed25519', ''],
    // A type the file does not name, and a digest name, are no key types (as before).
    [33, 'unknown-key-pair-generator', 'keygen'], [37, 'unknown-key-pair-generator', 'keygen'],
  ]);
});

test('encapsulate on an X25519 or EC key is DHKEM over that key agreement; on a loaded key it is not read', () => {
  const src = `require 'openssl'
def seal_to(raw_pub, ec_key)
  recipient = OpenSSL::PKey.new_raw_public_key('X25519', raw_pub)
  enc, secret = recipient.encapsulate
  mine = OpenSSL::PKey::EC.generate('prime256v1')
  mine.decapsulate(enc)
  OpenSSL::PKey.read(ec_key).encapsulate
end`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.functions?.join() ?? '']), [
    [3, 'X25519', ''], [4, 'X25519', 'encapsulate'], [5, 'ECDSA-P256', 'keygen'], [6, 'ECDH-P256', 'decapsulate'],
  ]);
});
