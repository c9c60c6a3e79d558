import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Injectable, OnModuleInit } from '@nestjs/common';

// OWASP / ASVS minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane. The library's default algorithm is argon2id.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  // Verified against when the e-mail is unknown, so both failures cost the same time.
  private dummyHash: Promise<string> | undefined;

  /** Computed at start, so the first unknown e-mail does not take one hash longer than a wrong password. */
  async onModuleInit(): Promise<void> {
    await this.dummy();
  }

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
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
