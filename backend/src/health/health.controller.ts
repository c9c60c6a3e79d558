import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Header } from '@nestjs/common';
import { ok } from '../common/answer';
import { RouteOptions } from '../common/route-options';
import { PASS_UNDER_PRESSURE } from '../metrics/metrics-endpoint';
import { Readiness } from './readiness';

@Controller('api')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  /**
   * Liveness: the process is up and its event loop turns. It does not touch the database: a database outage is
   * not cured by restarting every instance, which is what a failed liveness check leads to.
   */
  @Get('health')
  @Header('Cache-Control', 'no-store')
  @RouteOptions(PASS_UNDER_PRESSURE)
  check(): AnswerOf<'GET /api/health'> {
    return ok({ status: 'ok' });
  }

  /** Readiness: whether to send this instance traffic (health checks of compose and load balancers). */
  @Get('ready')
  @Header('Cache-Control', 'no-store')
  async ready(): Promise<AnswerOf<'GET /api/ready'>> {
    return ok({ status: 'ready', redis: await this.readiness.check() });
  }
}
