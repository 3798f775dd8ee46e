// Kotlin constants read from other files (detectors/cross-file.ts): an `object` of settings and a
// companion object that call no crypto API, top-level `const val`s of a package read by import and
// by a sibling file, an aliased object; and what must stay unknown (two objects of one name with
// different values, a local that shadows the object's name, a `var`, a `private` constant, a name
// nothing imports).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesIn, scanTree } from '../cross-file-helpers.js';

const CONFIG = `package com.acme.crypto

object CryptoConfig {
    const val TRANSFORMATION = "AES/ECB/PKCS5Padding"
    val RSA_BITS: Int = 1024
    const val ITERATIONS = 10_000
    const val AES_BITS = 128
    private const val HIDDEN = "DES"
    var tunable = "SHA-512"

    object Tls {
        const val PROTOCOL = "TLSv1"
    }
}
`;

const DEFAULTS = `package com.acme.crypto

const val CURVE = "secp192r1"
const val HASH = "SHA-1"
val KDF = "PBKDF2With" + "HmacSHA1"
private const val SECRET_HASH = "MD5"

class KeyStoreDefaults {
    companion object {
        const val KEY_BITS = 2048
        const val SIGNATURE = "SHA1withRSA"
    }
}
`;

const SERVICE = `package com.acme.service

import com.acme.crypto.CryptoConfig
import com.acme.crypto.CryptoConfig.AES_BITS
import com.acme.crypto.CryptoConfig.ITERATIONS
import com.acme.crypto.CURVE
import com.acme.crypto.KDF
import com.acme.crypto.KeyStoreDefaults
import java.security.KeyPairGenerator
import java.security.spec.ECGenParameterSpec
import javax.crypto.Cipher
import javax.crypto.KeyGenerator
import javax.crypto.SecretKeyFactory
import javax.crypto.spec.PBEKeySpec
import javax.net.ssl.SSLContext

class Vault {
    fun cipher(): Cipher = Cipher.getInstance(CryptoConfig.TRANSFORMATION)

    fun dataKey() = KeyGenerator.getInstance("AES").run {
        init(AES_BITS)
        generateKey()
    }

    fun ecKeys() = KeyPairGenerator.getInstance("EC").apply { initialize(ECGenParameterSpec(CURVE)) }.generateKeyPair()

    fun rsaKeys() = KeyPairGenerator.getInstance("RSA").apply { initialize(KeyStoreDefaults.KEY_BITS) }.generateKeyPair()

    fun tls(): SSLContext = SSLContext.getInstance(CryptoConfig.Tls.PROTOCOL)

    fun stretch(pw: CharArray, salt: ByteArray) =
        SecretKeyFactory.getInstance(KDF).generateSecret(PBEKeySpec(pw, salt, ITERATIONS, 256))
}
`;

// A file of the same package reads the top-level constants without an import.
const SIBLING = `package com.acme.crypto

import java.security.MessageDigest
import java.security.Signature

fun fingerprint(data: ByteArray): ByteArray = MessageDigest.getInstance(HASH).digest(data)

fun signer(): Signature = Signature.getInstance(KeyStoreDefaults.SIGNATURE)
`;

test('objects, companion objects and top-level constants of another file give their values to the files that read them', async () => {
  const assets = await scanTree({
    'app/src/main/kotlin/com/acme/crypto/CryptoConfig.kt': CONFIG,
    'app/src/main/kotlin/com/acme/crypto/Defaults.kt': DEFAULTS,
    'app/src/main/kotlin/com/acme/service/Vault.kt': SERVICE,
    'app/src/main/kotlin/com/acme/crypto/Fingerprint.kt': SIBLING,
  });
  assert.deepEqual(namesIn(assets, 'app/src/main/kotlin/com/acme/service/Vault.kt'), [
    'AES-128', 'AES-ECB-PKCS5', 'ECDSA-P192', 'PBKDF2-SHA-1', 'RSA-2048', 'TLS 1.0',
  ]);
  assert.deepEqual(namesIn(assets, 'app/src/main/kotlin/com/acme/crypto/Fingerprint.kt'), ['RSA-PKCS1-1.5-SHA-1', 'SHA-1']);
  assert.deepEqual(namesIn(assets, 'app/src/main/kotlin/com/acme/crypto/CryptoConfig.kt'), []);
});

