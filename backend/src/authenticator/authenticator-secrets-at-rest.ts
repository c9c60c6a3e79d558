import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { resealStoredSecrets } from '../webhooks/reseal-stored-secrets';
import { AuthenticatorRepository } from './authenticator.repository';
import { AUTHENTICATOR_SECRET_USE } from './authenticator.service';

/**
 * At start: the authenticator app secrets sealed with the key from JWT_SECRET before DATA_KEY was set are sealed again
 * with the current key, in place, so that they stay readable once JWT_SECRET changes; the operator is told when stored
 * ones cannot be decrypted at all, before an admin fails to sign in with one. Safe to run on every start and on several
 * instances at once (AuthenticatorRepository.rewriteSecrets).
 */
@Injectable()
export class AuthenticatorSecretsAtRest implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuthenticatorSecretsAtRest.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: AuthenticatorRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await resealStoredSecrets({
      keys: this.config.keys.authenticatorSecrets,
      use: AUTHENTICATOR_SECRET_USE,
      rewrite: (reseal) => this.repository.rewriteSecrets(reseal),
      what: 'authenticator app secret(s)',
      whenUnreadable:
        '(it changed since they were set up): those admins cannot sign in with their app until it is removed (npm run admin -- remove-authenticator) and set up again',
      keySource: this.config.keys.dataKeySource,
      logger: this.logger,
    });
  }
}
