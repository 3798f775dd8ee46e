// Kotlin: a hand-written HKDF (RFC 5869) keys its extract HMAC with the salt, which is public and a
// zero-filled block when absent: no hard-coded key there, while a real literal HMAC key still is one.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { JCA, names, signals } from './helpers.js';

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
