// Python constants read from other files (detectors/cross-file.ts): a settings module that calls no
// crypto API, read through each import form (`from . import settings`, `from .settings import NAME`,
// a renamed `NAME as H`, `import app.settings as S`, a package's `__init__.py`, a class attribute),
// and what must stay unknown (a local that shadows the module, a parameter that shadows the name, a
// name not imported, a star import, two modules of one name with different values, a value the
// module changes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesIn, scanTree } from '../cross-file-helpers.js';

const SETTINGS = `"""Deployment settings: no crypto import here."""
import os

HASH_NAME = "md5"
ITERATIONS = 1000
KEY_BYTES = 16
KEY_SIZE: int = 1024
LEGACY_DIGEST = DEFAULT_DIGEST = "sha1"
DEBUG = os.environ.get("DEBUG") == "1"

def helper():
    HASH_NAME = "sha512"  # a local of the function, not the module's
    return HASH_NAME
`;

const AUTH = `import hashlib
import os
from . import settings
from .settings import ITERATIONS, HASH_NAME as H
from app.settings import KEY_SIZE
import app.settings as S
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.asymmetric import rsa


def fingerprint(data):
    return hashlib.new(settings.HASH_NAME, data).hexdigest()


def derive(password, salt):
    return hashlib.pbkdf2_hmac(H, password, salt, ITERATIONS)


def encrypt(data):
    key = os.urandom(S.KEY_BYTES)
    iv = os.urandom(16)
    return Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor().update(data)


def new_signing_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=KEY_SIZE)


def legacy(data):
    return hashlib.new(S.LEGACY_DIGEST, data).digest()
`;

test('a settings module without crypto imports gives its constants through every import form', async () => {
  const assets = await scanTree({ 'app/__init__.py': '', 'app/settings.py': SETTINGS, 'app/auth.py': AUTH });
  // settings.HASH_NAME (module import), H (renamed), ITERATIONS (from-import), S.KEY_BYTES (module
  // alias), KEY_SIZE (annotated, absolute import), S.LEGACY_DIGEST (chained assignment).
  assert.deepEqual(namesIn(assets, 'app/auth.py'), ['AES-128-CBC', 'MD5', 'PBKDF2-MD5-1000', 'RSA-1024', 'SHA-1', 'cryptography']);
  assert.deepEqual(namesIn(assets, 'app/settings.py'), []);
});

test("a package's __init__.py and a class's attributes are owners too", async () => {
  const init = `SIGNING_HASH = "sha1"\n`;
  const config = `class CryptoConfig:\n    KEY_BITS = 128\n    CURVE = "secp192r1"\n\n    def describe(self):\n        KEY_BITS = 256\n        return KEY_BITS\n`;
  const service = `import hashlib
from secure import SIGNING_HASH
from secure.crypto_config import CryptoConfig
from cryptography.hazmat.primitives.ciphers.aead import AESGCM


def sign(data):
    return hashlib.new(SIGNING_HASH, data).digest()


def new_key():
    return AESGCM.generate_key(bit_length=CryptoConfig.KEY_BITS)
`;
  const relative = `import hashlib\nfrom . import SIGNING_HASH\n\ndef mac(data):\n    return hashlib.new(SIGNING_HASH, data).digest()\n`;
  const assets = await scanTree({
    'secure/__init__.py': init,
    'secure/crypto_config.py': config,
    'service/sign.py': service,
    'secure/mac.py': relative,
  });
  assert.deepEqual(namesIn(assets, 'service/sign.py'), ['AES-128-GCM', 'SHA-1', 'cryptography']);
  // `from . import SIGNING_HASH` in secure/mac.py: the package the file is in.
  assert.deepEqual(namesIn(assets, 'secure/mac.py'), ['SHA-1']);
});

