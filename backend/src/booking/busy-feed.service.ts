import { Inject, Injectable, Logger } from '@nestjs/common';
import { TtlCache } from '../common/ttl-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { openSecret, UnreadableSecret, type SecretUse } from '../webhooks/webhook-secret-box';
import { AvailabilityRepository } from './availability.repository';
import { busyTimesFromIcs, MAX_FEED_CHARACTERS, UnreadableFeed, type UnreadableFeedReason } from './busy-feed-parser';
import { fetchFeed } from './busy-feed-fetch';
import type { TimeRange } from './slots';

/** What a sealed busy calendar URL is (webhook-secret-box.ts): opened only with this use's key. */
export const BUSY_CALENDAR_URL_USE = 'busy calendar URL' satisfies SecretUse;

/** A feed as last read: its text, or why it could not be read (a sentence for its owner: no address, no host). */
type FeedRead = { text: string } | { problem: string };

/** A feed as last read from one sealed address (every save seals anew), and the problem of its last read or parse. */
interface KnownFeed {
  sealed: string;
  read: TtlCache<FeedRead>;
  problem: string | null;
}

const CANNOT_READ = 'Your busy calendar could not be read:';
const CHECK_ADDRESS = "Check that the address is still the calendar's secret address.";
const FEED_MEGABYTES = Math.floor(MAX_FEED_CHARACTERS / 1_000_000);
/** What its owner is told when a feed's text cannot be used, by reason (the parser's message may quote the feed). */
const UNREADABLE_FEED_PROBLEMS: Record<UnreadableFeedReason, string> = {
  'not-icalendar': `${CANNOT_READ} it is not an iCalendar (.ics) file. Check that the address is the calendar's secret address in iCal format, not its web page.`,
  'too-large': `${CANNOT_READ} it is larger than ${FEED_MEGABYTES} MB. Give the address of a calendar with fewer events.`,
  'too-many-occurrences': `${CANNOT_READ} it has more repetitions than can be read. End repeating events that go on without an end date.`,
};

/**
 * The busy times of an admin's private calendar feed (docs/features/booking.md). A feed is fetched at most once per
 * BUSY_FEED_REFRESH_SECONDS per instance (a failure too: a feed that is down is not asked again on every slot list),
 * and again at once when its owner gives another address. A feed that cannot be read blocks nothing: slot lists go
 * on without it, and the log says why, without the address (a secret of its owner's calendar).
 */
@Injectable()
export class BusyFeedService {
  private readonly logger = new Logger(BusyFeedService.name);
  /** Per admin: the feed read last. */
  private readonly feeds = new Map<string, KnownFeed>();

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
    const read = await feed.read.get(() => this.read(adminId, sealed));
    if ('problem' in read) {
      feed.problem = read.problem;
      return [];
    }
    try {
      // Times that name no zone (all-day events) are the owner's: read on their clock.
      const busy = busyTimesFromIcs(read.text, from, to, { floatingTimeZone: row.timeZone });
      feed.problem = null;
      return busy;
    } catch (error) {
      if (!(error instanceof UnreadableFeed)) throw error;
      this.logger.warn(`The busy calendar of admin ${adminId} cannot be used: ${error.message}`);
      feed.problem = UNREADABLE_FEED_PROBLEMS[error.reason];
      // Not parsed again until the next read: the same text would fail the same way.
      feed.read.set({ problem: feed.problem });
      return [];
    }
  }

  /**
   * Why the admin's feed, at the sealed address stored now, could not be read the last time this instance read it;
   * null when it could, or was not read yet (a new address is not read until busy times are asked for).
   */
  problemOf(adminId: string, sealed: string | null): string | null {
    const known = this.feeds.get(adminId);
    return known !== undefined && known.sealed === sealed ? known.problem : null;
  }

  private feedOf(adminId: string, sealed: string): KnownFeed {
    const known = this.feeds.get(adminId);
    if (known?.sealed === sealed) return known;
    const feed = { sealed, read: new TtlCache<FeedRead>(this.config.timings.busyFeedRefreshMs), problem: null };
    this.feeds.set(adminId, feed);
    return feed;
  }

  private async read(adminId: string, sealed: string): Promise<FeedRead> {
    let url: URL;
    try {
      url = new URL(openSecret(this.config.keys.busyCalendarUrls, sealed, BUSY_CALENDAR_URL_USE).secret);
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      this.logger.warn(
        `The busy calendar of admin ${adminId} cannot be read: its address cannot be decrypted (${this.config.keys.dataKeySource} changed since it was saved): enter it again`,
      );
      return { problem: `${CANNOT_READ} its address can no longer be decrypted. Enter the address again.` };
    }
    try {
      return { text: await fetchFeed(url, this.config.webhooks, MAX_FEED_CHARACTERS) };
    } catch (error) {
      // fetchFeed's reasons never name the address nor its host.
      const reason = error instanceof Error ? error.message : 'the feed could not be fetched';
      this.logger.warn(`The busy calendar of admin ${adminId} cannot be read: ${reason}`);
      return { problem: `${CANNOT_READ} ${reason}. ${CHECK_ADDRESS}` };
    }
  }
}
