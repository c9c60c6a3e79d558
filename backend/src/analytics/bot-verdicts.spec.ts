import { BOT_VERDICTS_MAX, BotVerdicts, USER_AGENT_READ_LENGTH } from './bot-verdicts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe(BotVerdicts.name, () => {
  it('tells bots from browsers', () => {
    const bots = new BotVerdicts();
    expect(bots.isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(bots.isBot(BROWSER)).toBe(false);
  });

  it(`reads the first ${USER_AGENT_READ_LENGTH} characters of a user agent only, whatever its length`, () => {
    const padded = `${BROWSER}${' x'.repeat(USER_AGENT_READ_LENGTH)}`;
    expect(new BotVerdicts().isBot(`${padded} Googlebot/2.1`)).toBe(false);
    expect(new BotVerdicts().isBot(`Googlebot/2.1 ${padded}`)).toBe(true);
  });

  it(`keeps at most ${BOT_VERDICTS_MAX} verdicts, however many user agents are made up`, () => {
    const bots = new BotVerdicts();
    for (let index = 0; index < 2.5 * BOT_VERDICTS_MAX; index++) {
      bots.isBot(`${BROWSER} Build/${index}`);
      expect(bots.size).toBeLessThanOrEqual(BOT_VERDICTS_MAX);
    }
  });
});
