// C#: IdentityServer's (Duende, IdentityServer4) token signing key set on its builder: the RS256 default
// of AddSigningCredential, the developer credential's generated RSA-2048 key, algorithms given by
// argument, and the calls that must add nothing.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, kb } from './helpers.js';

const resolved = (src: string): [string, string[] | undefined][] =>
  algorithms(src).map((a) => [kb.resolve(a.spelling, a.params).name, a.functions]);

const startup = (body: string): string => `using Microsoft.Extensions.DependencyInjection;
using Microsoft.IdentityModel.Tokens;

public static class IdentityExtensions
{
    public static IIdentityServerBuilder AddTokenSigning(this IIdentityServerBuilder builder, Settings settings, bool dev)
    {
${body}
        return builder;
    }
}
`;

test('AddSigningCredential(certificate) signs with RS256; the developer credential generates RSA-2048', () => {
  const src = startup(`        var certificate = CertificateStore.Load(settings.Thumbprint);
        if (certificate != null)
        {
            builder.AddSigningCredential(certificate);
        }
        else if (dev)
        {
            builder.AddDeveloperSigningCredential(true, System.IO.Path.Combine(settings.Dir, "signing.jwk"));
        }`);
  assert.deepEqual(resolved(src), [
    ['RSA-PKCS1-1.5-SHA-256', ['sign']],
    ['RSA-2048', ['keygen']],
    ['RSA-PKCS1-1.5-SHA-256-2048', ['sign']],
  ]);
});

test('an algorithm given by argument replaces the RS256 default', () => {
  const src = startup(`        builder.AddSigningCredential(certificate, SecurityAlgorithms.RsaSsaPssSha256);
        builder.AddSigningCredential(ecKey, IdentityServerConstants.ECDsaSigningAlgorithm.ES384);
        builder.AddDeveloperSigningCredential(signingAlgorithm: IdentityServerConstants.RsaSigningAlgorithm.PS512);`);
  const names = algorithms(src).map((a) => kb.resolve(a.spelling, a.params));
  assert.deepEqual(names.map((r) => [r.family, r.params.hash, r.params.curve ?? r.params.keySize]), [
    ['RSASSA-PSS', 'SHA-256', undefined],
    ['ECDSA', 'SHA-384', 'P-384'],
    ['RSA', undefined, 2048],
    ['RSASSA-PSS', 'SHA-512', 2048],
  ]);
});

test('signing credentials built elsewhere, or an algorithm the file does not show, add no signature', () => {
  const src = startup(`        builder.AddSigningCredential(new SigningCredentials(key, algorithmFromConfig));
        builder.AddSigningCredential(signingCredentials);
        builder.AddSigningCredential(key, settings.Algorithm);
        builder.AddValidationKey(certificate);`);
  assert.deepEqual(resolved(src), []);
});
