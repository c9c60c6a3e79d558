import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { resealStoredSecrets } from '../webhooks/reseal-stored-secrets';
import { CHAT_URL_USE } from './notification-routes';
import { NotificationRoutesRepository } from './notification-routes.repository';

/**
 * At start: the chat URLs of notification routes stored in plain by an earlier version (or restored from an older
 * backup), and those encrypted with the key from JWT_SECRET before DATA_KEY was set, are encrypted with the current
 * key, in place; the operator is told when stored ones cannot be decrypted at all, before a post fails on one. Safe
 * to run on every start and on several instances at once (NotificationRoutesRepository.rewriteChats).
 */
@Injectable()
export class ChatUrlsAtRest implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChatUrlsAtRest.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: NotificationRoutesRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await resealStoredSecrets({
      keys: this.config.keys.chatUrls,
      use: CHAT_URL_USE,
      rewrite: (reseal) =>
        this.repository.rewriteChats((chat) => {
          const url = reseal(chat.url);
          return url === undefined ? undefined : { ...chat, url };
        }),
      what: 'chat URL(s) of notification routes',
      whenUnreadable: '(it changed since they were saved): their posts fail until each URL is entered again in Settings → Notifications',
      keySource: this.config.keys.dataKeySource,
      logger: this.logger,
    });
  }
}
