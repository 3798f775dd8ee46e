// C/C++ detector, PKCS#11 mechanisms: the CKM_ constant of a CK_MECHANISM (initialiser, `.mechanism =`
// assignment, designated initialiser, array rows) named by the knowledge base, what the Cryptoki call
// given the mechanism does with it, and the key size or parameter set of a key generation's template.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, kb } from './helpers.js';

const P11 = '#include <pkcs11.h>\n\n';

test('RSA key-pair generation takes its size from the template; signature mechanisms carry their hash', () => {
  const src = `${P11}CK_RV provision(CK_FUNCTION_LIST_PTR fl, CK_SESSION_HANDLE h, CK_BYTE_PTR data, CK_ULONG len, CK_BYTE_PTR out, CK_ULONG_PTR outLen)
{
    CK_ULONG bits = 3072;
    CK_BBOOL yes = CK_TRUE;
    CK_MECHANISM keygen = { CKM_RSA_PKCS_KEY_PAIR_GEN, NULL_PTR, 0 };
    CK_ATTRIBUTE pubAttrs[] = {
        { CKA_VERIFY, &yes, sizeof(yes) },
        { CKA_MODULUS_BITS, &bits, sizeof(bits) },
    };
    CK_ATTRIBUTE privAttrs[] = { { CKA_SIGN, &yes, sizeof(yes) } };
    CK_OBJECT_HANDLE pub, priv;
    fl->C_GenerateKeyPair(h, &keygen, pubAttrs, 2, privAttrs, 1, &pub, &priv);
    CK_MECHANISM signer = { CKM_SHA384_RSA_PKCS, NULL_PTR, 0 };
    fl->C_SignInit(h, &signer, priv);
    CK_MECHANISM pss = { CKM_SHA512_RSA_PKCS_PSS, &pssParams, sizeof(pssParams) };
    fl->C_VerifyInit(h, &pss, pub);
    return fl->C_Sign(h, data, len, out, outLen);
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.functions, a.params, a.line]), [
    ['RSA-3072', ['keygen'], { keySize: 3072 }, 7],
    ['RSA-PKCS1-1.5-SHA-384', ['sign'], {}, 15],
    ['RSA-PSS-SHA-512', ['verify'], {}, 17],
  ]);
  assert.deepEqual(algorithms(src)[1]!.unresolved, ['keySize']);
  assert.ok(algorithms(src).every((a) => a.library === undefined), 'PKCS#11 names no library');
});

test('CKM_RSA_PKCS is PKCS#1 v1.5 encryption where it encrypts or unwraps, the signature where it signs', () => {
  const src = `${P11}void both(CK_FUNCTION_LIST *p11, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE k)
{
    CK_MECHANISM wrap = { CKM_RSA_PKCS, NULL_PTR, 0 };
    p11->C_EncryptInit(s, &wrap, k);
    CK_MECHANISM sig = { CKM_RSA_PKCS, NULL_PTR, 0 };
    p11->C_SignInit(s, &sig, k);
    CK_MECHANISM oaep = { CKM_RSA_PKCS_OAEP, &oaepParams, sizeof(oaepParams) };
    p11->C_DecryptInit(s, &oaep, k);
}
`;
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => [a.name, kb.resolve(a.spelling, a.params).primitive, a.functions]), [
    ['RSA-PKCS1-1.5', 'pke', ['encrypt']],
    ['RSA-PKCS1-1.5', 'signature', ['sign']],
    ['RSA-OAEP', 'pke', ['decrypt']],
  ]);
});

test('assignments, designated initialisers and symmetric, HMAC, EC and 3DES mechanisms; an AES key size from CKA_VALUE_LEN', () => {
  const src = `${P11}#define TOKEN_DIGEST CKM_SHA256
static CK_ULONG aes_len = 32;

void session_work(CK_FUNCTION_LIST *p11, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE k)
{
    CK_MECHANISM m;
    m.mechanism = CKM_AES_GCM;
    m.pParameter = &gcm;
    p11->C_EncryptInit(s, &m, k);
    CK_MECHANISM mac = { CKM_SHA256_HMAC, NULL_PTR, 0 };
    p11->C_SignInit(s, &mac, k);
    CK_MECHANISM ec = { .mechanism = CKM_EC_KEY_PAIR_GEN, .pParameter = NULL_PTR };
    CK_MECHANISM ecdsa = { .mechanism = CKM_ECDSA_SHA256 };
    CK_MECHANISM legacy = { CKM_DES3_ECB, NULL_PTR, 0 };
    p11->C_DecryptInit(s, &legacy, k);
    CK_MECHANISM dig = { TOKEN_DIGEST, NULL_PTR, 0 };
    p11->C_DigestInit(s, &dig);
    CK_MECHANISM gen = { CKM_AES_KEY_GEN, NULL_PTR, 0 };
    CK_ATTRIBUTE tmpl[] = { { CKA_VALUE_LEN, &aes_len, sizeof(aes_len) } };
    p11->C_GenerateKey(s, &gen, tmpl, 1, &k);
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.functions ?? [], a.line]), [
    ['AES-GCM', ['encrypt'], 9],
    ['HMAC-SHA-256', ['tag'], 12],
    ['ECDSA', [], 14],
    ['ECDSA-SHA-256', [], 15],
    ['3DES-168-ECB', ['decrypt'], 16],
    ['SHA-256', ['digest'], 18],
    ['AES-256', ['keygen'], 20],
  ]);
});

