// Regressions from the second real-code round (ktorio/ktor, tuskyapp/Tusky), in code of our own.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { KOTLIN_KEYWORDS } from '../../../../src/engine/detectors/source/kotlin/index.js';
import { algorithms, signals } from './helpers.js';

test('Ktor session transformers: AES-CBC plus HMAC-SHA-256 by default, hex keys sized', () => {
  const src = `package app
import io.ktor.server.application.*
import io.ktor.server.sessions.*
import io.ktor.util.hex

fun Application.sessions(env: Env) {
    install(Sessions) {
        cookie<UserSession>("user") {
            transform(SessionTransportTransformerEncrypt(hex("00112233445566778899aabbccddeeff"), hex("6819b57a326945c1968f45236589")))
        }
        cookie<CartSession>("cart") {
            transform(SessionTransportTransformerMessageAuthentication(env.signKey, "HmacSHA512"))
        }
        cookie<Prefs>("prefs") {
            transform(SessionTransportTransformerEncrypt(env.encKey, env.signKey, encryptAlgorithm = "DESede"))
        }
    }
}`;
  assert.ok(KOTLIN_KEYWORDS.some((k) => src.includes(k)));
  assert.deepEqual(algorithms(src).map((a) => `${a.occurrence.line} ${a.name} ${JSON.stringify(a.params)}`), [
    '9 AES-128-CBC-PKCS5 {"keySize":128}', '9 HMAC-SHA-256 {}', '12 HMAC-SHA-512 {}', '15 3DES-168-CBC-PKCS5 {}', '15 HMAC-SHA-256 {}',
  ]);
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['9 hardcoded-key', '9 hardcoded-key']);
});

test("Ktor transformers built from SecretKeySpecs are read through the specs; a class of that name from elsewhere is not Ktor's", () => {
  const src = `import io.ktor.server.sessions.*
import javax.crypto.spec.SecretKeySpec

fun specs(k: ByteArray, s: ByteArray) = SessionTransportTransformerEncrypt(SecretKeySpec(k, "AES"), SecretKeySpec(s, "HmacSHA256"))
fun named(k: ByteArray) = SessionTransportTransformerMessageAuthentication(keySpec = SecretKeySpec(k, "HmacSHA1"))`;
  assert.deepEqual(algorithms(src).map((a) => a.name), []);
  const other = `import com.example.sessions.SessionTransportTransformerEncrypt
fun f(k: ByteArray, s: ByteArray) = SessionTransportTransformerEncrypt(k, s)`;
  assert.deepEqual(algorithms(other), []);
});
