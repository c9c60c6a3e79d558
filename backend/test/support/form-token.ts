import { FORM_TOKEN_HEADER } from '@brightwave/common';
import { FormTokens } from '../../src/spam-triage/form-tokens';
import type { TestApp } from './test-app';

/**
 * The header the site sends with a form a person filled at a person's pace: a genuine token of `t`, issued `ageMs`
 * ago (10 s by default; over FORM_MIN_FILL_SECONDS, within FORM_TOKEN_VALID_SECONDS). Each call is a new token.
 */
export function filledOnSite(t: TestApp, ageMs = 10_000): Record<string, string> {
  return { [FORM_TOKEN_HEADER]: t.app.get(FormTokens).issue(Date.now() - ageMs) };
}
