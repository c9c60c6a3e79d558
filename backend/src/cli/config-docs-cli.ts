// `npm run docs:config`: writes docs/configuration.md from the definitions of the environment variables
// (config/variables.ts). A backend test fails while the file differs from what this writes.
import fs from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_DOC_FILE, renderConfigurationDoc } from '../config/configuration-doc';

const [repoRoot] = process.argv.slice(2);
if (!repoRoot) {
  console.error('Usage: node config-docs-cli.js <repository root>');
  process.exit(2);
}
fs.writeFileSync(path.join(path.resolve(repoRoot), CONFIGURATION_DOC_FILE), renderConfigurationDoc());
console.log(`wrote ${CONFIGURATION_DOC_FILE}`);
