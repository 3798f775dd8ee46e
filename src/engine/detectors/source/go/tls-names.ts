// crypto/tls's names for key-exchange groups, read by the Go detector (`tls.CurveP256` in
// `CurvePreferences`) and by the artefact detector of Go programs' TLS options in TOML/YAML, where
// Traefik's `curvePreferences` lists the same constant names.

/** tls.CurveID constants -> group names (IANA spelling for the hybrids, KB curve names for the rest). */
export const GO_TLS_GROUPS: Readonly<Record<string, string>> = {
  CurveP256: 'P-256', CurveP384: 'P-384', CurveP521: 'P-521', X25519: 'X25519',
  X25519MLKEM768: 'X25519MLKEM768', SecP256r1MLKEM768: 'SecP256r1MLKEM768', SecP384r1MLKEM1024: 'SecP384r1MLKEM1024',
};
