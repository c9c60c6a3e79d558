import { Inject, Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DEMO_JOBS, DEMO_PORTFOLIO } from './demo-content';
import { SeedRepository } from './seed.repository';

/** A new installation shows a living site: demo portfolio and open positions (SEED_DEMO=false turns it off). */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoSeeder.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly seed: SeedRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.bootstrap.seedDemo) return;
    if (await this.seed.seedWhenEmpty(DEMO_PORTFOLIO, DEMO_JOBS)) {
      this.logger.log(`Added demo content: ${DEMO_PORTFOLIO.length} portfolio items, ${DEMO_JOBS.length} jobs`);
    }
  }
}

@Module({ providers: [DemoSeeder, SeedRepository] })
export class SeedModule {}
