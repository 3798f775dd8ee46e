// Rust detector, public-key and constant-named crypto: rsa with key sizes followed from the key object,
// the elliptic-curve crates, ed25519/x25519-dalek, ring/aws-lc-rs constants, the openssl crate, and the
// post-quantum crates (ml-kem, ml-dsa, slh-dsa, pqcrypto, fips204, liboqs).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, rsFile, signals } from './helpers.js';

test('rsa: generated key size reaches PKCS#1 v1.5 and OAEP encryption and the signing keys made from it', () => {
  const src = rsFile(
    'use rsa::{Oaep, Pkcs1v15Encrypt, RsaPrivateKey, RsaPublicKey, pkcs1v15::SigningKey, pss::BlindedSigningKey};\nuse sha2::{Sha256, Sha384};',
    `    let mut rng = rand::thread_rng();
    let private_key = RsaPrivateKey::new(&mut rng, 3072).expect("key");
    let public_key = RsaPublicKey::from(&private_key);
    let ct = public_key.encrypt(&mut rng, Pkcs1v15Encrypt, data).unwrap();
    let pt = private_key.decrypt(Oaep::new::<Sha256>(), &ct).unwrap();
    let signer = SigningKey::<Sha256>::new(private_key.clone());
    let pss: BlindedSigningKey<Sha384> = BlindedSigningKey::new(private_key);
    let loaded = RsaPrivateKey::from_pkcs8_pem(PEM).unwrap();`,
  );
  assert.deepEqual(names(src), ['RSA-3072', 'RSA-PKCS1-1.5-3072', 'RSA-OAEP-SHA-256-3072', 'RSA-PKCS1-1.5-SHA-256-3072', 'RSA-PSS-SHA-384-3072', 'RSA']);
  assert.deepEqual(algorithms(src)[5]!.unresolved, ['keySize']);
});

test('elliptic curves from the crate, Ed25519/X25519 keys; a private key written in the source is hard-coded', () => {
  const src = rsFile(
    'use p384::ecdsa::{SigningKey, VerifyingKey};\nuse k256::ecdh::EphemeralSecret;\nuse ed25519_dalek::SigningKey as EdKey;\nuse x25519_dalek::{PublicKey, StaticSecret};',
    `    let sk = SigningKey::random(&mut OsRng);
    let vk = VerifyingKey::from_sec1_bytes(data).unwrap();
    let e = EphemeralSecret::random(&mut OsRng);
    let ed = EdKey::from_bytes(&[7u8; 32]);
    let s = StaticSecret::random_from_rng(OsRng);
    let p = PublicKey::from(&s);`,
  );
  assert.deepEqual(names(src), ['ECDSA-P384', 'ECDSA-P384', 'ECDH-secp256k1', 'Ed25519', 'X25519']);
  assert.deepEqual(signals(src).map((x) => [x.occurrence.line, x.signal]), [[12, 'hardcoded-key']]);
});

test('ring and aws-lc-rs constants are algorithms where they are read; PBKDF2 takes the rounds of derive', () => {
  const src = rsFile(
    'use std::num::NonZeroU32;\nuse ring::{aead, digest, hmac, pbkdf2, signature};\nuse aws_lc_rs::kem::{DecapsulationKey, ML_KEM_768};',
    `    let mut out = [0u8; 64];
    pbkdf2::derive(pbkdf2::PBKDF2_HMAC_SHA512, NonZeroU32::new(210_000).unwrap(), data, key, &mut out);
    let d = digest::digest(&digest::SHA1_FOR_LEGACY_USE_ONLY, data);
    let k = aead::UnboundKey::new(&aead::AES_256_GCM, key).unwrap();
    let m = hmac::Key::new(hmac::HMAC_SHA256, b"not so secret");
    let v = signature::UnparsedPublicKey::new(&signature::RSA_PKCS1_2048_8192_SHA256, data);
    let e = signature::EcdsaKeyPair::from_pkcs8(&signature::ECDSA_P384_SHA384_ASN1_SIGNING, data, &rng);
    let kem = DecapsulationKey::generate(&ML_KEM_768).unwrap();`,
  );
  assert.deepEqual(names(src), ['PBKDF2-SHA-512-210000', 'SHA-1', 'AES-256-GCM', 'HMAC-SHA-256', 'RSA-PKCS1-1.5-SHA-256', 'ECDSA-P384-SHA-384', 'ML-KEM-768']);
  assert.deepEqual(algorithms(src)[0]!.params, { hash: 'SHA-512', iterations: 210000, outputLength: 512 });
  assert.deepEqual(signals(src).map((x) => x.signal), ['hardcoded-key']);
});

