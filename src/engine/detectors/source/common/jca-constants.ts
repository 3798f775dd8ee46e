// Well-known constants of the JDK, Android, Bouncy Castle and Netty that stand for algorithm names,
// modes, curves or parameter sets, so that `KeyProperties.KEY_ALGORITHM_AES` resolves like "AES".
// Shared by the JVM-language detectors (Java, Kotlin): the constants are the libraries', not the syntax's.

/** Constant member (last two path components) -> the string it stands for. */
const STRINGS: Record<string, string> = {
  'KeyProperties.KEY_ALGORITHM_AES': 'AES',
  'KeyProperties.KEY_ALGORITHM_RSA': 'RSA',
  'KeyProperties.KEY_ALGORITHM_EC': 'EC',
  'KeyProperties.KEY_ALGORITHM_3DES': 'DESede',
  'KeyProperties.KEY_ALGORITHM_HMAC_SHA1': 'HmacSHA1',
  'KeyProperties.KEY_ALGORITHM_HMAC_SHA224': 'HmacSHA224',
  'KeyProperties.KEY_ALGORITHM_HMAC_SHA256': 'HmacSHA256',
  'KeyProperties.KEY_ALGORITHM_HMAC_SHA384': 'HmacSHA384',
  'KeyProperties.KEY_ALGORITHM_HMAC_SHA512': 'HmacSHA512',
  'KeyProperties.KEY_ALGORITHM_XDH': 'XDH',
  'KeyProperties.BLOCK_MODE_GCM': 'GCM',
  'KeyProperties.BLOCK_MODE_CBC': 'CBC',
  'KeyProperties.BLOCK_MODE_CTR': 'CTR',
  'KeyProperties.BLOCK_MODE_ECB': 'ECB',
  'KeyProperties.ENCRYPTION_PADDING_NONE': 'NoPadding',
  'KeyProperties.ENCRYPTION_PADDING_PKCS7': 'PKCS7Padding',
  'KeyProperties.ENCRYPTION_PADDING_RSA_OAEP': 'OAEPPadding',
  'KeyProperties.ENCRYPTION_PADDING_RSA_PKCS1': 'PKCS1Padding',
  'KeyProperties.DIGEST_SHA256': 'SHA-256',
  'KeyProperties.DIGEST_SHA384': 'SHA-384',
  'KeyProperties.DIGEST_SHA512': 'SHA-512',
  'KeyProperties.DIGEST_SHA1': 'SHA-1',
  'MGF1ParameterSpec.SHA1': 'SHA-1',
  'MGF1ParameterSpec.SHA224': 'SHA-224',
  'MGF1ParameterSpec.SHA256': 'SHA-256',
  'MGF1ParameterSpec.SHA384': 'SHA-384',
  'MGF1ParameterSpec.SHA512': 'SHA-512',
  'NamedParameterSpec.X25519': 'X25519',
  'NamedParameterSpec.X448': 'X448',
  'NamedParameterSpec.ED25519': 'Ed25519',
  'NamedParameterSpec.ED448': 'Ed448',
  'NamedParameterSpec.ML_KEM_512': 'ML-KEM-512',
  'NamedParameterSpec.ML_KEM_768': 'ML-KEM-768',
  'NamedParameterSpec.ML_KEM_1024': 'ML-KEM-1024',
  'NamedParameterSpec.ML_DSA_44': 'ML-DSA-44',
  'NamedParameterSpec.ML_DSA_65': 'ML-DSA-65',
  'NamedParameterSpec.ML_DSA_87': 'ML-DSA-87',
  'KeyPairGeneratorSpec.RSA': 'RSA',
  // Netty's io.netty.handler.ssl.SslProtocols (the JSSE protocol names).
  'SslProtocols.SSL_v2_HELLO': 'SSLv2Hello',
  'SslProtocols.SSL_v2': 'SSLv2',
  'SslProtocols.SSL_v3': 'SSLv3',
  'SslProtocols.TLS_v1': 'TLSv1',
  'SslProtocols.TLS_v1_1': 'TLSv1.1',
  'SslProtocols.TLS_v1_2': 'TLSv1.2',
  'SslProtocols.TLS_v1_3': 'TLSv1.3',
};

