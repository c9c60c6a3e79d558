import Bowser from 'bowser';

/**
 * A browser as people name it, "Chrome 131 on macOS", from the user agent an entry recorded (bowser: docs/decisions/075).
 * A client that is no known browser (a script, a test client) is shown as it named itself; no user agent, "".
 */
export function formatUserAgent(userAgent: string | null): string {
  if (!userAgent) return '';
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return userAgent;
  const major = browser.version?.split('.')[0];
  const name = major ? `${browser.name} ${major}` : browser.name;
  return os.name ? `${name} on ${os.name}` : name;
}
