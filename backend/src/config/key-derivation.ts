// How much work a password hash and a backup key take (KEY_DERIVATION_COST). `standard` is what production runs;
// `test` lets the suites, which sign in and seal archives hundreds of times, spend a fraction of it. Both encode their
// parameters in what they write (the argon2 hash string, the archive's header), so either cost reads the other's.

export const KEY_DERIVATION_COSTS = ['standard', 'test'] as const;
export type KeyDerivationCost = (typeof KEY_DERIVATION_COSTS)[number];

/** argon2id for admin passwords: OWASP's and ASVS's minimum (19 MiB of memory, 2 passes, 1 lane); a tiny one for tests. */
export const PASSWORD_HASH_OPTIONS = {
  standard: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const satisfies Record<KeyDerivationCost, { memoryCost: number; timeCost: number; parallelism: number }>;

/**
 * scrypt for a backup archive's key from its passphrase: N = 2^17, r = 8 is 128 MB of memory and about half a second
 * per guess; 2^10 (the lowest an archive may name) for tests.
 */
export const BACKUP_KEY_SCRYPT = {
  standard: { log2N: 17, r: 8, p: 1 },
  test: { log2N: 10, r: 8, p: 1 },
} as const satisfies Record<KeyDerivationCost, { log2N: number; r: number; p: number }>;
