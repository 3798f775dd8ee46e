// A JCA factory behind another file's static wrapper (java/wrappers.ts): the wrapper's file declares
// which factory its first parameter reaches, the callers' files report the algorithm they pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesAt, namesIn, scanTree } from '../cross-file-helpers.js';

const WRAPPER = `package com.acme.secrets;

import java.security.GeneralSecurityException;
import javax.crypto.Cipher;

public final class Vault {
    private static final String PROVIDER = System.getProperty("vault.provider");

    public static Cipher getCipher(String algorithm) throws GeneralSecurityException {
        return PROVIDER != null ? Cipher.getInstance(algorithm, PROVIDER) : Cipher.getInstance(algorithm);
    }
}
`;

const CALLER = `package com.acme.store;

import com.acme.secrets.Vault;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

public class TokenStore {
    private static final String MODE = "AES/CBC/PKCS5Padding";
    private final SecretKey key;

    TokenStore(byte[] material) { this.key = new SecretKeySpec(material, 0, 16, "AES"); }

    byte[] seal(byte[] token) throws Exception {
        byte[] iv = new byte[16];
        new SecureRandom().nextBytes(iv);
        Cipher cipher = Vault.getCipher(MODE);
        cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
        return cipher.doFinal(token);
    }

    byte[] legacy(byte[] blob) throws Exception {
        Cipher cipher = Vault.getCipher("AES");
        cipher.init(Cipher.DECRYPT_MODE, key);
        return cipher.doFinal(blob);
    }
}
`;

test('a caller of another file\'s Cipher wrapper reports the transformation it passes, sized by its own key', async () => {
  const assets = await scanTree({ 'src/Vault.java': WRAPPER, 'src/TokenStore.java': CALLER });
  assert.deepEqual(namesIn(assets, 'src/TokenStore.java'), ['AES-128', 'AES-128 secret key', 'AES-128-CBC-PKCS5']);
  // Each at its own call: the CBC transformation, and the legacy "AES" (the provider's default mode).
  assert.deepEqual(namesAt(assets, 'src/TokenStore.java', 19), ['AES-128-CBC-PKCS5']);
  assert.deepEqual(namesAt(assets, 'src/TokenStore.java', 25), ['AES-128']);
  // The wrapper's own parameter stays an unknown cipher where it is read.
  assert.deepEqual(namesIn(assets, 'src/Vault.java'), ['unknown-cipher']);
});

test('a wrapper that rewrites its parameter, or an instance method of the same name, gives the callers nothing', async () => {
  const closed = WRAPPER.replace('public static Cipher getCipher(String algorithm) throws GeneralSecurityException {', 'public static Cipher getCipher(String algorithm) throws GeneralSecurityException {\n        algorithm = algorithm + "/GCM/NoPadding";');
  const other = CALLER.replace(/Vault\.getCipher/g, 'vault.getCipher').replace('private final SecretKey key;', 'private final SecretKey key;\n    private final Vault vault = null;');
  for (const files of [{ 'src/Vault.java': closed, 'src/TokenStore.java': CALLER }, { 'src/Vault.java': WRAPPER, 'src/TokenStore.java': other }]) {
    const assets = await scanTree(files);
    assert.deepEqual(namesIn(assets, 'src/TokenStore.java'), ['AES-128', 'AES-128 secret key']);
  }
});
