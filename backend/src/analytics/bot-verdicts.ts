import { isbot } from 'isbot';

/** The user agents already looked up (isbot runs one large pattern, 3 to 6 µs): a few thousand cover a day's browsers. */
export const BOT_VERDICTS_MAX = 10_000;
/**
 * Characters of a user agent that are read (the bot check, its cache's key, the visitor's id): a browser's is 100 to
 * 200, so a longer one costs neither the cache's memory nor the hashes' time.
 */
export const USER_AGENT_READ_LENGTH = 512;

/** Whether a user agent is a bot's, cached: at most BOT_VERDICTS_MAX verdicts, each keyed by USER_AGENT_READ_LENGTH characters at most. */
export class BotVerdicts {
  private readonly verdicts = new Map<string, boolean>();

  get size(): number {
    return this.verdicts.size;
  }

  /** `userAgent` as read: cut to USER_AGENT_READ_LENGTH. */
  isBot(userAgent: string): boolean {
    const read = userAgent.slice(0, USER_AGENT_READ_LENGTH);
    let verdict = this.verdicts.get(read);
    if (verdict === undefined) {
      if (this.verdicts.size >= BOT_VERDICTS_MAX) this.verdicts.clear();
      verdict = isbot(read);
      this.verdicts.set(read, verdict);
    }
    return verdict;
  }
}
