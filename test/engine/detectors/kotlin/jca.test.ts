// Kotlin detector, JCA/JCE: factories with parameters resolved through vals, companion constants,
// named arguments, string templates and scope functions; the branch rule; specs and their signals;
// classes with JCA names that are not the JDK's; plain code that must produce nothing.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { JCA, algorithms, detect, names, signals } from './helpers.js';

test('Cipher: transformation from a companion const, key and GCM spec linked through apply {}', () => {
  const src = `${JCA}
class Box {
    companion object { private const val ALG = "AES/GCM/NoPadding"; const val TAG = 128 }
    fun seal(data: ByteArray): ByteArray {
        val key = SecretKeySpec(ByteArray(32).also { SecureRandom().nextBytes(it) }, "AES")
        val iv = ByteArray(12)
        SecureRandom().nextBytes(iv)
        val c = Cipher.getInstance(ALG).apply { init(Cipher.ENCRYPT_MODE, key, GCMParameterSpec(TAG, iv)) }
        return c.doFinal(data)
    }
}`;
  const a = algorithms(src).find((x) => x.occurrence.symbol === 'Cipher.getInstance')!;
  assert.equal(a.name, 'AES-256-GCM-128-96');
  assert.deepEqual(a.functions, ['encrypt']);
  // A random key and an IV filled after its creation are not constants.
  assert.deepEqual(signals(src), []);
});

test('also { it.init(…) }, with(c) { init(…) }, templates and named arguments', () => {
  const src = `${JCA}
fun run(pw: CharArray, salt: ByteArray) {
    val mode = "CBC"
    val c = Cipher.getInstance("AES/\${mode}/PKCS5Padding").also { it.init(Cipher.DECRYPT_MODE, SecretKeySpec(k16, "AES")) }
    val kg = KeyGenerator.getInstance("HmacSHA384")
    with(kg) { init(384) }
    val f = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
    f.generateSecret(PBEKeySpec(password = pw, salt = ByteArray(16), keyLength = 256, iterationCount = 600_000))
}`;
  assert.deepEqual(names(src), ['AES-CBC-PKCS5', 'HMAC-SHA-384', 'PBKDF2-SHA-256-600000']);
  const pbkdf2 = algorithms(src)[2]!;
  assert.deepEqual(pbkdf2.params, { iterations: 600000, outputLength: 256, saltLength: 16 });
});

test('after an if, a value set in one arm and the one before are each a use; so are the branches of an if expression', () => {
  const src = `${JCA}
fun gen(fast: Boolean) {
    var bits = 2048
    if (fast) { bits = 1024 }
    val kpg = KeyPairGenerator.getInstance("RSA")
    kpg.initialize(bits)
    val size = if (fast) 128 else 256
    KeyGenerator.getInstance("AES").init(size)
    val k2 = KeyPairGenerator.getInstance("RSA")
    k2.initialize(3072)
}`;
  assert.deepEqual(names(src), ['RSA-1024', 'RSA-2048', 'AES-128', 'AES-256', 'RSA-3072']);
});

test('EC key pairs, signatures through key.private, key agreement', () => {
  const src = `${JCA}
fun sign(msg: ByteArray): ByteArray {
    val pair = KeyPairGenerator.getInstance("EC").run {
        initialize(ECGenParameterSpec("secp384r1"))
        generateKeyPair()
    }
    val s = Signature.getInstance("SHA384withECDSA")
    s.initSign(pair.private)
    s.update(msg)
    val ka = KeyAgreement.getInstance("ECDH")
    ka.init(pair.private)
    return s.sign()
}`;
  assert.deepEqual(names(src), ['ECDSA-P384', 'ECDSA-P384-SHA-384', 'ECDH-P384']);
});

test('signals: static IV, hard-coded key, literal PBE password; a mutated IV is not static', () => {
  const src = `${JCA}
object Legacy {
    private val KEY = "0123456789abcdef".toByteArray()
    fun enc(d: ByteArray): ByteArray {
        val c = Cipher.getInstance("AES/CBC/PKCS5Padding")
        c.init(Cipher.ENCRYPT_MODE, SecretKeySpec(KEY, "AES"), IvParameterSpec(byteArrayOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))
        val spec = PBEKeySpec("hunter2".toCharArray(), ByteArray(8), 1000, 128)
        val iv = ByteArray(16)
        SecureRandom().nextBytes(iv)
        val ok = IvParameterSpec(iv)
        return c.doFinal(d)
    }
}`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['hardcoded-key', 11], ['static-iv', 11], ['hardcoded-password', 12]]);
  assert.equal(algorithms(src)[0]!.name, 'AES-128-CBC-PKCS5');
});

