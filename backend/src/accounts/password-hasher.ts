import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PASSWORD_HASH_OPTIONS } from '../config/key-derivation';

/** argon2id (the library's default algorithm) at the configured cost; a hash names its own, so any cost verifies. */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  // Verified against when the e-mail is unknown, so both failures cost the same time.
  private dummyHash: Promise<string> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Computed at start, so the first unknown e-mail does not take one hash longer than a wrong password. */
  async onModuleInit(): Promise<void> {
    await this.dummy();
  }

  hash(password: string): Promise<string> {
    return hash(password, PASSWORD_HASH_OPTIONS[this.config.keys.derivationCost]);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash never matches.
      return false;
    }
  }

  /** Spends the time of one verification and fails: the answer for an unknown e-mail. */
  async verifyNothing(password: string): Promise<false> {
    await this.verify(await this.dummy(), password);
    return false;
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hash(randomBytes(32).toString('base64url'));
    return this.dummyHash;
  }
}
