import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { ok } from '../common/answer';
import { RouteOptions } from '../common/route-options';
import { PASS_UNDER_PRESSURE } from '../metrics/metrics-endpoint';
import { Readiness } from './readiness';

@ApiTags('health')
@Controller('api')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  /**
   * Liveness: the process is up and its event loop turns. It does not touch the database: a database outage is
   * not cured by restarting every instance, which is what a failed liveness check leads to.
   */
  @ApiOperation({ summary: 'Liveness', description: 'The process answers; the database is not asked. `Cache-Control: no-store`.' })
  @Get('health')
  @Header('Cache-Control', 'no-store')
  @RouteOptions(PASS_UNDER_PRESSURE)
  check(): AnswerOf<'GET /api/health'> {
    return ok({ status: 'ok' });
  }

  /** Readiness: whether to send this instance traffic (health checks of compose and load balancers). */
  @ApiOperation({
    summary: 'Readiness',
    description:
      'Whether to send this instance traffic: the database answered within 2 seconds. Redis `down` alone does not make it unready ' +
      '(rate limits then count per instance; `off` when REDIS_URL is not set). `Cache-Control: no-store`.',
  })
  @ApiErrors({ 503: 'The instance is starting or draining (after SIGTERM), the database does not answer, or the instance is overloaded' })
  @Get('ready')
  @Header('Cache-Control', 'no-store')
  async ready(): Promise<AnswerOf<'GET /api/ready'>> {
    return ok({ status: 'ready', redis: await this.readiness.check() });
  }
}
