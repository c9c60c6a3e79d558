import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, ConfigError, type AppConfig } from '../config/app-config';
import { AdminsService } from './admins.service';

/** At start, an empty database gets the admin of ADMIN_EMAIL / ADMIN_PASSWORD (no default credentials ever). */
@Injectable()
export class FirstAdminBootstrap implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly admins: AdminsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword, adminName } = this.config.bootstrap;
    if (!adminEmail || !adminPassword) return;
    try {
      await this.admins.ensureFirstAdmin({ email: adminEmail, password: adminPassword, name: adminName });
    } catch (error) {
      if (error instanceof DomainError) throw new ConfigError(`ADMIN_EMAIL / ADMIN_PASSWORD: ${error.message}`);
      throw error;
    }
  }
}
