/**
 * Every PostgreSQL advisory lock key of the app, in one place so that no two kinds of work share one: a shared key
 * makes unrelated work wait for each other, or skip its turn (the retention purge takes its lock only if it is free).
 * Any fixed numbers will do; changing one lets an instance of the previous version run that work beside a new one
 * once, during a deploy.
 */
export const ADVISORY_LOCK_KEYS = {
  /** Every instance takes it so only one migrates at a time. */
  migrations: 727_115_001,
  /** Instances starting together seed once. */
  seed: 727_115_002,
  /** Instances starting together encrypt the stored webhook secrets once. */
  webhookSecrets: 727_115_010,
  /** One instance purges at a time. */
  retentionPurge: 727_115_011,
  /** The analytics writes of every instance, one after another. */
  analyticsWrites: 727_115_020,
} as const;
