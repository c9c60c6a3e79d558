// The axe-core check of the site and admin suites: no violations allowed.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Which rules a scan runs:
 * - `all`: every rule axe runs by default (WCAG 2.x A and AA, best practices);
 * - `wcag21aa`: the WCAG 2.1 A and AA rules;
 * - `colours`: only the rules that read colours. A second colour theme changes nothing else (the site's `dark:`
 *   classes set text, background and border colours only), so the other theme needs no more than these.
 */
export type AxeScope = 'all' | 'wcag21aa' | 'colours';

const WCAG21AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Where the page keeps the animations held still for a scan, until it is over. */
const HELD = 'animationsHeldForAxe';
type Held = Record<string, Animation[] | undefined>;

/**
 * Lets the animations that change what axe reads (a toast fading in, a button's colour transition) finish, then
 * holds the ones left (a toast's countdown bar, whose end starts its fade-out) still while axe runs: colours
 * measured mid-animation are neither the page's nor stable. Endless animations (spinners) are left alone. One call
 * into the page, which answers whether it held any.
 */
function holdStill(page: Page, label: string): Promise<boolean> {
  return page.evaluate(
    async ({ label, key }) => {
      const finiteAndRunning = (animation: Animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity;
      // Only a movement (transform) changes no colour.
      const changesColours = (animation: Animation) =>
        !(animation.effect instanceof KeyframeEffect) ||
        animation.effect
          .getKeyframes()
          .some((frame) => Object.keys(frame).some((name) => !['offset', 'computedOffset', 'easing', 'composite', 'transform'].includes(name)));
      const deadline = Date.now() + 10_000;
      for (;;) {
        const moving = document.getAnimations().filter((animation) => finiteAndRunning(animation) && changesColours(animation));
        if (!moving.length) break;
        if (Date.now() > deadline) {
          const names = moving.map((animation) => (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty);
          throw new Error(`animations still running on ${label} after 10 s: ${names.join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const held = document.getAnimations().filter(finiteAndRunning);
      for (const animation of held) animation.pause();
      (window as unknown as Held)[key] = held;
      return held.length > 0;
    },
    { label, key: HELD },
  );
}

/** Lets the animations holdStill held run on. */
async function release(page: Page): Promise<void> {
  await page.evaluate((key) => {
    const held = window as unknown as Held;
    for (const animation of held[key] ?? []) animation.play();
    held[key] = undefined;
  }, HELD);
}

/**
 * `experimental`: rules axe ships but leaves off (tagged experimental) to run too, e.g. `label-content-name-mismatch`
 * (WCAG 2.5.3: a visible label is part of the accessible name).
 */
export async function expectNoAxeViolations(
  page: Page,
  { label = page.url(), scope = 'all', experimental = [] }: { label?: string; scope?: AxeScope; experimental?: readonly string[] } = {},
): Promise<void> {
  // Legacy mode runs axe.run in the page itself. The default runs axe in each frame, then opens a new blank page to
  // join their results: a renderer more for every scan, which cost the admin's browser project 10 % of its time
  // (272 s against 245 s, same hour). Our own frames are same-origin (a resume's PDF), which legacy mode scans too;
  // only a cross-origin frame's inside (the contact page's map, another site's page) is left out.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  // Set before withTags, which keeps these options and adds runOnly; a rule enabled by name runs whatever the tags.
  if (experimental.length) builder.options({ rules: Object.fromEntries(experimental.map((rule) => [rule, { enabled: true }])) });
  if (scope === 'wcag21aa') builder.withTags(WCAG21AA_TAGS);
  if (scope === 'colours') builder.withRules(COLOUR_RULES);
  const held = await holdStill(page, label);
  const results = await (held ? builder.analyze().finally(() => release(page)) : builder.analyze());
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
