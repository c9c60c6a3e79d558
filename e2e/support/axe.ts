// The axe-core check of the site and admin suites: no violations allowed.
import type axe from 'axe-core';
import type { RunOptions } from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';
import fs from 'node:fs';

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

/** The style that turns CSS transitions off while axe runs (its id). */
const NO_TRANSITIONS = 'axe-no-transitions';

/**
 * Turns CSS transitions off, lets the animations that change what axe reads (a toast fading in) finish, then holds
 * the ones left (a toast's countdown bar, whose end starts its fade-out) still while axe runs: colours measured
 * mid-animation are neither the page's nor stable. Transitions are off rather than waited for because a request
 * can still end during the scan: a Refresh button enabled then faded from grey to its colour while axe measured it
 * (a contrast failure in CI). Endless animations (spinners) are left alone. One call into the page.
 */
function holdStill(page: Page, label: string): Promise<void> {
  return page.evaluate(
    async ({ label, key, styleId }) => {
      const noTransitions = document.createElement('style');
      noTransitions.id = styleId;
      noTransitions.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(noTransitions);
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
    },
    { label, key: HELD, styleId: NO_TRANSITIONS },
  );
}

/** Turns transitions back on and lets the animations holdStill held run on. */
async function release(page: Page): Promise<void> {
  await page.evaluate(
    ({ key, styleId }) => {
      document.getElementById(styleId)?.remove();
      const held = window as unknown as Held;
      for (const animation of held[key] ?? []) animation.play();
      held[key] = undefined;
    },
    { key: HELD, styleId: NO_TRANSITIONS },
  );
}

/**
 * axe-core's minified build (580 KB), the same code as `axe.source` (the 1.3 MB readable one): sent to and compiled in
 * every document a test scans, it cost the renderer about 95 ms a document against 145 ms (2026-12-01, the admin's
 * login page, 16 loads each), and the test's process half the bytes to write.
 */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Same-origin frames only: what the scans have always covered (a resume's PDF; not another site's map). */
const AXE_SETUP = `;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/**
 * Puts axe-core in the frame unless this document has it already. @axe-core/playwright sent and compiled it twice a
 * scan (once in the page, once more in every frame), which was about a third of the renderer's time in a test with two
 * scans; a document keeps it from its first scan on.
 */
async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await frame.evaluate(AXE_SOURCE + AXE_SETUP);
}

/** A child frame that is going away, or not answering, is left out of the scan (as @axe-core/playwright did). */
const CHILD_FRAME_SECONDS = 5;

async function ensureAxeInChildFrame(frame: Frame): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeLimit = new Promise<void>((resolve) => (timer = setTimeout(resolve, CHILD_FRAME_SECONDS * 1000)));
  await Promise.race([ensureAxe(frame).catch(() => undefined), timeLimit]).finally(() => clearTimeout(timer));
}

/** The options of a scan of `scope`, with the `experimental` rules turned on. */
function runOptions(scope: AxeScope, experimental: readonly string[]): RunOptions {
  // Only violations are read: the other result types are cut to one node each, and not sent back.
  const options: RunOptions = { resultTypes: ['violations'] };
  // A rule enabled by name runs whatever the tags.
  if (experimental.length) options.rules = Object.fromEntries(experimental.map((rule) => [rule, { enabled: true }]));
  if (scope === 'wcag21aa') options.runOnly = { type: 'tag', values: WCAG21AA_TAGS };
  if (scope === 'colours') options.runOnly = { type: 'rule', values: COLOUR_RULES };
  return options;
}

/** axe.run on the page's document, in the page (its same-origin frames through axe's own messages). */
function violationSummaries(page: Page, options: RunOptions): Promise<string[]> {
  return page.evaluate(async (options) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, options);
    return results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  }, options);
}

/**
 * `experimental`: rules axe ships but leaves off (tagged experimental) to run too, e.g. `label-content-name-mismatch`
 * (WCAG 2.5.3: a visible label is part of the accessible name).
 */
export async function expectNoAxeViolations(
  page: Page,
  { label = page.url(), scope = 'all', experimental = [] }: { label?: string; scope?: AxeScope; experimental?: readonly string[] } = {},
): Promise<void> {
  // axe.run in the page itself (what @axe-core/playwright calls legacy mode): its default runs axe in each frame, then
  // opens a new blank page to join their results, a renderer more for every scan (272 s against 245 s for the admin's
  // browser project, same hour). Our own frames are same-origin (a resume's PDF), which this scans too; only a
  // cross-origin frame's inside (the contact page's map, another site's page) is left out.
  await ensureAxe(page.mainFrame());
  for (const frame of page.frames()) if (frame !== page.mainFrame()) await ensureAxeInChildFrame(frame);
  await holdStill(page, label);
  const summary = await violationSummaries(page, runOptions(scope, experimental)).finally(() => release(page));
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
