// The screens of docs/screenshots (npm run screenshots): each at 1440 × 900 and 390 × 844, on the demo content the
// server seeds, signed in as the owner. JPEG at quality 70 keeps each picture near 100 KB.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../admin/fixtures';

const FOLDER = path.resolve(__dirname, '..', '..', 'docs', 'screenshots');
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has loaded. */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

const SCREENS: Screen[] = [
  { name: 'site-home', path: '/', ready: (page) => expect(page.getByRole('main')).toBeVisible() },
  { name: 'site-careers', path: '/careers', ready: (page) => expect(page.getByRole('main')).toBeVisible() },
  { name: 'admin-dashboard', path: '/admin/dashboard', ready: heading('Dashboard') },
  { name: 'admin-leads', path: '/admin/leads', ready: heading(/Leads/) },
  { name: 'admin-my-work', path: '/admin/my-work', ready: heading(/My work/) },
  { name: 'admin-applications', path: '/admin/applications', ready: heading(/Applications/) },
  { name: 'admin-content-services', path: '/admin/content/services', ready: heading('Services') },
  { name: 'admin-pages', path: '/admin/pages', ready: heading(/Pages/) },
  { name: 'admin-news', path: '/admin/news', ready: heading(/News/) },
  { name: 'admin-analytics', path: '/admin/analytics', ready: heading('Analytics') },
  { name: 'admin-audit', path: '/admin/audit', ready: heading(/Audit/) },
];

for (const screen of SCREENS) {
  test(screen.name, async ({ page }) => {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(screen.path);
      await screen.ready(page);
      // Fonts and pictures settled, no animation half way.
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(FOLDER, `${screen.name}-${size.name}.jpg`), type: 'jpeg', quality: 70, animations: 'disabled' });
    }
  });
}
