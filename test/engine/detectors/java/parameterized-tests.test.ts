// Parameterised tests (java/test-data.ts): each value of a JUnit 5 `@ValueSource`, each row of a
// `@CsvSource` or of a `@MethodSource` factory, of a TestNG `@DataProvider` and of a JUnit 4
// `@Parameters` method is one call of the test method (or construction of the test class), as a call
// written in the file is; a source not read keeps an unknown case; a test without sources stays unknown.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { buildInventory } from '../../../../src/engine/inventory/build.js';
import { evaluateFindings } from '../../../../src/engine/findings/index.js';
import { SKIP_REASONS, type ScanStats } from '../../../../src/engine/inventory/model.js';
import { csvFields } from '../../../../src/engine/detectors/source/java/test-data.js';
import { algorithms, detect, kb } from './helpers.js';

const SOURCE = `package org.example.keys;

import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import javax.crypto.Mac;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class KeyFactoryTest {
    @ParameterizedTest
    @ValueSource(ints = {1024, 4096})
    void rsaPairs(int modulus) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(modulus);
        generator.generateKeyPair();
    }

    @ParameterizedTest
    @ValueSource(strings = "SHA-1")
    void digestOf(String digestName) throws Exception {
        MessageDigest.getInstance(digestName).digest(new byte[] {1});
    }

    @ParameterizedTest(name = "{0} with {1} bits")
    @CsvSource({
        "DSA, 1024",
        "'RSA', 2048",
    })
    void pairsFromRows(String family, int size) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(family);
        g.initialize(size);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        # mac      | key bytes
        HmacMD5    | 16
        HmacSHA512 | 64
        """)
    void macs(String macName, int keyBytes) throws Exception {
        Mac.getInstance(macName);
    }

    @ParameterizedTest
    @ValueSource(strings = {"SHA-256"})
    @MethodSource("legacyDigests")
    void mixedSources(String digestName) throws Exception {
        MessageDigest.getInstance(digestName);
    }

    @Test
    void notParameterised() throws Exception {
        digestOf("SHA-384");
    }
}
`;

const rows = () => algorithms(SOURCE, 'src/test/java/org/example/keys/KeyFactoryTest.java').map((a) => `${a.line} ${a.name} ${a.occurrence.symbol}`);

test('@ValueSource: one use per value, at the crypto call and at the annotation; the file\'s own call of the method is one more', () => {
  const r = rows();
  assert.deepEqual(r.filter((x) => /^(14|16) /.test(x)), [
    '16 RSA-1024 KeyPairGenerator.getInstance', '14 RSA-1024 ValueSource',
    '16 RSA-4096 KeyPairGenerator.getInstance', '14 RSA-4096 ValueSource',
  ]);
  assert.deepEqual(r.filter((x) => /^(22|24|56) /.test(x)), [
    '24 SHA-384 MessageDigest.getInstance', '56 SHA-384 digestOf',
    '24 SHA-1 MessageDigest.getInstance', '22 SHA-1 ValueSource',
  ]);
});

test('@CsvSource: each row\'s fields fill the parameters in order, converted to their types (value array and text block with a delimiter)', () => {
  const r = rows();
  assert.deepEqual(r.filter((x) => /^(29|30|33) /.test(x)), [
    '33 DSA-1024 KeyPairGenerator.getInstance', '29 DSA-1024 CsvSource',
    '33 RSA-2048 KeyPairGenerator.getInstance', '30 RSA-2048 CsvSource',
  ]);
  // A text block's rows are reported where the block starts.
  assert.deepEqual(r.filter((x) => /^(38|44) /.test(x)), [
    '44 HMAC-MD5 Mac.getInstance', '38 HMAC-MD5 CsvSource',
    '44 HMAC-SHA-512 Mac.getInstance', '38 HMAC-SHA-512 CsvSource',
  ]);
});

test('a test that also takes a @MethodSource keeps the unknown case of the values it gives', () => {
  assert.deepEqual(rows().filter((x) => /^(48|51) /.test(x)), [
    '51 SHA-256 MessageDigest.getInstance', '48 SHA-256 ValueSource', '51 unknown-hash MessageDigest.getInstance',
  ]);
});

test('a 1024-bit RSA key from a @ValueSource is a short key at the value and at the call', () => {
  const stats: ScanStats = {
    filesSeen: 1, filesScanned: 1, bytesScanned: SOURCE.length, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
    filesByDetector: {}, truncated: false,
  };
  const { findings } = evaluateFindings(buildInventory(detect(SOURCE), stats, kb));
  const short = findings.filter((f) => f.ruleId === 'short-key' && f.assetRef === 'algorithm/rsa-1024');
  assert.deepEqual(short.map((f) => f.locations.map((l) => l.line).sort((a, b) => a - b)), [[14, 16]]);
});

