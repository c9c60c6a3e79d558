import { Inject, Injectable, Logger } from '@nestjs/common';
import { TtlCache } from '../common/ttl-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { openSecret, UnreadableSecret } from '../webhooks/webhook-secret-box';
import { AvailabilityRepository } from './availability.repository';
import { BUSY_CALENDAR_URL_USE } from './availability.service';
import { busyTimesFromIcs, MAX_FEED_CHARACTERS, UnreadableFeed } from './busy-feed-parser';
import { fetchFeed } from './busy-feed-fetch';
import type { TimeRange } from './slots';

/** A feed as last read: its text, or why it could not be read. */
type FeedRead = { text: string } | { problem: string };

/**
 * The busy times of an admin's private calendar feed (docs/features/booking.md). A feed is fetched at most once per
 * BUSY_FEED_REFRESH_SECONDS per instance (a failure too: a feed that is down is not asked again on every slot list),
 * and again at once when its owner gives another address. A feed that cannot be read blocks nothing: slot lists go
 * on without it, and the log says why, without the address (a secret of its owner's calendar).
 */
@Injectable()
export class BusyFeedService {
  private readonly logger = new Logger(BusyFeedService.name);
  /** Per admin: the feed read last, and the sealed address it was read from (every save seals anew). */
  private readonly feeds = new Map<string, { sealed: string; read: TtlCache<FeedRead> }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: AvailabilityRepository,
  ) {}

  /** The busy spans of the admin's feed that overlap [from, to), sorted by start; none without a feed or when it cannot be read. */
  async busyTimes(adminId: string, from: Date, to: Date): Promise<TimeRange[]> {
    const row = await this.repository.find(adminId);
    const sealed = row?.busyCalendarUrl;
    if (!row || !sealed) return [];
    const feed = this.feedOf(adminId, sealed);
    const read = await feed.get(() => this.read(adminId, sealed));
    if ('problem' in read) return [];
    try {
      // Times that name no zone (all-day events) are the owner's: read on their clock.
      return busyTimesFromIcs(read.text, from, to, { floatingTimeZone: row.timeZone });
    } catch (error) {
      if (!(error instanceof UnreadableFeed)) throw error;
      this.logger.warn(`The busy calendar of admin ${adminId} cannot be used: ${error.message}`);
      // Not parsed again until the next read: the same text would fail the same way.
      feed.set({ problem: error.message });
      return [];
    }
  }

  private feedOf(adminId: string, sealed: string): TtlCache<FeedRead> {
    const known = this.feeds.get(adminId);
    if (known?.sealed === sealed) return known.read;
    const read = new TtlCache<FeedRead>(this.config.timings.busyFeedRefreshMs);
    this.feeds.set(adminId, { sealed, read });
    return read;
  }

  private async read(adminId: string, sealed: string): Promise<FeedRead> {
    let url: URL;
    try {
      url = new URL(openSecret(this.config.keys.busyCalendarUrls, sealed, BUSY_CALENDAR_URL_USE).secret);
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      const problem = `its address cannot be decrypted (${this.config.keys.dataKeySource} changed since it was saved): enter it again`;
      this.logger.warn(`The busy calendar of admin ${adminId} cannot be read: ${problem}`);
      return { problem };
    }
    try {
      return { text: await fetchFeed(url, this.config.webhooks, MAX_FEED_CHARACTERS) };
    } catch (error) {
      const problem = error instanceof Error ? error.message : 'the feed could not be fetched';
      this.logger.warn(`The busy calendar of admin ${adminId} cannot be read: ${problem}`);
      return { problem };
    }
  }
}
