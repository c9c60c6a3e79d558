import { createHash } from 'node:crypto';
import { CONTENT_SECURITY_POLICY, THEME_INIT_SCRIPT, THEME_INIT_SCRIPT_HASH } from '@brightwave/common';

describe('the Content-Security-Policy', () => {
  it("allows the site's inline colour-theme script by its exact hash, and no other inline script", () => {
    const digest = createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64');
    expect(THEME_INIT_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
    const scriptSources = /(?:^|; )script-src ([^;]*)/.exec(CONTENT_SECURITY_POLICY)?.[1]?.split(' ');
    expect(scriptSources).toEqual(["'self'", THEME_INIT_SCRIPT_HASH]);
  });
});
