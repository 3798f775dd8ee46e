// C#: ASP.NET Core Data Protection: the framework's default payload algorithms, algorithms an application
// chooses, the RSA PKCS#1 v1.5 + AES-256-CBC XML encryption of a key ring protected with a certificate,
// and builder calls that choose nothing.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, kb } from './helpers.js';

const resolved = (src: string): [string, string[] | undefined][] =>
  algorithms(src).map((a) => [kb.resolve(a.spelling, a.params).name, a.functions]);

const setup = (body: string): string => `using System.IO;
using System.Security.Cryptography.X509Certificates;
using Microsoft.AspNetCore.DataProtection;
using Microsoft.AspNetCore.DataProtection.AuthenticatedEncryption.ConfigurationModel;
using Microsoft.Extensions.DependencyInjection;

public static class ProtectionSetup
{
    public static void AddProtection(this IServiceCollection services, X509Certificate2 cert, string dir)
    {
${body}
    }
}
`;

test('AddDataProtection() uses AES-256-CBC with HMAC-SHA-256; a certificate protects the key ring with RSA PKCS#1 v1.5 and AES-256-CBC', () => {
  const src = setup(`        var builder = services.AddDataProtection().SetApplicationName("Acme");
        builder.PersistKeysToFileSystem(new DirectoryInfo(dir));
        builder.ProtectKeysWithCertificate(cert);`);
  assert.deepEqual(resolved(src), [
    ['AES-256-CBC', ['decrypt', 'encrypt']],
    ['HMAC-SHA-256', ['tag']],
    ['RSA-PKCS1-1.5', ['encrypt']],
    ['AES-256-CBC', ['decrypt', 'encrypt']],
  ]);
  const rsa = kb.resolve(algorithms(src)[2]!.spelling, algorithms(src)[2]!.params);
  assert.equal(rsa.family, 'RSAES-PKCS1');
});

test('UseCryptographicAlgorithms replaces the defaults with the configuration it is given', () => {
  const src = setup(`        services.AddDataProtection()
            .UseCryptographicAlgorithms(new AuthenticatedEncryptorConfiguration
            {
                EncryptionAlgorithm = EncryptionAlgorithm.AES_128_CBC,
                ValidationAlgorithm = ValidationAlgorithm.HMACSHA512,
            });
        services.AddDataProtection().UseCryptographicAlgorithms(new AuthenticatedEncryptorConfiguration { EncryptionAlgorithm = EncryptionAlgorithm.AES_256_GCM });`);
  assert.deepEqual(resolved(src), [
    ['AES-128-CBC', ['decrypt', 'encrypt']],
    ['HMAC-SHA-512', ['tag']],
    ['AES-256-GCM', ['decrypt', 'encrypt']],
  ]);
});

test('a configuration built elsewhere, custom algorithms and key ring calls without a certificate add nothing', () => {
  const src = setup(`        services.AddDataProtection().UseCustomCryptographicAlgorithms(new ManagedAuthenticatedEncryptorConfiguration());
        services.AddDataProtection().UseCryptographicAlgorithms(configuration);
        services.AddDataProtection().PersistKeysToFileSystem(new DirectoryInfo(dir)).ProtectKeysWithDpapi();`);
  assert.deepEqual(resolved(src), []);
});
