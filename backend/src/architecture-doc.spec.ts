import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const ARCHITECTURE_DOC = 'docs/architecture.md';

/** The folders directly under `folder` (relative to the repository), by name. */
function foldersIn(folder: string): string[] {
  return fs
    .readdirSync(path.join(REPO_ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The folders that the tables of one `## ` section of the doc give a row of their own: a row whose first cell is only
 * the folder, as `` | `inbox/` | … ``. A name in prose, or in a row about several folders, is not a row.
 */
function rowsOf(heading: string): string[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, ARCHITECTURE_DOC), 'utf8');
  const section = text.split(/^(?=## )/m).find((part) => part.startsWith(`## ${heading}\n`));
  if (section === undefined) throw new Error(`${ARCHITECTURE_DOC} has no section "## ${heading}"`);
  return [...section.matchAll(/^\| `([^`/]+)\/` \|/gm)].map((match) => match[1] ?? '').sort();
}

describe(ARCHITECTURE_DOC, () => {
  it('has a row for every backend module folder (backend/src/*/), and none for a folder that does not exist', () => {
    expect(rowsOf('The backend')).toEqual(foldersIn('backend/src'));
  });

  it('has a row for every admin feature folder (admin/src/features/*/), and none for a folder that does not exist', () => {
    expect(rowsOf('The apps')).toEqual(foldersIn('admin/src/features'));
  });
});
