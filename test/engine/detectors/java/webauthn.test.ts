// Java WebAuthn servers (java/webauthn.ts): the COSE algorithms a relying party offers for passkeys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => `${a.line} ${a.name}`);

test('Yubico preferredPubkeyParams and webauthn4j PublicKeyCredentialParameters name their COSE algorithms', () => {
  const yubico = [
    'import com.yubico.webauthn.RelyingParty;',
    'import com.yubico.webauthn.data.PublicKeyCredentialParameters;',
    'import java.util.List;',
    'class Passkeys {',
    '  RelyingParty rp(CredentialRepository repo, RelyingPartyIdentity id) {',
    '    return RelyingParty.builder().identity(id).credentialRepository(repo)',
    '        .preferredPubkeyParams(List.of(PublicKeyCredentialParameters.ES256, PublicKeyCredentialParameters.EdDSA,', // 7
    '            PublicKeyCredentialParameters.RS256, PublicKeyCredentialParameters.RS1))', // 8
    '        .build();',
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(rows(yubico), ['7 ECDSA-P256-SHA-256', '7 EdDSA', '8 RSA-PKCS1-1.5-SHA-256', '8 RSA-PKCS1-1.5-SHA-1']);
  assert.ok(detect(yubico).every((d) => d.type !== 'algorithm' || d.library?.name === 'com.yubico:webauthn-server-core'));
  const webauthn4j = [
    'import com.webauthn4j.data.PublicKeyCredentialParameters;',
    'import com.webauthn4j.data.PublicKeyCredentialType;',
    'import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;',
    'class Options {',
    '  List<PublicKeyCredentialParameters> params() {',
    '    return List.of(new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.ES384),', // 6
    '        new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.PS256));', // 7
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(rows(webauthn4j), ['6 ECDSA-P384-SHA-384', '7 RSA-PSS-SHA-256']);
});

test('a verifier\'s switch over the constants, or a class of another package, names nothing', () => {
  const source = [
    'import com.yubico.webauthn.data.COSEAlgorithmIdentifier;',
    'import com.example.auth.PublicKeyCredentialParameters;',
    'class Check {',
    '  boolean strong(COSEAlgorithmIdentifier alg) { return alg == COSEAlgorithmIdentifier.ES256; }',
    '  Object mine(Builder b) { return b.preferredPubkeyParams(List.of(PublicKeyCredentialParameters.ES256)); }',
    '}',
  ].join('\n');
  assert.deepEqual(rows(source), []);
});

test('Spring Security WebAuthn: pubKeyCredParams names the offered algorithms; its catalogue of constants does not', () => {
  const options = [
    'package com.acme.passkeys;',
    'import org.springframework.security.web.webauthn.api.PublicKeyCredentialCreationOptions;',
    'import org.springframework.security.web.webauthn.api.PublicKeyCredentialParameters;',
    'class Options {',
    '  PublicKeyCredentialCreationOptions create(PublicKeyCredentialRpEntity rp) {',
    '    return PublicKeyCredentialCreationOptions.builder().rp(rp)',
    '        .pubKeyCredParams(PublicKeyCredentialParameters.EdDSA, PublicKeyCredentialParameters.ES256,', // 7
    '            PublicKeyCredentialParameters.RS256)', // 8
    '        .build();',
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(rows(options), ['7 EdDSA', '7 ECDSA-P256-SHA-256', '8 RSA-PKCS1-1.5-SHA-256']);
  assert.ok(detect(options).every((d) => d.type !== 'algorithm' || d.library?.name === 'org.springframework.security:spring-security-webauthn'));
  const catalogue = [
    'package org.springframework.security.web.webauthn.api;',
    'public final class PublicKeyCredentialParameters {',
    '  public static final PublicKeyCredentialParameters ES256 = new PublicKeyCredentialParameters(COSEAlgorithmIdentifier.ES256);',
    '}',
  ].join('\n');
  assert.deepEqual(rows(catalogue), []);
  const elsewhere = [
    'import com.acme.webauthn.PublicKeyCredentialParameters;',
    'class Mine { Object o(Builder b) { return b.pubKeyCredParams(PublicKeyCredentialParameters.ES256); } }',
  ].join('\n');
  assert.deepEqual(rows(elsewhere), []);
});
