import './memory-flags';
import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';
import { securePrivateFolders, usePrivateUmask } from './config/private-data-dir';

async function main() {
  usePrivateUmask();
  const config = loadConfig();
  securePrivateFolders(config, (message) => console.log(JSON.stringify({ level: 'warn', msg: message })));
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  console.log(
    JSON.stringify({
      level: 'info',
      msg: `Brightwave is running at ${url} (site ${url}/, admin ${url}/admin/, API ${url}/api)`,
      database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}/db`,
      mail: config.smtpUrl ? 'smtp' : `outbox:${config.dataDir}/outbox`,
    }),
  );
}

main().catch((error: unknown) => {
  // A wrong setting is the operator's to fix: say which, without a stack trace.
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error('Could not start:', error);
  process.exit(1);
});
