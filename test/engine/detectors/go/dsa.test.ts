// crypto/dsa: parameter generation sized by a ParameterSizes constant, and keys, signatures and
// verifications that take the size from the parameters the same function generated.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, goFile, names, signals } from './helpers.js';

test('GenerateParameters is DSA of the ParameterSizes L; GenerateKey, Sign and Verify take it from the key\'s parameters', () => {
  const src = goFile(['"crypto/dsa"', '"crypto/rand"'], `
	params := new(dsa.Parameters)
	_ = dsa.GenerateParameters(params, rand.Reader, dsa.L2048N224)
	priv := new(dsa.PrivateKey)
	priv.Parameters = *params
	_ = dsa.GenerateKey(priv, rand.Reader)
	r, s, _ := dsa.Sign(rand.Reader, priv, param)
	_ = dsa.Verify(&priv.PublicKey, param, r, s)`);
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.functions]), [
    [12, 'DSA-2048', ['keygen']],
    [15, 'DSA-2048', ['keygen']],
    [16, 'DSA-2048', ['sign']],
    [17, 'DSA-2048', ['verify']],
  ]);
});

test('parameters placed in a key literal link too; L1024N160 and L3072N256 give 1024 and 3072', () => {
  const src = goFile(['"crypto/dsa"', '"crypto/rand"'], `
	var small dsa.Parameters
	dsa.GenerateParameters(&small, rand.Reader, dsa.L1024N160)
	key := &dsa.PrivateKey{PublicKey: dsa.PublicKey{Parameters: small}}
	dsa.GenerateKey(key, rand.Reader)
	var big dsa.Parameters
	dsa.GenerateParameters(&big, rand.Reader, dsa.L3072N256)`);
  assert.deepEqual(names(src), ['DSA-1024', 'DSA-1024', 'DSA-3072']);
});

test('a key or size from outside the function is unknown; a sizes parameter is read at the file\'s calls', () => {
  const src = goFile(['"crypto/dsa"', '"crypto/rand"'], `
	dsa.Verify(pub, param, nil, nil)`, `
var pub *dsa.PublicKey

func gen(sizes dsa.ParameterSizes) *dsa.Parameters {
	p := new(dsa.Parameters)
	dsa.GenerateParameters(p, rand.Reader, sizes)
	return p
}

func use() { gen(dsa.L2048N256) }
`);
  // The helper's use is reported where it generates, one case per same-file call and one for other files'
  // callers, and the size also at the call that passes it.
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => [a.line, a.name]), [[13, 'DSA-2048'], [17, 'DSA-2048'], [13, 'DSA'], [21, 'DSA']]);
  assert.deepEqual(found[2]!.unresolved, ['keySize']);
});

test('math/rand as the signing reader is weak randomness; a look-alike dsa package is not crypto/dsa', () => {
  const weak = goFile(['"crypto/dsa"', 'mrand "math/rand"'], `
	var priv dsa.PrivateKey
	dsa.Sign(mrand.New(mrand.NewSource(1)), &priv, param)`);
  assert.deepEqual(signals(weak).map((s) => s.signal), ['weak-random']);
  const lookalike = goFile(['"crypto/subtle"', '"github.com/acme/partners/dsa"'], `
	dsa.GenerateKey(param)
	dsa.Sign(param, dsa.L2048N256)
	subtle.ConstantTimeCompare(param, param)`);
  assert.deepEqual(names(lookalike), []);
});