test('the openssl crate: ciphers and digests by method, key sizes, curves, PBKDF2, padding, fixed key and IV', () => {
  const src = rsFile(
    'use openssl::symm::{encrypt, Cipher};\nuse openssl::hash::MessageDigest;\nuse openssl::rsa::{Padding, Rsa};\nuse openssl::ec::EcGroup;\nuse openssl::nid::Nid;\nuse openssl::pkcs5::pbkdf2_hmac;',
    `    let ct = encrypt(Cipher::des_ede3_cbc(), b"0123456789abcdef01234567", Some(b"01234567"), data).unwrap();
    let md = MessageDigest::md5();
    let rsa = Rsa::generate(1024).unwrap();
    let mut buf = vec![0; 128];
    rsa.public_encrypt(data, &mut buf, Padding::PKCS1).unwrap();
    let group = EcGroup::from_curve_name(Nid::SECP384R1).unwrap();
    pbkdf2_hmac(data, key, 10_000, MessageDigest::sha256(), &mut buf).unwrap();`,
  );
  assert.deepEqual(names(src), ['3DES-168-CBC', 'MD5', 'RSA-1024', 'RSA-PKCS1-1.5-1024', 'ECDSA-P384', 'PBKDF2-SHA-256-10000']);
  assert.deepEqual(signals(src).map((x) => x.signal).sort(), ['hardcoded-key', 'static-iv']);
});

test('post-quantum crates: ml-kem, ml-dsa, slh-dsa, pqcrypto and fips204 modules, liboqs algorithms', () => {
  const src = rsFile(
    'use ml_kem::{KemCore, MlKem1024};\nuse ml_dsa::{KeyGen, MlDsa87};\nuse slh_dsa::{Shake128f, SigningKey};\nuse pqcrypto_mldsa::mldsa44;\nuse pqcrypto_kyber::kyber512::*;\nuse oqs::{kem, sig};',
    `    let (dk, ek) = MlKem1024::generate(&mut rng);
    let kp = MlDsa87::key_gen(&mut rng);
    let sk = SigningKey::<Shake128f>::new(&mut rng);
    let (pk, sk2) = mldsa44::keypair();
    let (pk2, sk3) = keypair();
    let (ek2, dk2) = fips204::ml_dsa_65::try_keygen().unwrap();
    let k = kem::Kem::new(kem::Algorithm::MlKem768).unwrap();
    let s = sig::Sig::new(sig::Algorithm::Dilithium3).unwrap();`,
  );
  assert.deepEqual(names(src), ['ML-KEM-1024', 'ML-DSA-87', 'SLH-DSA-SHAKE-128f', 'ML-DSA-44', 'ML-KEM-512', 'ML-DSA-65', 'ML-KEM-768', 'ML-DSA-65']);
});

test('weak-random: a non-cryptographic or constant-seeded generator filling a key, nonce or token; entropy-seeded ones and test data are fine', () => {
  const src = rsFile('use rand::{rngs::SmallRng, rngs::StdRng, Rng, RngCore, SeedableRng};\nuse rand_chacha::ChaCha20Rng;',
    `    let mut fast = SmallRng::from_entropy();
    let mut session_key = [0u8; 32];
    fast.fill_bytes(&mut session_key);
    let mut fixed = StdRng::seed_from_u64(42);
    let nonce: [u8; 12] = fixed.gen();
    let mut seeded = ChaCha20Rng::from_seed([0u8; 32]);
    let mut salt = [0u8; 16];
    seeded.fill_bytes(&mut salt);
    let mut good = StdRng::from_entropy();
    let mut iv = [0u8; 16];
    good.fill_bytes(&mut iv);
    let mut from_caller = ChaCha20Rng::seed_from_u64(n as u64);
    from_caller.fill_bytes(&mut salt);
    let mut samples = [0u8; 64];
    fast.fill_bytes(&mut samples);
    rand::thread_rng().fill_bytes(&mut session_key);`);
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal]), [[9, 'weak-random'], [11, 'weak-random'], [14, 'weak-random']]);
});
