// Java constants read from other files (detectors/cross-file.ts): a constants class that calls no
// crypto API, a static import, nested classes, and what must stay unknown (two classes of one name
// with different values, a local variable that shadows a class name).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesIn, scanTree } from '../cross-file-helpers.js';

const CONSTANTS = `package com.acme.security;

public final class CryptoConstants {
    public static final String CIPHER = "AES/ECB/PKCS5Padding";
    public static final int RSA_BITS = 1024;
    static final String DIGEST = "SHA" + "-1";
    public static final String SIGNATURE = DIGEST.replace("-", "") + "withRSA";
    private final String notStatic = "DES";

    public static final class Tls {
        public static final String PROTOCOL = "TLSv1";
    }

    private CryptoConstants() {}
}
`;

const SERVICE = `package com.acme.service;

import com.acme.security.CryptoConstants;
import static com.acme.security.CryptoConstants.DIGEST;
import javax.crypto.Cipher;
import javax.net.ssl.SSLContext;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;

public class Service {
    byte[] run(byte[] data) throws Exception {
        Cipher c = Cipher.getInstance(CryptoConstants.CIPHER);
        KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA");
        kpg.initialize(CryptoConstants.RSA_BITS);
        SSLContext ctx = SSLContext.getInstance(CryptoConstants.Tls.PROTOCOL);
        return MessageDigest.getInstance(DIGEST).digest(data);
    }
}
`;

test('a constants class that calls no crypto API gives its values to the files that read them', async () => {
  const assets = await scanTree({ 'src/CryptoConstants.java': CONSTANTS, 'src/Service.java': SERVICE });
  // Static import (DIGEST, itself computed), qualified name, nested class (Tls.PROTOCOL), integer.
  assert.deepEqual(namesIn(assets, 'src/Service.java'), ['AES-ECB-PKCS5', 'RSA-1024', 'SHA-1', 'TLS 1.0']);
  // The constants file itself uses nothing: no occurrence there.
  assert.deepEqual(namesIn(assets, 'src/CryptoConstants.java'), []);
});

test('the same result with worker threads as in the calling thread', async () => {
  const files = { 'src/CryptoConstants.java': CONSTANTS, 'src/Service.java': SERVICE };
  assert.deepEqual(await scanTree(files, 2), await scanTree(files, 0));
});

test('two classes of one name that declare different values leave the reference unknown', async () => {
  const other = CONSTANTS.replace('package com.acme.security;', 'package com.acme.legacy;').replace('AES/ECB/PKCS5Padding', 'AES/GCM/NoPadding');
  const assets = await scanTree({
    'src/a/CryptoConstants.java': CONSTANTS,
    'src/b/CryptoConstants.java': other,
    'src/Service.java': SERVICE,
  });
  const names = namesIn(assets, 'src/Service.java');
  assert.ok(names.includes('unknown-cipher'), names.join(', '));
  assert.ok(!names.includes('AES-ECB-PKCS5') && !names.includes('AES-256-GCM'), names.join(', '));
  // Where both agree (RSA_BITS), the value stands.
  assert.ok(names.includes('RSA-1024'), names.join(', '));
});

test('a local variable named like a class, an instance field, and a class nobody declares stay as they were', async () => {
  const assets = await scanTree({
    'src/CryptoConstants.java': CONSTANTS,
    'src/Other.java': `package x;
import javax.crypto.Cipher;
class Other {
    Cipher make(Settings CryptoConstants) throws Exception {
        return Cipher.getInstance(CryptoConstants.CIPHER);
    }
    Cipher legacy() throws Exception {
        return Cipher.getInstance(Unknown.CIPHER);
    }
    Cipher field(CryptoConstants k) throws Exception {
        return Cipher.getInstance(k.notStatic);
    }
}
`,
  });
  assert.deepEqual(namesIn(assets, 'src/Other.java'), ['unknown-cipher']);
});

test("a library constant kept in another class's field (a parameter set, a curve name) sizes the key there", async () => {
  const assets = await scanTree({
    'src/PqcParams.java': `package a;
import org.bouncycastle.jcajce.spec.MLKEMParameterSpec;
public final class PqcParams {
  public static final MLKEMParameterSpec KEM = MLKEMParameterSpec.ml_kem_768;
  public static final String CURVE = "secp384r1";
}
`,
    'src/Keys.java': `package b;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
class Keys {
  void k() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("ML-KEM", "BC");
    g.initialize(PqcParams.KEM);
    KeyPairGenerator e = KeyPairGenerator.getInstance("EC");
    e.initialize(new ECGenParameterSpec(PqcParams.CURVE));
  }
}
`,
  });
  assert.deepEqual(namesIn(assets, 'src/Keys.java'), ['ECDSA-P384', 'ML-KEM-768', 'org.bouncycastle:bcprov-jdk18on']);
});
