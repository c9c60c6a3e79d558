import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { resealStoredSecrets } from './reseal-stored-secrets';
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
    await resealStoredSecrets({
      keys: this.config.keys.webhookSecrets,
      use: 'webhook signing secret',
      rewrite: (reseal) => this.repository.rewriteSecrets(reseal),
      what: 'webhook signing secret(s)',
      whenUnreadable: '(it changed since they were stored): their calls fail until each such webhook is deleted and added again (README, "Webhooks")',
      keySource: this.config.keys.dataKeySource,
      logger: this.logger,
    });
  }
}
