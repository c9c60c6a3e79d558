import { required } from '@brightwave/common';
import fs from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_DOC_FILE, renderConfigurationDoc } from './configuration-doc';
import { OTHER_VARIABLES, VARIABLES } from './variables';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The names .env.example sets, or shows commented out (`# SITE_SSR_DIR=…`). */
function envExampleNames(): string[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
  return [...text.matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => required(name, 'a variable name'));
}

describe('docs/configuration.md and .env.example', () => {
  it(`${CONFIGURATION_DOC_FILE} is what npm run docs:config writes from the variable definitions`, () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, CONFIGURATION_DOC_FILE), 'utf8')).toBe(renderConfigurationDoc());
  });

  it('.env.example lists every variable the backend reads, and no variable that does not exist', () => {
    const listed = envExampleNames();
    const expected = [...Object.keys(VARIABLES), ...OTHER_VARIABLES.filter((variable) => variable.inEnvExample).map((variable) => variable.name)];
    expect({ missing: expected.filter((name) => !listed.includes(name)), unknown: listed.filter((name) => !expected.includes(name)) }).toEqual({
      missing: [],
      unknown: [],
    });
    expect(new Set(listed).size).toBe(listed.length);
  });
});