test('Android Keystore: KeyGenParameterSpec builder sizes the key and fixes its block mode; KeyStore type', () => {
  const src = `${JCA}
import android.security.keystore.KeyGenParameterSpec
import android.security.keystore.KeyProperties
fun key() {
    val ks = KeyStore.getInstance("AndroidKeyStore").apply { load(null) }
    val spec = KeyGenParameterSpec.Builder("k", KeyProperties.PURPOSE_ENCRYPT or KeyProperties.PURPOSE_DECRYPT)
        .setKeySize(256)
        .setBlockModes(KeyProperties.BLOCK_MODE_GCM)
        .setEncryptionPaddings(KeyProperties.ENCRYPTION_PADDING_NONE)
        .build()
    KeyGenerator.getInstance(KeyProperties.KEY_ALGORITHM_AES, "AndroidKeyStore").apply { init(spec) }.generateKey()
}`;
  assert.deepEqual(names(src), ['AES-256-GCM']);
  const ks = detect(src).find((d) => d.type === 'material')!;
  assert.deepEqual(ks.type === 'material' && ks.material, { materialType: 'keystore', format: 'AndroidKeyStore' });
});

test('classes with JCA names from elsewhere, comparisons, strings and logs are not crypto', () => {
  const src = `package com.acme
import com.acme.billing.Signature
import javax.crypto.Cipher
class Cipher2
fun f(alg: String) {
    val s = Signature.getInstance("SHA256withRSA")
    println("Cipher.getInstance(\\"DES\\") is forbidden")
    if (alg == "MD5") return
    when (alg) { "SHA1" -> println("legacy") else -> {} }
    // MessageDigest.getInstance("MD5")
}`;
  assert.deepEqual(detect(src), []);
});

test('a local class named like a JCA class is not the JDK one', () => {
  const src = `package com.acme
object MessageDigest { fun getInstance(name: String) = name }
fun f() = MessageDigest.getInstance("MD5")`;
  assert.deepEqual(detect(src), []);
});

test('loops over primitive arrays and forEach/map lambdas: each element is a use, one case each', () => {
  const src = `${JCA}
val ROTATION_SIZES = longArrayOf(3072L, 4096L)
fun rotate(store: KeyVault) {
    for (modulus in intArrayOf(1024, 2048)) {
        val gen = KeyPairGenerator.getInstance("RSA")
        gen.initialize(modulus)
        store.put(gen.generateKeyPair())
    }
    shortArrayOf(128, 192).forEach { width -> KeyGenerator.getInstance("AES").init(width.toInt()) }
    arrayOf("MD5", "SHA-1").forEach { store.fingerprint(MessageDigest.getInstance(it)) }
    ROTATION_SIZES.forEachIndexed { slot, size -> store.slot(slot, KeyPairGenerator.getInstance("DSA").apply { initialize(size.toInt()) }) }
    listOf("SHA-384").map { name -> MessageDigest.getInstance(name) }
}`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name}`), [
    '10 RSA-1024', '10 RSA-2048', '14 AES-128', '14 AES-192', '15 MD5', '15 SHA-1', '16 DSA-3072', '16 DSA-4096', '17 SHA-384',
  ]);
});

test("a parameterless lambda inside the loop's has an it of its own (a scope function passing this has none); loops over values read at run time stay unknown", () => {
  const src = `${JCA}
fun digests(names: List<String>, sizes: IntArray, spec: Spec) {
    listOf("SHA-512").forEach { spec.items.filter { MessageDigest.getInstance(it) } }
    listOf("SHA-256").forEach { MessageDigest.getInstance("SHA3-256").run { MessageDigest.getInstance(it) } }
    names.forEach { MessageDigest.getInstance(it) }
    for (bits in sizes) KeyPairGenerator.getInstance("RSA").initialize(bits)
    "12".let { KeyGenerator.getInstance("AES").init(it.toInt()) }
}`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name}`), [
    '8 unknown-hash', '9 SHA3-256', '9 SHA-256', '10 unknown-hash', '11 RSA', '12 AES',
  ]);
});

test('copyOf(n) and copyOfRange(a, b) size the key they cut, also once per loop element; a literal source stays hard-coded', () => {
  const src = `${JCA}
fun seal(master: ByteArray, iv: ByteArray) {
    for (len in intArrayOf(16, 32)) {
        val c = Cipher.getInstance("AES/GCM/NoPadding")
        c.init(Cipher.ENCRYPT_MODE, SecretKeySpec(master.copyOf(len), "AES"), GCMParameterSpec(128, iv))
    }
    val mac = Mac.getInstance("HmacSHA256")
    mac.init(SecretKeySpec(master.copyOfRange(16, 48), "HmacSHA256"))
    val fixed = SecretKeySpec("correct horse battery".toByteArray().copyOf(24), "DESede")
}`;
  assert.deepEqual(algorithms(src).filter((a) => a.occurrence.symbol !== 'SecretKeySpec').map((a) => `${a.line} ${a.name}`), ['9 AES-128-GCM-128', '9 AES-256-GCM-128', '12 HMAC-SHA-256']);
  assert.deepEqual(algorithms(src).find((a) => a.line === 12)!.params, { keySize: 256 });
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['14 hardcoded-key']);
});

