// py_webauthn's supported_pub_key_algs (python/webauthn.ts): the COSE algorithms offered for new
// passkeys and accepted at registration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect } from './helpers.js';

test('supported_pub_key_algs lists, written in the call or in a constant, name each COSE algorithm', () => {
  const source = [
    'from webauthn import generate_registration_options, verify_registration_response',
    'from webauthn.helpers.cose import COSEAlgorithmIdentifier',
    '',
    'ALGS = [COSEAlgorithmIdentifier.ECDSA_SHA_256, COSEAlgorithmIdentifier.RSASSA_PKCS1_v1_5_SHA_256]', // 4
    '',
    'def options(user):',
    '    return generate_registration_options(',
    '        rp_id="example.test", rp_name="Example", user_name=user,',
    '        supported_pub_key_algs=[',
    '            COSEAlgorithmIdentifier.ECDSA_SHA_256,', // 10
    '            COSEAlgorithmIdentifier.EDDSA,', // 11
    '            COSEAlgorithmIdentifier.RSASSA_PKCS1_v1_5_SHA_1,', // 12
    '        ],',
    '    )',
    '',
    'def verify(credential, challenge):',
    '    return verify_registration_response(credential=credential, expected_challenge=challenge,',
    '        expected_rp_id="example.test", expected_origin="https://example.test", supported_pub_key_algs=ALGS)',
    '',
    'def default(user):',
    '    return generate_registration_options(rp_id="example.test", rp_name="Example", user_name=user)',
  ].join('\n');
  assert.deepEqual(algorithms(source).map((a) => `${a.line} ${a.name}`), [
    '10 ECDSA-P256-SHA-256', '11 EdDSA', '12 RSA-PKCS1-1.5-SHA-1', '4 ECDSA-P256-SHA-256', '4 RSA-PKCS1-1.5-SHA-256',
  ]);
  const fns = detect(source).flatMap((d) => (d.type === 'algorithm' ? [`${d.occurrence.line} ${(d.functions ?? []).join(',')}`] : []));
  assert.ok(fns.includes('10 keygen') && fns.includes('4 verify'), fns.join(' '));
});

test('another package\'s function of the same name, or an enum of another name, names nothing', () => {
  const source = [
    'from myauth import generate_registration_options',
    'from myauth.enums import Algorithms',
    'def options(user):',
    '    return generate_registration_options(user, supported_pub_key_algs=[Algorithms.ECDSA_SHA_256])',
  ].join('\n');
  assert.deepEqual(algorithms(source), []);
});
