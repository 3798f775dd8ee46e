// C# constants read from other files (detectors/cross-file.ts): a static class of constants that calls
// no crypto API, read as `Settings.Name`, through its namespace, a `using` alias or `using static`;
// nested types; and what must stay unknown (a local named like the class, an instance field, two
// classes of one name with different values, a class nobody declares).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nonLibraryNamesIn as namesIn, scanTree } from '../cross-file-helpers.js';


const SETTINGS = `namespace Acme.Security
{
    public static class Settings
    {
        public const int Iterations = 1000;
        public const int KeySize = 1024;
        internal static readonly string HashName = "SHA" + "1";
        public const int AesBits = KeySize / 8;
        public static string Mutable = "SHA512";
        private readonly int notStatic = 3;

        public static class Hashes
        {
            public const string Legacy = "MD5";
        }
    }
}
`;

const VAULT = `using System.Security.Cryptography;
using Acme.Security;

namespace Acme.Services
{
    public class Vault
    {
        public byte[] Derive(string password, byte[] salt)
        {
            using var kdf = new Rfc2898DeriveBytes(password, salt, Settings.Iterations, HashAlgorithmName.SHA1);
            return kdf.GetBytes(32);
        }

        public RSA NewKey() => RSA.Create(Settings.KeySize);

        public byte[] Digest(byte[] data)
        {
            using var h = HashAlgorithm.Create(Acme.Security.Settings.HashName);
            return h.ComputeHash(data);
        }

        public Aes Cipher()
        {
            var aes = Aes.Create();
            aes.KeySize = Settings.AesBits;
            return aes;
        }
    }
}
`;

test('a static class of constants gives its values to the files that read them', async () => {
  const assets = await scanTree({ 'src/Security/Settings.cs': SETTINGS, 'src/Services/Vault.cs': VAULT });
  // Qualified (Settings.Iterations), through the namespace (Acme.Security.Settings.HashName, itself
  // computed), and a constant computed from a sibling constant (AesBits = KeySize / 8 = 128).
  assert.deepEqual(namesIn(assets, 'src/Services/Vault.cs'), ['AES-128', 'PBKDF2-SHA-1-1000', 'RSA-1024', 'SHA-1']);
  // The constants file itself uses nothing.
  assert.deepEqual(namesIn(assets, 'src/Security/Settings.cs'), []);
});

test('the same result with worker threads as in the calling thread', async () => {
  const files = { 'src/Security/Settings.cs': SETTINGS, 'src/Services/Vault.cs': VAULT };
  assert.deepEqual(await scanTree(files, 2), await scanTree(files, 0));
});

test('using static, a using alias and a nested class name the owner', async () => {
  const assets = await scanTree({
    'src/Security/Settings.cs': SETTINGS,
    'src/Services/Keys.cs': `using System.Security.Cryptography;
using static Acme.Security.Settings;
using S = Acme.Security.Settings;

namespace Acme.Services;

internal sealed class Keys
{
    public RSA Rsa() => RSA.Create(KeySize);

    public byte[] Pbkdf2(string pw, byte[] salt) =>
        Rfc2898DeriveBytes.Pbkdf2(pw, salt, S.Iterations, HashAlgorithmName.SHA256, 32);

    public HashAlgorithm Legacy() => HashAlgorithm.Create(Settings.Hashes.Legacy);

    public HashAlgorithm Hash() => HashAlgorithm.Create(HashName);
}
`,
  });
  assert.deepEqual(namesIn(assets, 'src/Services/Keys.cs'), ['MD5', 'PBKDF2-SHA-256-1000', 'RSA-1024', 'SHA-1']);
});

test('two classes of one name with different values leave the reference unknown', async () => {
  const other = SETTINGS.replace('namespace Acme.Security', 'namespace Acme.Legacy').replace('KeySize = 1024', 'KeySize = 4096');
  const assets = await scanTree({
    'src/Security/Settings.cs': SETTINGS,
    'src/Legacy/Settings.cs': other,
    'src/Services/Vault.cs': VAULT,
  });
  const names = namesIn(assets, 'src/Services/Vault.cs');
  assert.ok(names.includes('RSA') && !names.includes('RSA-1024') && !names.includes('RSA-4096'), names.join(', '));
  // Where both agree (Iterations), the value stands.
  assert.ok(names.includes('PBKDF2-SHA-1-1000'), names.join(', '));
});

test('a local named like the class, a chain on a variable, a mutable or instance field, a name not imported and a class nobody declares stay unknown', async () => {
  const assets = await scanTree({
    'src/Security/Settings.cs': SETTINGS,
    'src/Services/Other.cs': `using System.Security.Cryptography;

namespace Acme.Services;

public class Other
{
    public RSA Shadowed(Options Settings) => RSA.Create(Settings.KeySize);
    public RSA NotImported() => RSA.Create(KeySize);
    public RSA Undeclared() => RSA.Create(Defaults.KeySize);
    public HashAlgorithm Mutable() => HashAlgorithm.Create(Settings.Mutable);
    public RSA FromOptions(AppOptions options) => RSA.Create(options.Settings.KeySize);
}
`,
  });
  // RSA of unknown size (four calls, one asset) and a hash named by nothing the file can read.
  assert.deepEqual(namesIn(assets, 'src/Services/Other.cs'), ['RSA', 'unknown-hash']);
});