test('annotations that are not argument sources, and a parameter without a source, stay unknown', () => {
  const found = algorithms(`import java.security.MessageDigest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.DisplayName;
class T {
    @ParameterizedTest
    @DisplayName("MD5")
    void byName(String alg) throws Exception { MessageDigest.getInstance(alg); }
}
`);
  assert.deepEqual(found.map((a) => a.name), ['unknown-hash']);
});

test('CSV fields: quotes keep blanks and delimiters, a doubled quote is one, an empty unquoted field is null', () => {
  assert.deepEqual(csvFields(" RSA , 'a, b' ,, '' ,'it''s'", ',', "'"), ['RSA', 'a, b', null, '', "it's"]);
  assert.deepEqual(csvFields('HmacMD5    | 16', '|', "'"), ['HmacMD5', '16']);
});

const located = (source: string) => algorithms(source, 'src/test/java/org/example/T.java').map((a) => `${a.line} ${a.name} ${a.occurrence.symbol}`);

test('@MethodSource: the rows its factory method returns (Arguments.of, Stream.of of single values); another class\'s factory stays unknown', () => {
  const source = `import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
class T {
    static Stream<Arguments> pairs() {
        return Stream.of(Arguments.of("RSA", 3072), Arguments.of("EC", 256));
    }
    @ParameterizedTest
    @MethodSource("pairs")
    void generates(String family, int size) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(family);
        g.initialize(size);
    }
    static Stream<String> digests() { return Stream.of("SHA-256", "MD5"); }
    @ParameterizedTest
    @MethodSource
    void digests(String name) throws Exception { MessageDigest.getInstance(name); }
    @ParameterizedTest
    @MethodSource("com.acme.Data#names")
    void elsewhere(String name) throws Exception { MessageDigest.getInstance(name); }
}
`;
  assert.deepEqual(located(source), [
    '14 RSA-3072 KeyPairGenerator.getInstance', '9 RSA-3072 MethodSource',
    '14 ECDSA-P256 KeyPairGenerator.getInstance', '9 ECDSA-P256 MethodSource',
    '20 SHA-256 MessageDigest.getInstance', '17 SHA-256 MethodSource',
    '20 MD5 MessageDigest.getInstance', '17 MD5 MethodSource',
    '23 unknown-hash MessageDigest.getInstance',
  ]);
});

test('TestNG @DataProvider rows and JUnit 4 Parameterized constructor rows; a provider built in a loop stays unknown', () => {
  const testng = `import javax.crypto.Cipher;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;
public class CipherTest {
    @DataProvider(name = "transformations")
    public Object[][] transformations() {
        return new Object[][] {
            {"AES/GCM/NoPadding"},
            {"DESede/CBC/PKCS5Padding"},
        };
    }
    @Test(dataProvider = "transformations")
    public void roundTrip(String transformation) throws Exception {
        Cipher.getInstance(transformation);
    }
    @DataProvider
    public Object[][] built() {
        java.util.List<Object[]> rows = new java.util.ArrayList<>();
        for (String t : new String[] {"RC4"}) rows.add(new Object[] {t});
        return rows.toArray(new Object[0][]);
    }
    @Test(dataProvider = "built")
    public void loop(String transformation) throws Exception { Cipher.getInstance(transformation); }
}
`;
  assert.deepEqual(located(testng), [
    '14 AES-GCM Cipher.getInstance', '8 AES-GCM DataProvider',
    '14 3DES-168-CBC-PKCS5 Cipher.getInstance', '9 3DES-168-CBC-PKCS5 DataProvider',
    '23 unknown-cipher Cipher.getInstance',
  ]);
  const junit4 = `import java.security.KeyPairGenerator;
import java.util.Arrays;
import java.util.Collection;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;
@RunWith(Parameterized.class)
public class KeySizeTest {
    @Parameters(name = "{0}")
    public static Collection<Object[]> sizes() {
        return Arrays.asList(new Object[][] { { 1024 }, { 4096 } });
    }
    private final int bits;
    public KeySizeTest(int bits) { this.bits = bits; }
    @Test
    public void generate() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(bits);
    }
}
`;
  // Through the field the constructor sets: one use per row, also at the row.
  assert.deepEqual(located(junit4), [
    '18 RSA-1024 KeyPairGenerator.getInstance', '12 RSA-1024 Parameters',
    '18 RSA-4096 KeyPairGenerator.getInstance', '12 RSA-4096 Parameters',
  ]);
  // Without the Parameterized runner the constructor's callers are unknown (other files construct it).
  assert.deepEqual(located(junit4.replace('@RunWith(Parameterized.class)', '')).map((x) => x.split(' ')[1]), ['RSA']);
});


