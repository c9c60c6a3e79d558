import './memory-flags';
import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';
import { securePrivateFolders, usePrivateUmask } from './config/private-data-dir';

async function main() {
  usePrivateUmask();
  const config = loadConfig();
  securePrivateFolders(config.storage, (message) => console.log(JSON.stringify({ level: 'warn', msg: message })));
  const app = await createApp(config);
  await app.listen({ port: config.server.port, host: config.server.host });
  const url = `http://localhost:${config.server.port}`;
  console.log(
    JSON.stringify({
      level: 'info',
      msg: `Brightwave is running at ${url} (site ${url}/, admin ${url}/admin/, API ${url}/api)`,
      database: config.database.url ? 'postgresql' : `pglite:${config.storage.dataDir}/db`,
      mail: config.mail.smtpUrl ? 'smtp' : `outbox:${config.storage.dataDir}/outbox`,
    }),
  );
}

main().catch((error: unknown) => {
  // A wrong setting is the operator's to fix: say which, without a stack trace.
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error('Could not start:', error);
  process.exit(1);
});
