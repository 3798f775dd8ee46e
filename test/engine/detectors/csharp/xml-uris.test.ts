// C#: XML-DSig/XML-Enc algorithm URIs written as strings (a SAML service provider's signing algorithms), and
// the literals that are no use of one: comparisons, namespaces, transforms and XML documents.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, kb } from './helpers.js';

const resolved = (src: string): [string, number, string[] | undefined][] =>
  algorithms(src).map((a) => [kb.resolve(a.spelling, a.params).name, a.occurrence.line, a.functions]);

test('a class of SAML signing algorithm URIs: each is an RSA PKCS#1 v1.5 signature with its hash', () => {
  const src = `namespace Acme.Sso;

public static class SigningAlgorithms
{
    public const string Default = RsaSha256;
    public const string RsaSha256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
    public const string RsaSha512 = @"http://www.w3.org/2001/04/xmldsig-more#rsa-sha512";
    public const string EcdsaSha384 = "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384";
    public const string KeyTransport = "http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p";
}
`;
  assert.deepEqual(resolved(src), [
    ['RSA-PKCS1-1.5-SHA-256', 6, ['sign', 'verify']],
    ['RSA-PKCS1-1.5-SHA-512', 7, ['sign', 'verify']],
    ['ECDSA-SHA-384', 8, ['sign', 'verify']],
    ['RSA-OAEP-SHA-1', 9, ['decrypt', 'encrypt']],
  ]);
});

test('compared URIs, namespaces, transforms and XML documents are not algorithm uses', () => {
  const src = `using System.Xml.Linq;

static class Checks
{
    static readonly XNamespace Ds = "http://www.w3.org/2000/09/xmldsig#";
    const string Transform = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
    const string Doc = "<ds:SignatureMethod Algorithm=\\"http://www.w3.org/2000/09/xmldsig#rsa-sha1\\"/>";
    static bool Legacy(string alg) => alg == "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
    static int Rank(string alg) => alg switch { "http://www.w3.org/2000/09/xmldsig#dsa-sha1" => 0, _ => 1 };
}
`;
  assert.deepEqual(resolved(src), []);
});