test('a local or a parameter that shadows the module or the name, a name not imported and a star import stay unknown', async () => {
  const service = `import hashlib
from .settings import ITERATIONS
from .settings import *


def shadowed_module(data, load):
    settings = load()
    return hashlib.new(settings.HASH_NAME, data).digest()


def shadowed_name(password, salt, ITERATIONS):
    return hashlib.pbkdf2_hmac("sha256", password, salt, ITERATIONS)


def not_imported(data):
    return hashlib.new(HASH_NAME, data).digest()
`;
  const assets = await scanTree({ 'app/settings.py': SETTINGS, 'app/service.py': service });
  assert.deepEqual(namesIn(assets, 'app/service.py'), ['PBKDF2-SHA-256', 'unknown-hash']);
  assert.deepEqual(
    assets.filter((a) => a.name === 'unknown-hash').flatMap((a) => a.at),
    ['app/service.py:16', 'app/service.py:8'],
  );
});

test('a module renamed by from-import reads as the module; a renamed name shadowed by a parameter stays unknown', async () => {
  const service = `import hashlib
from app import settings as conf
from app.settings import HASH_NAME as DIGEST


def fingerprint(data):
    return hashlib.new(conf.HASH_NAME, data).hexdigest()


def checksum(data, DIGEST):
    return hashlib.new(DIGEST, data).hexdigest()


def legacy(data):
    return hashlib.new(DIGEST, data).hexdigest()
`;
  const assets = await scanTree({ 'app/settings.py': SETTINGS, 'app/service.py': service });
  assert.deepEqual(assets.find((a) => a.name === 'MD5')?.at, ['app/service.py:15', 'app/service.py:7']);
  assert.deepEqual(assets.find((a) => a.name === 'unknown-hash')?.at, ['app/service.py:11']);
});

test('two modules of one name with different values leave the reference unknown', async () => {
  const reader = `import hashlib\nfrom .settings import HASH_NAME\n\ndef digest(data):\n    return hashlib.new(HASH_NAME, data).digest()\n`;
  const assets = await scanTree({
    'billing/settings.py': 'HASH_NAME = "sha256"\n',
    'legacy/settings.py': 'HASH_NAME = "md5"\n',
    'billing/digest.py': reader,
  });
  assert.deepEqual(namesIn(assets, 'billing/digest.py'), ['unknown-hash']);
});

test('a name the module changes after assigning it, or assigns in both arms of an if, is no constant', async () => {
  const settings = `import sys

ITERATIONS = 1000
ITERATIONS *= 100

if sys.platform == "win32":
    HASH_NAME = "md5"
else:
    HASH_NAME = "sha256"

SALT_HASH = "sha1"


def configure(name):
    global SALT_HASH
    SALT_HASH = name

for _name in ("sha224",):
    LOOP_HASH = _name
`;
  const reader = `import hashlib
from .settings import ITERATIONS, HASH_NAME, SALT_HASH, LOOP_HASH


def derive(password, salt):
    return hashlib.pbkdf2_hmac("sha256", password, salt, ITERATIONS)


def digest(data):
    return hashlib.new(HASH_NAME, data).digest()


def salted(data):
    return hashlib.new(SALT_HASH, data).digest() + hashlib.new(LOOP_HASH, data).digest()
`;
  const assets = await scanTree({ 'app/settings.py': settings, 'app/reader.py': reader });
  assert.deepEqual(namesIn(assets, 'app/reader.py'), ['PBKDF2-SHA-256', 'unknown-hash']);
  // Without an iteration count; HASH_NAME (line 10), SALT_HASH and LOOP_HASH (line 14) unknown.
  assert.deepEqual(assets.find((a) => a.name === 'PBKDF2-SHA-256')?.at, ['app/reader.py:6']);
  assert.deepEqual(assets.find((a) => a.name === 'unknown-hash')?.at, ['app/reader.py:10', 'app/reader.py:14', 'app/reader.py:14']);
});

test("a library's constant stays the library's symbol when the repository holds a module of that name", async () => {
  // A compatibility copy of the standard library's ssl module: its integers are not what the handlers read.
  const compat = `PROTOCOL_TLSv1 = 3\nPROTOCOL_TLS_CLIENT = 16\n`;
  const client = `import ssl\n\n\ndef legacy_context():\n    return ssl.SSLContext(ssl.PROTOCOL_TLSv1)\n`;
  const assets = await scanTree({ 'compat/ssl.py': compat, 'app/client.py': client });
  assert.deepEqual(namesIn(assets, 'app/client.py'), ['TLS 1.0']);
});