test('an aliased object import and a star import of an object read its constants', async () => {
  const assets = await scanTree({
    'src/main/kotlin/com/acme/crypto/CryptoConfig.kt': CONFIG,
    'src/main/kotlin/com/acme/web/Tokens.kt': `package com.acme.web

import com.acme.crypto.CryptoConfig as CC
import javax.crypto.Cipher

class Tokens {
    private val cipher = Cipher.getInstance(CC.TRANSFORMATION)
}
`,
    'src/main/kotlin/com/acme/web/Sessions.kt': `package com.acme.web

import com.acme.crypto.CryptoConfig.*
import javax.net.ssl.SSLContext
import java.security.KeyPairGenerator

fun sessionContext(): SSLContext = SSLContext.getInstance(Tls.PROTOCOL)
fun sessionKeys() = KeyPairGenerator.getInstance("RSA").also { it.initialize(RSA_BITS) }.genKeyPair()
`,
  });
  assert.deepEqual(namesIn(assets, 'src/main/kotlin/com/acme/web/Tokens.kt'), ['AES-ECB-PKCS5']);
  assert.deepEqual(namesIn(assets, 'src/main/kotlin/com/acme/web/Sessions.kt'), ['RSA-1024', 'TLS 1.0']);
});

test('two objects of one name that declare different values leave the reference unknown; agreeing ones stand', async () => {
  const legacy = CONFIG.replace('package com.acme.crypto', 'package com.acme.legacy').replace('AES/ECB/PKCS5Padding', 'AES/GCM/NoPadding');
  const assets = await scanTree({
    'src/main/kotlin/com/acme/crypto/CryptoConfig.kt': CONFIG,
    'src/main/kotlin/com/acme/legacy/CryptoConfig.kt': legacy,
    'src/main/kotlin/com/acme/service/Vault.kt': SERVICE,
    'src/main/kotlin/com/acme/crypto/Defaults.kt': DEFAULTS,
  });
  const names = namesIn(assets, 'src/main/kotlin/com/acme/service/Vault.kt');
  assert.ok(names.includes('unknown-cipher'), names.join(', '));
  assert.ok(!names.includes('AES-ECB-PKCS5') && !names.includes('AES-GCM'), names.join(', '));
  assert.ok(names.includes('AES-128') && names.includes('TLS 1.0'), names.join(', '));
});

test('a parameter named like the object, a var, a private constant, a library class and a name nothing imports stay unknown', async () => {
  const assets = await scanTree({
    'src/main/kotlin/com/acme/crypto/CryptoConfig.kt': CONFIG,
    'src/main/kotlin/com/acme/crypto/Defaults.kt': DEFAULTS,
    'src/main/kotlin/com/acme/web/Other.kt': `package com.acme.web

import com.acme.crypto.CryptoConfig
import java.security.MessageDigest
import javax.crypto.Cipher
import org.bouncycastle.jcajce.provider.Algorithms

class Other {
    fun shadowed(CryptoConfig: Settings): Cipher = Cipher.getInstance(CryptoConfig.TRANSFORMATION)
    fun tunable(): MessageDigest = MessageDigest.getInstance(CryptoConfig.tunable)
    fun hidden(): Cipher = Cipher.getInstance(CryptoConfig.HIDDEN)
    fun notImported(): MessageDigest = MessageDigest.getInstance(HASH)
    fun libraryOwned(): MessageDigest = MessageDigest.getInstance(Algorithms.DIGEST)
}
`,
    // A project object named like the library class the file imports is not the one it reads.
    'src/main/kotlin/com/acme/crypto/Algorithms.kt': `package com.acme.crypto

object Algorithms {
    const val DIGEST = "MD5"
}
`,
    'src/main/kotlin/com/acme/crypto/Legacy.kt': `package com.acme.crypto

import java.security.MessageDigest

fun legacyDigest(): MessageDigest = MessageDigest.getInstance(SECRET_HASH)
`,
  });
  assert.deepEqual(namesIn(assets, 'src/main/kotlin/com/acme/web/Other.kt'), ['unknown-cipher', 'unknown-hash']);
  // A file-private top-level constant is not another file's, even in its package.
  assert.deepEqual(namesIn(assets, 'src/main/kotlin/com/acme/crypto/Legacy.kt'), ['unknown-hash']);
});
