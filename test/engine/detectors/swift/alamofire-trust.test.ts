// Alamofire server-trust evaluators (v1.12 audit of Alamofire/Alamofire): `validateHost: false` on the
// evaluators and their factories accepts a valid certificate issued for any host; a forwarded parameter,
// `true`, or the default is not a finding.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { signals } from './helpers.js';

const manager = `import Alamofire
import Foundation

final class PinnedAPI {
    func makeSession(certificates: [SecCertificate], keys: [SecKey]) -> Session {
        let evaluators: [String: ServerTrustEvaluating] = [
            "api.example.com": PinnedCertificatesTrustEvaluator(certificates: certificates, performDefaultValidation: false, validateHost: false),
            "cdn.example.com": PublicKeysTrustEvaluator(keys: keys, validateHost: false),
            "auth.example.com": DefaultTrustEvaluator(validateHost: false),
            "ocsp.example.com": RevocationTrustEvaluator(options: .ocsp, validateHost: false),
            "img.example.com": .pinnedCertificates(validateHost: false),
            "www.example.com": DefaultTrustEvaluator(),
            "static.example.com": PinnedCertificatesTrustEvaluator(certificates: certificates, validateHost: true),
            "m.example.com": .publicKeys(keys: keys),
        ]
        return Session(serverTrustManager: ServerTrustManager(evaluators: evaluators))
    }
}
`;

test('Alamofire 5 evaluators and factories with validateHost: false are hostname-verification-disabled; true or the default are not', () => {
  assert.deepEqual(signals(manager).map((s) => `${s.occurrence.line} ${s.signal}`), [
    '7 hostname-verification-disabled', '8 hostname-verification-disabled', '9 hostname-verification-disabled',
    '10 hostname-verification-disabled', '11 hostname-verification-disabled',
  ]);
});

const wrapper = `import Alamofire

public final class HostEvaluator {
    let inner: DefaultTrustEvaluator
    public init(validateHost: Bool = true) {
        inner = DefaultTrustEvaluator(validateHost: validateHost)
    }
}

let strict = HostEvaluator()
`;

test('a validateHost forwarded from a public initialiser\u2019s parameter is not a finding', () => {
  assert.deepEqual(signals(wrapper), []);
});

const legacy = `import Alamofire

let policies: [String: ServerTrustPolicy] = [
    "legacy.example.com": .performDefaultEvaluation(validateHost: false),
    "pinned.example.com": .pinCertificates(certificates: ServerTrustPolicy.certificates(), validateCertificateChain: true, validateHost: false),
    "ok.example.com": .performDefaultEvaluation(validateHost: true),
]
`;

test('Alamofire 4 ServerTrustPolicy cases with validateHost: false', () => {
  assert.deepEqual(signals(legacy).map((s) => `${s.occurrence.line} ${s.signal}`), ['4 hostname-verification-disabled', '5 hostname-verification-disabled']);
});

test('a publicKeys call that is not an evaluator (no validateHost label) is not read', () => {
  assert.deepEqual(signals(`import Alamofire\nlet keys = Bundle.main.af.publicKeys\nlet k = store.publicKeys(for: "x", validateHost: nil)\n`), []);
});

const legacyDisabled = `import Alamofire

let policies: [String: ServerTrustPolicy] = [
    "dev.example.com": .disableEvaluation,
    "qa.example.com": ServerTrustPolicy.disableEvaluation,
]

func describe(_ policy: ServerTrustPolicy) -> String {
    switch policy {
    case .disableEvaluation: return "off"
    default: return policy == .disableEvaluation ? "off" : "on"
    }
}
`;

test('Alamofire 4 .disableEvaluation where it is used, not in a case pattern or a comparison', () => {
  assert.deepEqual(signals(legacyDisabled).map((s) => `${s.occurrence.line} ${s.signal}`), ['4 cert-verification-disabled', '5 cert-verification-disabled']);
});

test('a .disableEvaluation of a file that does not import Alamofire nor name ServerTrustPolicy is not read', () => {
  assert.deepEqual(signals(`import Foundation\nlet options: [Feature] = [.disableEvaluation]\n`), []);
});
