// Kotlin key derivation: a hand-written HKDF (RFC 5869) keys its extract HMAC with the salt, which is public
// and a zero-filled block when absent (no hard-coded key there, while a real literal HMAC key still is one);
// a PBEKeySpec handed to a SecretKeyFactory made in another file is PBKDF2 with the spec's parameters.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { JCA, algorithms, names, signals } from './helpers.js';

test('HKDF by hand: a zero salt fallback and a literal salt are not hard-coded keys', () => {
  const src = `${JCA}
class Kdf {
    fun extractExpand(ikm: ByteArray, salt: ByteArray, info: String): ByteArray {
        val effectiveSalt = if (salt.isEmpty()) ByteArray(32) else salt
        val mac = Mac.getInstance("HmacSHA256")
        mac.init(SecretKeySpec(effectiveSalt, "HmacSHA256"))
        val prk = mac.doFinal(ikm)
        mac.init(SecretKeySpec(prk, "HmacSHA256"))
        mac.update(info.toByteArray())
        mac.update(1.toByte())
        return mac.doFinal()
    }
    fun expected(raw: ByteArray): ByteArray = run {
        val accountId = "user-1234"
        val mac = Mac.getInstance("HmacSHA256")
        mac.init(SecretKeySpec(accountId.toByteArray(Charsets.UTF_8), "HmacSHA256"))
        val pseudoRandomKey = mac.doFinal(raw)
        mac.init(SecretKeySpec(pseudoRandomKey, "HmacSHA256"))
        mac.doFinal("Password".toByteArray())
    }
}`;
  assert.ok(names(src).includes('HMAC-SHA-256'));
  assert.deepEqual(signals(src), []);
});

test('a literal HMAC key whose MAC output keys nothing stays a hard-coded key', () => {
  const src = `${JCA}
fun sign(data: ByteArray): ByteArray {
    val mac = Mac.getInstance("HmacSHA256")
    mac.init(SecretKeySpec("not-a-salt-secret".toByteArray(), "HmacSHA256"))
    val tag = mac.doFinal(data)
    return tag
}
fun zeroKey(data: ByteArray): ByteArray {
    val mac = Mac.getInstance("HmacSHA256")
    mac.init(SecretKeySpec(ByteArray(32), "HmacSHA256"))
    return mac.doFinal(data)
}`;
  assert.deepEqual(signals(src).map((s) => s.signal), ['hardcoded-key', 'hardcoded-key']);
});

test('an HMAC key named as a salt is the extract salt; a name that only starts with salt is a key', () => {
  const src = `${JCA}
fun extract(ikm: ByteArray): ByteArray {
    val hkdfSalt = ByteArray(32)
    val mac = Mac.getInstance("HmacSHA256")
    mac.init(SecretKeySpec(hkdfSalt, "HmacSHA256"))
    return mac.doFinal(ikm)
}
fun tag(data: ByteArray): ByteArray {
    val saltedKey = ByteArray(32)
    val mac = Mac.getInstance("HmacSHA256")
    mac.init(SecretKeySpec(saltedKey, "HmacSHA256"))
    return mac.doFinal(data)
}`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['hardcoded-key', 16]]);
});

test('a PBEKeySpec with a key length given to a factory made elsewhere is PBKDF2 with the spec’s iterations', () => {
  const src = `${JCA}
interface DerivedKeyFactory { fun getKey(spec: PBEKeySpec): Key }
class PasswordKeys(private val factory: DerivedKeyFactory) {
    fun fromPassword(password: String, salt: ByteArray): Key =
        factory.getKey(PBEKeySpec(password.toCharArray(), salt, ITERATIONS, KEY_BITS))
    companion object {
        private const val ITERATIONS = 100_000
        private const val KEY_BITS = 256
    }
}`;
  const [kdf, ...rest] = algorithms(src);
  assert.equal(rest.length, 0);
  assert.equal(kdf!.spelling, 'PBKDF2');
  assert.deepEqual(kdf!.params, { iterations: 100000, outputLength: 256 });
  assert.deepEqual(kdf!.functions, ['keyderive']);
});

test('a PBEKeySpec without a key length, or one the file’s own SecretKeyFactory reads, adds no second KDF', () => {
  const src = `${JCA}
fun pbe(pw: CharArray, salt: ByteArray) = PBEKeySpec(pw, salt, 1000)
fun derive(pw: CharArray, salt: ByteArray): ByteArray {
    val f = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512")
    return f.generateSecret(PBEKeySpec(pw, salt, 210_000, 256)).encoded
}`;
  assert.deepEqual(names(src), ['PBKDF2-SHA-512-210000']);
});
