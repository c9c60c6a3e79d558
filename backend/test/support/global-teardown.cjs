// Jest global teardown: removes the suites' scratch folder on the memory file system (global-setup.cjs).
const fs = require('node:fs');

module.exports = async () => {
  const folder = process.env.BW_TEST_SCRATCH_DIR;
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
};
