import { COLLECT_BODY_LIMIT_BYTES, COLLECT_PATH } from '@brightwave/common';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiNoRefusals } from '../api-docs/api-extensions';
import { BodyLimit } from '../common/body-limit';
import { NoContentOnRefusal } from '../common/no-content-on-refusal';
import { RateLimit } from '../rate-limit/rate-limit';
import { AnalyticsCollector } from './analytics-collector';

@ApiTags('analytics')
@Controller()
export class CollectController {
  constructor(private readonly collector: AnalyticsCollector) {}

  @ApiOperation({
    summary: "Report a page view or a form's start (the site's beacon)",
    description:
      'Sent by the site with `navigator.sendBeacon` as JSON. Always answered 204 with no body, also to a report that is not counted: ' +
      'a browser that sends `DNT: 1` or `Sec-GPC: 1`, a bot, no user agent, a body that is not a report or not JSON or over ' +
      `${COLLECT_BODY_LIMIT_BYTES} bytes, over RATE_LIMIT_COLLECT_PER_MINUTE from one address. Counted as daily totals only; the address and ` +
      'user agent are used for the day’s unique visitors (an HMAC under a key that changes daily and is never stored) and kept nowhere. ' +
      'A path that is no page of the site (its pages, the open jobs’ pages) is counted as `(other)`; a day counts at most 100 channels, ' +
      'and at most 100 visitors from one address.',
  })
  @ApiNoRefusals()
  @Post(COLLECT_PATH.slice(1))
  @HttpCode(204)
  @BodyLimit(COLLECT_BODY_LIMIT_BYTES)
  @RateLimit('collect')
  @NoContentOnRefusal()
  collect(@Req() request: FastifyRequest): void {
    // Fastify answers this route before Nest's router (beacon-shortcut.ts), with the same call.
    this.collector.collectFrom(request);
  }
}
