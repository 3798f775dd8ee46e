// Werkzeug's generate_password_hash (Flask apps): the KDF and its costs are in the method string.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

const summary = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.params, a.library?.name]);

test('generate_password_hash is scrypt by default and reads the costs of a scrypt or pbkdf2 method string', () => {
  assert.deepEqual(summary(`from werkzeug.security import check_password_hash, generate_password_hash
import werkzeug.security as ws

def register(user, password):
    user.pw = generate_password_hash(password)
    user.legacy = generate_password_hash(password, method="pbkdf2:sha1:1000")
    user.strong = ws.generate_password_hash(password, "scrypt:65536:8:2", salt_length=24)
    user.plain_pbkdf2 = generate_password_hash(password, method="pbkdf2")
    return check_password_hash(user.pw, password)
`), [
    [5, 'scrypt-32768', { cost: 32768, memoryCost: 32768, parallelism: 1 }, 'werkzeug'],
    [6, 'PBKDF2-SHA-1-1000', { hash: 'SHA-1', iterations: 1000 }, 'werkzeug'],
    [7, 'scrypt-65536', { cost: 65536, memoryCost: 65536, parallelism: 2 }, 'werkzeug'],
    [8, 'PBKDF2-SHA-256', { hash: 'SHA-256' }, 'werkzeug'],
  ]);
});

test('a method chosen at run time, a plain hash name or a local generate_password_hash reports nothing', () => {
  assert.deepEqual(summary(`from werkzeug.security import generate_password_hash as gph

def generate_password_hash(password):
    return password[::-1]

def register(user, password, method):
    user.pw = gph(password, method=method)
    user.old = gph(password, "sha256")
    user.mine = generate_password_hash(password)
`), []);
});
