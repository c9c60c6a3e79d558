import { Controller, Get, Headers, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RateLimit } from '../rate-limit/rate-limit';
import { refusalPage, SsoRefusal } from './sso-refusal';
import { SSO_BROWSER_COOKIE, SSO_COOKIE_PATH } from './sso-paths';
import { SsoService } from './sso.service';

const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SSO_BROWSER_COOKIE}=([\\w-]+)`);

/**
 * The pages of single sign-on (decision 093), for the browser rather than the admin app's code: the start, which sends
 * it to the provider, and the callback, which the provider sends it back to. Pages, not endpoints of the API: a
 * refusal is a plain HTML page saying why, with the way back to the sign-in page.
 */
@ApiExcludeController()
@Controller('admin/sso')
export class SsoPagesController {
  private readonly secureCookie: boolean;

  constructor(
    private readonly sso: SsoService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secureCookie = new URL(config.server.publicUrl).protocol === 'https:';
  }

  @Get('start')
  @RateLimit('auth-ip')
  async start(@Res() reply: FastifyReply): Promise<void> {
    await this.page(reply, async () => {
      const { location, browserValue } = await this.sso.start();
      reply.header('set-cookie', this.cookie(browserValue, 'keep'));
      return location;
    });
  }

  @Get('callback')
  @RateLimit('auth-ip')
  async callback(@Req() request: FastifyRequest, @Headers('cookie') cookies: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const queryAt = request.url.indexOf('?');
    const query = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    // The cookie has done its work whatever the answer: the sign-in it binds is taken or gone.
    reply.header('set-cookie', this.cookie('', 'clear'));
    await this.page(reply, () => this.sso.callback(query, COOKIE_PATTERN.exec(cookies ?? '')?.[1]));
  }

  /** Sends the browser where `step` answers, or shows the refusal page of its SsoRefusal. */
  private async page(reply: FastifyReply, step: () => Promise<string>): Promise<void> {
    let location: string;
    try {
      location = await step();
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      await reply.status(error.status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(refusalPage(error.message));
      return;
    }
    await reply.status(302).header('cache-control', 'no-store').header('location', location).send();
  }

  /** HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET from another site), Secure on https. */
  private cookie(value: string, kind: 'keep' | 'clear'): string {
    return [
      `${SSO_BROWSER_COOKIE}=${value}`,
      `Path=${SSO_COOKIE_PATH}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(this.secureCookie ? ['Secure'] : []),
      kind === 'keep' ? 'Max-Age=600' : 'Max-Age=0',
    ].join('; ');
  }
}