test('a key hashed with MessageDigest has the digest length: SHA-256 → AES-256, without a hardcoded-key', () => {
  const src = `${JCA}
private const val ALGORITHM_AES = "AES"
class Prefs(private val secret: CharArray) {
    fun encrypt(value: ByteArray): ByteArray {
        val digester = MessageDigest.getInstance("SHA-256")
        digester.update(String(secret).toByteArray())
        val key = digester.digest()
        val spec = SecretKeySpec(key, "AES")
        val cipher = Cipher.getInstance(ALGORITHM_AES)
        cipher.init(Cipher.ENCRYPT_MODE, spec)
        return cipher.doFinal(value)
    }
    fun legacy(pw: ByteArray) = SecretKeySpec(MessageDigest.getInstance("MD5").digest(pw), "AES")
    fun unknown(md: MessageDigest, pw: ByteArray) = SecretKeySpec(md.digest(pw), "AES")
}`;
  const cipher = algorithms(src).find((a) => a.occurrence.symbol === 'Cipher.getInstance')!;
  assert.deepEqual([cipher.line, cipher.name], [14, 'AES-256']);
  // The keys: SHA-256 and MD5 outputs, and a digest whose algorithm the file does not show.
  const keys = detect(src).flatMap((d) => (d.type === 'material' ? [`${d.occurrence.line} ${d.material.size ?? '?'}`] : []));
  assert.deepEqual(keys, ['13 256', '18 128', '19 ?']);
  assert.deepEqual(signals(src), []);
});

test('Android Keystore: a spec without a size gets the provider\'s default (RSA-2048, EC P-256, AES-128); a size set stays', () => {
  const src = `${JCA}
import android.security.keystore.KeyGenParameterSpec
import android.security.keystore.KeyProperties
private const val STORE = "AndroidKeyStore"
class Keys {
    fun wrapping(alias: String): KeyPair {
        val kpg = KeyPairGenerator.getInstance("RSA", STORE)
        val spec = KeyGenParameterSpec
            .Builder(alias, KeyProperties.PURPOSE_ENCRYPT or KeyProperties.PURPOSE_DECRYPT)
            .setBlockModes(KeyProperties.BLOCK_MODE_ECB)
            .setEncryptionPaddings(KeyProperties.ENCRYPTION_PADDING_RSA_PKCS1)
            .build()
        kpg.initialize(spec)
        return kpg.generateKeyPair()
    }
    fun signing(alias: String) = KeyPairGenerator.getInstance(KeyProperties.KEY_ALGORITHM_EC, STORE).run {
        initialize(KeyGenParameterSpec.Builder(alias, KeyProperties.PURPOSE_SIGN).setDigests(KeyProperties.DIGEST_SHA256).build())
        generateKeyPair()
    }
    fun big(alias: String) = KeyPairGenerator.getInstance("RSA", STORE).apply {
        initialize(KeyGenParameterSpec.Builder(alias, KeyProperties.PURPOSE_SIGN).setKeySize(4096).build())
    }
    fun secret(alias: String) = KeyGenerator.getInstance("AES", STORE).apply {
        init(KeyGenParameterSpec.Builder(alias, KeyProperties.PURPOSE_ENCRYPT).setBlockModes(KeyProperties.BLOCK_MODE_GCM).build())
    }
    fun plain() = KeyPairGenerator.getInstance("RSA").generateKeyPair()
}`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name}`), ['12 RSA-2048', '21 ECDSA-P256', '25 RSA-4096', '28 AES-128-GCM', '31 RSA']);
});

test('an EC generator sized in bits is on the NIST curve of that size (initialize(384), an Android setKeySize(521))', () => {
  const src = `${JCA}
import android.security.keystore.KeyGenParameterSpec
import android.security.keystore.KeyProperties
fun sized() = KeyPairGenerator.getInstance("EC").apply { initialize(384) }.generateKeyPair()
fun android(alias: String) = KeyPairGenerator.getInstance(KeyProperties.KEY_ALGORITHM_EC, "AndroidKeyStore").apply {
    initialize(KeyGenParameterSpec.Builder(alias, KeyProperties.PURPOSE_SIGN).setKeySize(521).build())
}
fun odd() = KeyPairGenerator.getInstance("EC").apply { initialize(163) }`;
  assert.deepEqual(algorithms(src).map((a) => `${a.line} ${a.name}`), ['9 ECDSA-P384', '10 ECDSA-P521', '13 ECDSA']);
});
