import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE, type DatabaseConnection, openDatabase } from './database';

const DATABASE_CONNECTION = Symbol('DATABASE_CONNECTION');

@Global()
@Module({
  providers: [
    {
      provide: DATABASE_CONNECTION,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => openDatabase({ databaseUrl: config.database.url, dataDir: config.storage.dataDir }),
    },
    { provide: DATABASE, inject: [DATABASE_CONNECTION], useFactory: (connection: DatabaseConnection) => connection.db },
  ],
  exports: [DATABASE, DATABASE_CONNECTION],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_CONNECTION) private readonly connection: DatabaseConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
  }
}
