// Rust detector, TLS and JWT: rustls versions (pinned and default), suites and groups, verifiers that
// accept everything vs real ones, native-tls/reqwest/openssl switches on the client vs the server side,
// jsonwebtoken algorithms, secrets and the switches that skip signature checks.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, protocols, rsFile, signals } from './helpers.js';

const RUSTLS = 'use std::sync::Arc;\nuse rustls::{ClientConfig, ServerConfig};\nuse rustls::client::danger::{ServerCertVerified, ServerCertVerifier};\nuse rustls::crypto::aws_lc_rs::kx_group;';

test('rustls: a builder gets the default TLS 1.2 and 1.3; pinned versions replace them; groups are algorithms', () => {
  const src = rsFile(RUSTLS, `    let a = ClientConfig::builder().with_root_certificates(roots).with_no_client_auth();
    let b = ClientConfig::builder_with_protocol_versions(&[&rustls::version::TLS13]);
    let c = ServerConfig::builder().with_safe_default_cipher_suites().with_protocol_versions(&[&rustls::version::TLS12]).unwrap();
    let groups = vec![kx_group::X25519MLKEM768, kx_group::SECP384R1];
    let suites = [rustls::crypto::ring::cipher_suite::TLS13_AES_256_GCM_SHA384];`);
  assert.deepEqual(protocols(src).map((p) => [p.occurrence.line, p.protocol.version ?? p.protocol.cipherSuites?.join()]), [
    [9, '1.2'], [9, '1.3'], [10, '1.3'], [11, '1.2'], [13, 'TLS_AES_256_GCM_SHA384'],
  ]);
  assert.deepEqual(names(src), ['X25519MLKEM768', 'ECDH-P384']);
});

test('a certificate verifier that only returns assertion() disables verification; one that checks does not', () => {
  const items = `struct AcceptAll;
impl ServerCertVerifier for AcceptAll {
    fn verify_server_cert(&self, _e: &CertificateDer<'_>, _i: &[CertificateDer<'_>], _n: &ServerName<'_>, _o: &[u8], _t: UnixTime) -> Result<ServerCertVerified, rustls::Error> {
        // trust everything (development only)
        Ok(ServerCertVerified::assertion())
    }
}
struct Pinned;
impl ServerCertVerifier for Pinned {
    fn verify_server_cert(&self, e: &CertificateDer<'_>, _i: &[CertificateDer<'_>], _n: &ServerName<'_>, _o: &[u8], _t: UnixTime) -> Result<ServerCertVerified, rustls::Error> {
        if e.as_ref() == PINNED { Ok(ServerCertVerified::assertion()) } else { Err(rustls::Error::General("pin".into())) }
    }
}`;
  const src = rsFile(RUSTLS, '', items);
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal]), [[8, 'cert-verification-disabled']]);
});

test('native-tls/reqwest/openssl switches: only the unsafe values, and SslVerifyMode::NONE only on a client', () => {
  const src = rsFile('use openssl::ssl::{SslAcceptor, SslConnector, SslMethod, SslVerifyMode, SslVersion};\nuse native_tls::{Protocol, TlsConnector};',
    `    let a = reqwest::Client::builder().danger_accept_invalid_certs(true).danger_accept_invalid_hostnames(false).build();
    let b = TlsConnector::builder().min_protocol_version(Some(Protocol::Tlsv11)).danger_accept_invalid_hostnames(true).build();
    let mut c = SslConnector::builder(SslMethod::tls()).unwrap();
    c.set_verify(SslVerifyMode::NONE);
    c.set_min_proto_version(Some(SslVersion::TLS1_2)).unwrap();
    c.set_cipher_list("ECDHE-ECDSA-AES256-GCM-SHA384").unwrap();`,
    `fn server() {
    let mut s = SslAcceptor::mozilla_intermediate_v5(SslMethod::tls()).unwrap();
    s.set_verify(SslVerifyMode::NONE);
}`);
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal]), [
    [10, 'cert-verification-disabled'], [11, 'hostname-verification-disabled'], [11, 'insecure-protocol-version'], [13, 'cert-verification-disabled'],
  ]);
  // The acceptor's Mozilla profile is TLS 1.2 and 1.3 (its suites are checked in round4.test.ts).
  assert.deepEqual(protocols(src).map((p) => p.protocol.version ?? p.protocol.cipherSuites?.join()), ['1.2', '1.3', '1.1', '1.2', 'ECDHE-ECDSA-AES256-GCM-SHA384']);
});

test('jsonwebtoken: algorithms used to sign and validate, a secret in the source, signature checks switched off; match arms are not uses', () => {
  const src = rsFile('use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};',
    `    let t = encode(&Header::new(Algorithm::ES384), &claims, &EncodingKey::from_secret(b"secret")).unwrap();
    let mut v = Validation::new(Algorithm::HS512);
    v.insecure_disable_signature_validation();
    let kind = match v.algorithms[0] { Algorithm::RS256 => "rsa", _ => "other" };
    if header.alg == Algorithm::PS256 { }
    let k = DecodingKey::from_secret(key);`);
  assert.deepEqual(names(src), ['ECDSA-P384-SHA-384', 'HMAC-SHA-512']);
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal]), [[6, 'hardcoded-key'], [8, 'jwt-none-algorithm']]);
});

test('jsonwebtoken: Header::default() and Validation::default() are its documented default, HS256', () => {
  const src = rsFile('use jsonwebtoken::{decode, encode, DecodingKey, EncodingKey, Header, Validation};',
    `    let t = encode(&Header::default(), &claims, &EncodingKey::from_secret(secret.as_bytes())).unwrap();
    let c = decode::<Claims>(&t, &DecodingKey::from_secret(secret.as_bytes()), &Validation::default());`);
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [[6, 'HMAC-SHA-256'], [7, 'HMAC-SHA-256']]);
});

test('SSH algorithm names: russh Name constants and ssh2 method preferences; matched, compared and logged names are not settings', () => {
  const src = rsFile('use russh::{cipher, kex};',
    `    sess.method_pref(MethodType::Kex, "curve25519-sha256,diffie-hellman-group14-sha1").unwrap();
    match peer { "ssh-rsa" => {}, _ => {} }
    if peer == "ssh-dss" { }
    log::debug!("chose {}", "aes256-ctr");`,
    'pub const AES_128_CTR: Name = Name("aes128-ctr");');
  assert.deepEqual(names(src), ['AES-128-CTR', 'X25519', 'FFDHE-modp2048']);
  assert.deepEqual(protocols(src).map((p) => [p.occurrence.line, p.protocol.protocolType, p.protocol.groups]), [[6, 'ssh', ['curve25519-sha256', 'diffie-hellman-group14-sha1']]]);
});