/** The named curve the JDK's `KeyPairGenerator.getInstance("EC").initialize(bits)` picks for a size. */
const JDK_EC_CURVES: Readonly<Record<number, string>> = { 256: 'P-256', 384: 'P-384', 521: 'P-521' };
export function jdkEcCurve(bits: number): string | undefined {
  return JDK_EC_CURVES[bits];
}

/** The string a constant member stands for, or undefined. */
export function knownConstant(path: string): string | undefined {
  const parts = path.split('.');
  return STRINGS[parts.slice(-2).join('.')];
}

/**
 * Bouncy Castle parameter-set constants (`MLKEMParameters.ml_kem_768`, `MLDSAParameterSpec.ml_dsa_65`,
 * `KyberParameters.kyber1024`, `SLHDSAParameters.sha2_128s`, `FalconParameters.falcon_512`,
 * `DilithiumParameters.dilithium3`, `BIKEParameters.bike128`, `HQCParameters.hqc192`,
 * `FrodoKEMParameters.frodokem640aes`, `CMCEParameters.mceliece348864r3`) -> algorithm spelling the knowledge base resolves.
 */
export function pqcParameterSet(path: string): string | undefined {
  const parts = path.split('.');
  const cls = parts.at(-2) ?? '';
  const member = (parts.at(-1) ?? '').toLowerCase();
  let m: RegExpMatchArray | null;
  if (/^(MLKEM|Kyber)Parameter(s|Spec)$/.test(cls)) {
    if ((m = member.match(/(?:ml_kem_|kyber)(512|768|1024)/))) return `ML-KEM-${m[1]}`;
  } else if (/^(MLDSA|Dilithium)Parameter(s|Spec)$/.test(cls)) {
    if ((m = member.match(/ml_dsa_(44|65|87)/))) return `ML-DSA-${m[1]}`;
    if ((m = member.match(/dilithium([235])/))) return `ML-DSA-${{ '2': '44', '3': '65', '5': '87' }[m[1] as '2' | '3' | '5']}`;
  } else if (/^(SLHDSA|SPHINCSPlus)Parameter(s|Spec)$/.test(cls)) {
    if ((m = member.match(/(sha2|shake)_?(128|192|256)([sf])/))) return `SLH-DSA-${m[1] === 'sha2' ? 'SHA2' : 'SHAKE'}-${m[2]}${m[3]}`;
  } else if (/^FalconParameter(s|Spec)$/.test(cls)) {
    if ((m = member.match(/falcon_?(512|1024)/))) return `FN-DSA-${m[1]}`;
  } else if (/^BIKEParameter(s|Spec)$/.test(cls)) {
    if ((m = member.match(/bike_?(128|192|256)/))) return `BIKE-L${{ '128': 1, '192': 3, '256': 5 }[m[1] as '128' | '192' | '256']}`;
  } else if (/^HQCParameter(s|Spec)$/.test(cls)) {
    if ((m = member.match(/hqc_?(128|192|256)/))) return `HQC-${m[1]}`;
  } else if (/^Frodo(KEM)?Parameter(s|Spec)$/.test(cls)) {
    // frodokem640aes, efrodokem976shake: the level is the matrix dimension.
    if ((m = member.match(/frodo(?:kem)?_?(640|976|1344)/))) return `FrodoKEM-${m[1]}`;
  } else if (/^CMCEParameter(s|Spec)$/.test(cls)) {
    if ((m = member.match(/mceliece_?(348864|460896|6688128|6960119|8192128)/))) return `Classic-McEliece-${m[1]}`;
  }
  return undefined;
}
