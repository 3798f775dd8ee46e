// Class references that are types, not algorithms in use: annotations, typing.Union / Optional
// aliases, `X | Y` unions and TypeVar bounds (pyca's own asymmetric/types.py and ssh.py write them).
// Calls and classes kept as values next to them are still reported.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, signals } from './helpers.js';

const SOURCE = `
from __future__ import annotations

import typing
from typing import Optional, TypeVar, Union

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, mldsa, mlkem, rsa
from cryptography.hazmat.primitives.ciphers import algorithms

AnyPublicKey = typing.Union[
    rsa.RSAPublicKey,
    ec.EllipticCurvePublicKey,
    mldsa.MLDSA65PublicKey,
    mlkem.MLKEM768PublicKey,
]
AnyPrivateKey = Union[mldsa.MLDSA87PrivateKey, mlkem.MLKEM1024PrivateKey]
FingerprintHash = hashes.MD5 | hashes.SHA1 | hashes.SHA256
KeyT = TypeVar("KeyT", bound=mldsa.MLDSA44PrivateKey)
CipherFactory = typing.Callable[[bytes], algorithms.TripleDES]


def fingerprint(key: AnyPublicKey, algorithm: hashes.MD5 | hashes.SHA1 | hashes.SHA256) -> bytes:
    digest = hashes.Hash(algorithm)
    return digest.finalize()


def load(raw: bytes, kind: Optional[type[mlkem.MLKEM768PrivateKey]] = None) -> Optional[mldsa.MLDSA65PrivateKey]:
    cache: dict[str, mldsa.MLDSA65PrivateKey] = {}
    return cache.get(raw)


class Signer:
    preferred: type[hashes.SHA1] | None = None
    digest = hashes.SHA384

    def new_key(self) -> mlkem.MLKEM768PrivateKey:
        return mlkem.MLKEM768PrivateKey.generate()
`;

test('annotations, typing.Union/Optional aliases, | unions and TypeVar bounds are types, not uses', () => {
  const found = algorithms(SOURCE);
  assert.deepEqual(found.map((a) => [a.line, a.name]), [
    // The parameter's hash is read at run time: a digest of unknown hash, not MD5, SHA-1 and SHA-256.
    [24, 'unknown-hash'],
    [35, 'SHA-384'],
    [38, 'ML-KEM-768'],
  ]);
  assert.deepEqual(signals(SOURCE).map((s) => s.occurrence.line), []);
});
