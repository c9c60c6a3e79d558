import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { openSecret, sealSecret, UnreadableSecret } from '../webhooks/webhook-secret-box';
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
    const keys = this.config.keys.chatUrls;
    let unreadable = 0;
    const rewritten = await this.repository.rewriteChats((chat) => {
      try {
        const { secret, key } = openSecret(keys, chat.url, CHAT_URL_USE);
        return key === 0 ? undefined : { ...chat, url: sealSecret(keys[0], secret, CHAT_URL_USE) };
      } catch (error) {
        if (!(error instanceof UnreadableSecret)) throw error;
        unreadable += 1;
        return undefined;
      }
    });
    if (rewritten > 0) this.logger.log(`Encrypted ${rewritten} chat URL(s) of notification routes with the key from ${this.config.keys.dataKeySource}`);
    if (unreadable > 0) {
      this.logger.error(
        `${unreadable} chat URL(s) of notification routes cannot be decrypted with the key from ${this.config.keys.dataKeySource} ` +
          '(it changed since they were saved): their posts fail until each URL is entered again in Settings → Notifications',
      );
    }
  }
}
