import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { resealStoredSecrets } from '../webhooks/reseal-stored-secrets';
import { AvailabilityRepository } from './availability.repository';
import { BUSY_CALENDAR_URL_USE } from './busy-feed.service';

/**
 * At start: the busy calendar URLs sealed with the key from JWT_SECRET before DATA_KEY was set are sealed again with
 * the current key, in place, so that they stay readable once JWT_SECRET changes; the operator is told when stored
 * ones cannot be decrypted at all, before a slot list misses their busy times. Safe to run on every start and on
 * several instances at once (AvailabilityRepository.rewriteBusyCalendarUrls).
 */
@Injectable()
export class BusyCalendarUrlsAtRest implements OnApplicationBootstrap {
  private readonly logger = new Logger(BusyCalendarUrlsAtRest.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: AvailabilityRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await resealStoredSecrets({
      keys: this.config.keys.busyCalendarUrls,
      use: BUSY_CALENDAR_URL_USE,
      rewrite: (reseal) => this.repository.rewriteBusyCalendarUrls(reseal),
      what: 'busy calendar URL(s)',
      whenUnreadable: '(it changed since they were saved): their busy times are not read until each admin enters the address again in My availability',
      keySource: this.config.keys.dataKeySource,
      logger: this.logger,
    });
  }
}
