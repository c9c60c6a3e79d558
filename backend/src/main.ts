import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
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

void main();