test('ML-KEM and ML-DSA key generation take the parameter set of the template', () => {
  const src = `${P11}void pq(CK_FUNCTION_LIST *p11, CK_SESSION_HANDLE s)
{
    CK_ML_KEM_PARAMETER_SET_TYPE kemSet = CKP_ML_KEM_768;
    CK_MECHANISM kemGen = { CKM_ML_KEM_KEY_PAIR_GEN, NULL_PTR, 0 };
    CK_ATTRIBUTE kemPub[] = { { CKA_PARAMETER_SET, &kemSet, sizeof(kemSet) } };
    p11->C_GenerateKeyPair(s, &kemGen, kemPub, 1, NULL_PTR, 0, &pub, &priv);
    CK_MECHANISM dsa = { CKM_ML_DSA, NULL_PTR, 0 };
    p11->C_SignInit(s, &dsa, priv);
}
`;
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => [a.name, a.functions]), [['ML-KEM-768', ['keygen']], ['ML-DSA', ['sign']]]);
  assert.deepEqual(found[1]!.unresolved, ['parameterSet']);
});

test('an array of mechanisms names each row; switch labels, comparisons, type lists, unknown and replaced mechanisms report nothing', () => {
  const offered = `${P11}static CK_MECHANISM supported[] = {
    { CKM_SHA256_RSA_PKCS, NULL_PTR, 0 },
    { CKM_ECDSA_SHA384, NULL_PTR, 0 },
};
`;
  assert.deepEqual(algorithms(offered).map((a) => [a.name, a.line]), [['RSA-PKCS1-1.5-SHA-256', 4], ['ECDSA-SHA-384', 5]]);
  const none = `${P11}static const CK_MECHANISM_TYPE wanted[] = { CKM_AES_CBC, CKM_SHA256 };

int describe(CK_MECHANISM_TYPE t, CK_FUNCTION_LIST *p11, CK_SESSION_HANDLE s, CK_MECHANISM_TYPE chosen)
{
    switch (t) {
    case CKM_SHA256_RSA_PKCS:
        return 1;
    }
    if (t == CKM_AES_GCM)
        return 2;
    CK_MECHANISM secret = { CKM_GENERIC_SECRET_KEY_GEN, NULL_PTR, 0 };
    p11->C_GenerateKey(s, &secret, NULL_PTR, 0, &k);
    CK_MECHANISM vendor = { CKM_VENDOR_DEFINED + 7, NULL_PTR, 0 };
    CK_MECHANISM probe = { CKM_MD5, NULL_PTR, 0 };
    probe.mechanism = chosen;
    p11->C_DigestInit(s, &probe);
    CK_MECHANISM other = { chosen, NULL_PTR, 0 };
    return p11->C_SignInit(s, &other, k);
}
`;
  assert.deepEqual(algorithms(none), []);
});
