// Values a Kotlin helper's parameters receive from the file's own calls (kotlin/call-sites.ts): one use
// per call site with all its arguments together, named arguments and defaults, constructors and enum
// entries, other files' callers as an unknown case unless the helper is private, recursion, references,
// spreads, varargs and extension functions left unknown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JCA, algorithms, signals } from './helpers.js';

/** Lines counted from the first line after the JCA imports. */
const names = (source: string) => algorithms(JCA + source).map((a) => `${a.line - 5} ${a.name}`).sort();

describe('Kotlin: values passed by the file\'s own calls', () => {
  it('takes every argument of one call together, never a mix of two calls', () => {
    const source = [
      'fun signing(): KeyPair = keys("RSA", 3072)',
      'fun legacy(): KeyPair = keys(bits = 2048, algorithm = "DSA")',
      'private fun keys(algorithm: String, bits: Int): KeyPair {',
      '    val kpg = KeyPairGenerator.getInstance(algorithm)',
      '    kpg.initialize(bits)',
      '    return kpg.generateKeyPair()',
      '}',
    ].join('\n');
    assert.deepEqual(names(source), ['1 RSA-3072', '2 DSA-2048', '4 DSA-2048', '4 RSA-3072']);
  });

  it('reads defaults; a public member keeps the unknown case of other files\' callers', () => {
    const source = [
      'class Digests {',
      '    fun current(d: ByteArray) = hash(d)',
      '    fun legacy(d: ByteArray) = hash(d, "MD5")',
      '    private fun hash(d: ByteArray, algorithm: String = "SHA-384") = MessageDigest.getInstance(algorithm).digest(d)',
      '    fun cipher(transformation: String): Cipher = Cipher.getInstance(transformation)',
      '    fun archive() = cipher("AES/GCM/NoPadding")',
      '}',
    ].join('\n');
    assert.deepEqual(names(source), ['3 MD5', '4 MD5', '4 SHA-384', '4 SHA-384', '5 AES-GCM', '5 unknown-cipher', '6 AES-GCM']);
  });

  it('reads constructors, companion factories and enum entries; a data class stays open', () => {
    const source = [
      'class Vault private constructor(private val transformation: String) {',
      '    fun cipher(): Cipher = Cipher.getInstance(transformation)',
      '    companion object {',
      '        fun modern() = Vault("AES/GCM/NoPadding")',
      '        fun legacy() = Vault(transformation = "DES/ECB/PKCS5Padding")',
      '    }',
      '}',
      'enum class Digest(val algorithm: String) {',
      '    STRONG("SHA-512"), WEAK("MD5");',
      '    fun digest(d: ByteArray) = MessageDigest.getInstance(algorithm).digest(d)',
      '}',
      'data class Spec(val transformation: String) { fun cipher(): Cipher = Cipher.getInstance(transformation) }',
      'private val spec = Spec("AES/CBC/PKCS5Padding")',
    ].join('\n');
    assert.deepEqual(names(source), ['10 MD5', '10 SHA-512', '12 AES-CBC-PKCS5', '12 unknown-cipher', '13 AES-CBC-PKCS5', '2 AES-GCM', '2 DES-ECB-PKCS5', '4 AES-GCM', '5 DES-ECB-PKCS5', '9 MD5', '9 SHA-512']);
  });

  it('does not take a same-named function of another class, an overload, or a nearer local function', () => {
    const source = [
      'object Hashes {',
      '    private fun hash(name: String) = MessageDigest.getInstance(name)',
      '    private fun hash(name: String, rounds: Int) = name.repeat(rounds)',
      '    fun a() = hash("SHA-256")',
      '    fun b() = hash("MD5", 2)',
      '    fun c(): String { fun hash(s: String) = s; return hash("SHA-1") }',
      '}',
      'class Labels { private fun hash(s: String) = s; fun l() = hash("SHA-512") }',
    ].join('\n');
    assert.deepEqual(names(source), ['2 SHA-256', '4 SHA-256']);
  });

  it('leaves out recursion; references, spreads, varargs, extension functions and instance calls of a private class are unknown uses', () => {
    const source = [
      'class Chain {',
      '    private fun pick(d: ByteArray, alg: String, rounds: Int): ByteArray =',
      '        if (rounds > 0) pick(d, alg, rounds - 1) else MessageDigest.getInstance(alg).digest(d)',
      '    fun run(d: ByteArray) = pick(d, "SHA-384", 3)',
      '    private fun d(alg: String): MessageDigest = MessageDigest.getInstance(alg)',
      '    fun refs() = listOf("x").map(::d) + d("SHA-224")',
      '    private fun s(alg: String) = MessageDigest.getInstance(alg)',
      '    fun spread(a: Array<String>) = listOf(s(*a), s("SHA-512/256"))',
      '    private fun v(vararg algs: String) = MessageDigest.getInstance(algs[0])',
      '    fun varargs() = v("MD5")',
      '    private fun ByteArray.x(alg: String) = MessageDigest.getInstance(alg).digest(this)',
      '    fun ext() = ByteArray(0).x("MD2")',
      '    private class Hasher { fun hash(alg: String) = MessageDigest.getInstance(alg); fun warm() = hash("SHA-256") }',
      '    fun cold() = Hasher().hash("SHA3-256")',
      '}',
    ].join('\n');
    assert.deepEqual(names(source), [
      '11 unknown-hash', '13 SHA-256', '13 SHA-256', '13 unknown-hash', '3 SHA-384', '4 SHA-384', '5 SHA-224', '5 unknown-hash', '6 SHA-224',
      '7 SHA-512/256', '7 unknown-hash', '8 SHA-512/256', '9 unknown-hash',
    ]);
  });

  it('takes a key\'s size from a caller but not its literal origin: no hard-coded key or password at the helper', () => {
    const source = [
      'class Box {',
      '    fun demo() = open("0123456789abcdef0123456789abcdef".toByteArray())',
      '    fun demo2() = openText("0123456789abcdef")',
      '    fun demo3() = stretch("hunter2")',
      '    private fun open(key: ByteArray): Cipher {',
      '        val c = Cipher.getInstance("AES/GCM/NoPadding")',
      '        c.init(Cipher.DECRYPT_MODE, SecretKeySpec(key, "AES"))',
      '        return c',
      '    }',
      '    private fun openText(secret: String): Cipher {',
      '        val c = Cipher.getInstance("AES/GCM/NoPadding")',
      '        c.init(Cipher.DECRYPT_MODE, SecretKeySpec(secret.toByteArray(), "AES"))',
      '        return c',
      '    }',
      '    private fun stretch(pw: String) = PBEKeySpec(pw.toCharArray(), ByteArray(16), 1000, 256)',
      '}',
    ].join('\n');
    // The PBEKeySpec with a key length and no SecretKeyFactory in the file is PBKDF2 (key-derivation.test.ts).
    assert.deepEqual(names(source), ['11 AES-128-GCM', '15 PBKDF2', '2 AES-256-GCM', '3 AES-128-GCM', '4 PBKDF2', '6 AES-256-GCM']);
    assert.deepEqual(signals(JCA + source).map((s) => s.signal), []);
  });

  it('a helper\'s return value: an expression body, the return its caller\'s argument reaches, an open function\'s unknown override', () => {
    const source = [
      'class Hasher {',
      '    private fun bits() = 3072',
      '    private fun name(kind: String): String {',
      '        if (kind == "legacy") return "SHA-1"',
      '        return "SHA-256"',
      '    }',
      '    protected open fun fallbackBits(): Int { return 2048 }',
      '    fun run(d: ByteArray): ByteArray {',
      '        val g = KeyPairGenerator.getInstance("RSA")', // 9
      '        g.initialize(bits())',
      '        KeyPairGenerator.getInstance("RSA").initialize(fallbackBits())', // 11
      '        return MessageDigest.getInstance(name("modern")).digest(d)', // 12
      '    }',
      '}',
    ].join('\n');
    // `name("modern")`: the `if (kind == "legacy") return` path cannot run.
    assert.deepEqual(names(source), ['11 RSA', '11 RSA-2048', '12 SHA-256', '9 RSA-3072']);
  });
});
