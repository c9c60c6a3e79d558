import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { openSecret, sealSecret, UnreadableSecret } from './webhook-secret-box';
import { WebhooksRepository } from './webhooks.repository';

/**
 * At start: secrets stored in plain by an earlier version (or restored from an older backup), and those encrypted
 * with the key from JWT_SECRET before DATA_KEY was set, are encrypted with the current key; the operator is told when
 * stored secrets cannot be decrypted at all, before a call fails on one.
 */
@Injectable()
export class WebhookSecretsAtRest implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookSecretsAtRest.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: WebhooksRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const keys = this.config.keys.webhookSecrets;
    let unreadable = 0;
    const rewritten = await this.repository.rewriteSecrets((stored) => {
      try {
        const { secret, key } = openSecret(keys, stored);
        return key === 0 ? undefined : sealSecret(keys[0], secret);
      } catch (error) {
        if (!(error instanceof UnreadableSecret)) throw error;
        unreadable += 1;
        return undefined;
      }
    });
    if (rewritten > 0) this.logger.log(`Encrypted ${rewritten} webhook signing secret(s) with the key from ${this.config.keys.dataKeySource}`);
    if (unreadable > 0) {
      this.logger.error(
        `${unreadable} webhook signing secret(s) cannot be decrypted with the key from ${this.config.keys.dataKeySource} ` +
          '(it changed since they were stored): their calls fail until each such webhook is deleted and added again (README, "Webhooks")',
      );
    }
  }
}
