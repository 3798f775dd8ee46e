// XML Signature / XML Encryption constants (java/xmldsig.ts, common/xmldsig.ts): the algorithms SAML
// messages and metadata are signed and encrypted with, in OpenSAML, Santuario and the JDK's XML DSig API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { xmlAlgorithm } from '../../../../src/engine/detectors/source/common/xmldsig.js';
import { algorithms, detect, kb } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => `${a.line} ${a.name}`);

test('OpenSAML signing defaults of a SAML service provider name RSA-SHA256 and SHA-256', () => {
  const source = [
    'package com.acme.saml;',
    'import java.util.List;',
    'import org.opensaml.xmlsec.signature.support.SignatureConstants;',
    'import org.opensaml.xmlsec.encryption.support.EncryptionConstants;',
    'final class SamlSigning {',
    '  private List<String> algorithms = List.of(SignatureConstants.ALGO_ID_SIGNATURE_RSA_SHA256,', // 6
    '      SignatureConstants.ALGO_ID_SIGNATURE_ECDSA_SHA384);', // 7
    '  SignatureSigningParameters resolve(List<Credential> credentials) {',
    '    BasicSignatureSigningConfiguration config = new BasicSignatureSigningConfiguration();',
    '    config.setSignatureReferenceDigestMethods(List.of(SignatureConstants.ALGO_ID_DIGEST_SHA256));', // 10
    '    config.setSignatureCanonicalizationAlgorithm(SignatureConstants.ALGO_ID_C14N_EXCL_OMIT_COMMENTS);',
    '    config.setSignatureAlgorithms(this.algorithms);',
    '    return resolver.resolveSingle(config);',
    '  }',
    '  void encryption(BasicEncryptionConfiguration enc) {',
    '    enc.setDataEncryptionAlgorithms(List.of(EncryptionConstants.ALGO_ID_BLOCKCIPHER_AES128_GCM));', // 16
    '    enc.setKeyTransportEncryptionAlgorithms(List.of(EncryptionConstants.ALGO_ID_KEYTRANSPORT_RSAOAEP));', // 17
    '  }',
    '  String legacy() { return SignatureConstants.ALGO_ID_SIGNATURE_RSA_SHA1; }', // 19
    '}',
  ].join('\n');
  assert.deepEqual(rows(source), [
    '6 RSA-PKCS1-1.5-SHA-256',
    '7 ECDSA-SHA-384',
    '10 SHA-256',
    '16 AES-128-GCM',
    '17 RSA-OAEP-SHA-1',
    '19 RSA-PKCS1-1.5-SHA-1',
  ]);
  const libs = new Set(detect(source).map((d) => (d.type === 'algorithm' ? d.library?.name : undefined)));
  assert.deepEqual([...libs], ['org.opensaml:opensaml-xmlsec-api']);
});

test('Santuario and the JDK XML DSig API: statically imported and qualified constants', () => {
  const source = [
    'import static org.apache.xml.security.signature.XMLSignature.ALGO_ID_SIGNATURE_RSA_SHA512_MGF1;',
    'import javax.xml.crypto.dsig.DigestMethod;',
    'import javax.xml.crypto.dsig.SignatureMethod;',
    'import org.apache.xml.security.encryption.XMLCipher;',
    'class Signer {',
    '  XMLSignature sig(Document doc) { return new XMLSignature(doc, "", ALGO_ID_SIGNATURE_RSA_SHA512_MGF1); }', // 6
    '  SignedInfo info(XMLSignatureFactory fac) throws Exception {',
    '    return fac.newSignedInfo(fac.newCanonicalizationMethod(CanonicalizationMethod.EXCLUSIVE, (C14NMethodParameterSpec) null),',
    '        fac.newSignatureMethod(SignatureMethod.ECDSA_SHA256, null),', // 9
    '        List.of(fac.newReference("", fac.newDigestMethod(DigestMethod.SHA256, null))));', // 10
    '  }',
    '  XMLCipher cipher() throws Exception { return XMLCipher.getInstance(XMLCipher.AES_256_GCM); }', // 12
    '  XMLCipher wrap() throws Exception { return XMLCipher.getInstance(XMLCipher.RSA_v1dot5); }', // 13
    '}',
  ].join('\n');
  assert.deepEqual(rows(source), ['6 RSA-PSS-SHA-512', '9 ECDSA-SHA-256', '10 SHA-256', '12 AES-256-GCM', '13 RSA-PKCS1-1.5']);
});

test('comparisons, canonicalisation constants and classes of other packages name nothing', () => {
  const source = [
    'import com.acme.xml.SignatureConstants;',
    'import org.opensaml.xmlsec.encryption.support.EncryptionConstants;',
    'import javax.xml.crypto.dsig.SignatureMethod;',
    'class Check {',
    '  static final String ALGO_ID_SIGNATURE_RSA_SHA256 = "mine";',
    '  boolean a(String alg) { return SignatureMethod.RSA_SHA1.equals(alg); }',
    '  boolean b(String alg) { return alg.equals(EncryptionConstants.ALGO_ID_KEYTRANSPORT_RSA15); }',
    '  boolean c(String alg) { return alg == SignatureMethod.DSA_SHA1; }',
    '  String d() { return SignatureConstants.ALGO_ID_SIGNATURE_RSA_SHA256 + ALGO_ID_SIGNATURE_RSA_SHA256; }',
    '  String e() { return EncryptionConstants.TYPE_ELEMENT; }',
    '}',
  ].join('\n');
  assert.deepEqual(rows(source), []);
});

test('xmlAlgorithm reads the constant forms of the three libraries', () => {
  const named = (c: string, kind: 'signature' | 'digest' | 'encryption') => {
    const a = xmlAlgorithm(c, kind);
    return a ? kb.resolve(a.spelling, a.params).name : undefined;
  };
  assert.equal(named('ALGO_ID_SIGNATURE_RSA', 'signature'), 'RSA-PKCS1-1.5-SHA-1');
  assert.equal(named('ALGO_ID_SIGNATURE_DSA', 'signature'), 'DSA-SHA-1');
  assert.equal(named('ALGO_ID_MAC_HMAC_SHA256', 'signature'), 'HMAC-SHA-256');
  assert.equal(named('ALGO_ID_MAC_HMAC_NOT_RECOMMENDED_MD5', 'signature'), 'HMAC-MD5');
  assert.equal(named('ALGO_ID_DIGEST_NOT_RECOMMENDED_MD5', 'signature'), 'MD5');
  assert.equal(named('SHA256_RSA_MGF1', 'signature'), 'RSA-PSS-SHA-256');
  assert.equal(named('RSA_PSS', 'signature'), 'RSA-PSS');
  assert.equal(named('ED25519', 'signature'), 'Ed25519');
  assert.equal(named('ALGO_ID_KEYWRAP_AES256', 'encryption'), 'AES-256-KW');
  assert.equal(named('ALGO_ID_BLOCKCIPHER_AES128', 'encryption'), 'AES-128-CBC');
  assert.equal(named('ALGO_ID_KEYAGREEMENT_ECDH_ES', 'encryption'), 'ECDH');
  assert.equal(named('SHA3_256', 'digest'), 'SHA3-256');
  assert.equal(named('ALGO_ID_C14N_EXCL_OMIT_COMMENTS', 'signature'), undefined);
  assert.equal(named('ALGO_ID_SIGNATURE_ECDSA', 'signature'), undefined);
  assert.equal(named('SHA256', 'encryption'), undefined);
});
