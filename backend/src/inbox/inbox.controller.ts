import { ATTRIBUTION_HEADER, FORM_TOKEN_HEADER, FORM_TRAP_HEADER, type AnswerOf, type Lead, type StatusPayload } from '@brightwave/common';
import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Patch, Post, Query, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { csvExportDescription } from '../api-docs/api-words';
import { ApiAttributionHeader } from '../attribution/api-attribution-header';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { CsvFile } from '../common/csv';
import { CsvDownload } from '../common/download-answer';
import type { leads } from '../database/schema';
import type { ItemKind, ItemTypes } from '../items/item-kind';
import { RateLimit } from '../rate-limit/rate-limit';
import { ApiFormHeaders } from '../spam-triage/api-form-headers';
import { WorkspaceService } from '../workspace/workspace.service';
import { InboxExportQueryDto, InboxQueryDto } from './dto/inbox-query.dto';
import { SpamPayloadDto } from './dto/spam-payload.dto';
import { spamChangedMessage, type InboxService } from './inbox.service';

/**
 * An inbox's service as its routes see it: typed as the leads' inbox, whose answers are the contract's for
 * `/api/leads…`; the contact messages' routes answer the same shapes with their own items.
 */
type RoutedInbox = InboxService<typeof leads, Lead, 'leads'>;

/**
 * The routes of an inbox (leads, contact messages) under its kind's API prefix, in the words of its registry entry:
 * the site's form (`POST`, its DTO `CreateDto`), the list and its CSV export, the item with its workspace, the
 * status (its DTO `StatusDto`) and suspected spam. `service` is the kind's InboxService.
 */
export function inboxController(
  entry: Pick<ItemKind<'lead' | 'contact', ItemTypes>, 'kind' | 'list' | 'label' | 'api' | 'area' | 'texts'> & { csv: { headers: string[] } },
  service: Type<object>,
  CreateDto: Type,
  StatusDto: Type<{ status: string }>,
): Type {
  const { kind, list, texts } = entry;
  const { one, form } = texts;
  const ones = `${one}s`;

  @ApiTags(list)
  @Controller(entry.api.slice(1))
  class InboxRoutes {
    constructor(
      @Inject(service) private readonly inbox: RoutedInbox,
      @Inject(WorkspaceService) private readonly workspace: WorkspaceService,
      @Inject(APP_CONFIG) private readonly config: AppConfig,
    ) {}

    @ApiOperation({
      summary: `Send a ${entry.label.toLowerCase()}`,
      description:
        `The site's ${form} form. The answer's \`message\` is the text the site shows; \`sendsConfirmations\`, whether this server mails the visitor a confirmation (SEND_CONFIRMATIONS); ` +
        '`booking`, present when the round-robin gave it an owner who can be booked: the page (`url`, `/book/<token>`) where the visitor books a call with them, and their first name (`with`).',
    })
    @ApiFormHeaders(FORM_TOKEN_HEADER, FORM_TRAP_HEADER)
    @ApiAttributionHeader()
    @Post()
    @HttpCode(201)
    @RateLimit('public')
    async create(
      @Body() dto: object,
      @Headers(FORM_TOKEN_HEADER) token?: string,
      @Headers(FORM_TRAP_HEADER) trap?: string,
      @Headers(ATTRIBUTION_HEADER) attribution?: string,
    ): Promise<AnswerOf<'POST /api/leads'>> {
      const { data, booking } = await this.inbox.create(dto, { token, trap }, attribution);
      return ok({ message: texts.created, sendsConfirmations: this.config.mail.sendConfirmations, data, ...(booking ? { booking } : {}) });
    }

    @ApiOperation({
      summary: `List the ${ones}`,
      description:
        'Without `page` and `limit`, every row (a bulk read of personal data: recorded in the audit log as `list.read_all` with the filter and the rows). ' +
        'Suspected spam only with `spam=true`, never without it. `q` searches the name, e-mail and message.',
    })
    @Get()
    @AdminOnly(entry.area)
    async list(@Query() query: InboxQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/leads'>> {
      return ok(await this.inbox.list(query, admin.id));
    }

    @ApiOperation({ summary: `Export the ${ones} as CSV`, description: csvExportDescription(list, entry.csv.headers.join(', ')) })
    @CsvDownload('export.csv')
    @AdminOnly(entry.area)
    export(@Query() query: InboxExportQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<CsvFile> {
      return this.inbox.export(query, admin.id);
    }

    @ApiOperation({
      summary: `One ${one} with its workspace`,
      description: 'Its fields, status, spam flag, owner, follow-up, notes, and the other submissions from the same address (of the kinds your role may see).',
    })
    @ApiErrors({ 404: `No such ${one}` })
    @Get(':id')
    @AdminOnly(entry.area)
    async details(@Param('id') id: string, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/leads/:id'>> {
      // As the leads' (RoutedInbox).
      return ok({ data: await this.workspace.details(kind as 'lead', id, admin) });
    }

    @ApiOperation({ summary: `Change the status of a ${one}` })
    @Patch(':id/status')
    @AdminOnly(entry.area)
    async updateStatus(@Param('id') id: string, @Body() dto: StatusPayload<Lead['status']>): Promise<AnswerOf<'PATCH /api/leads/:id/status'>> {
      return ok({ data: await this.inbox.updateStatus(id, dto.status) });
    }

    @ApiOperation({
      summary: `Move a ${one} out of suspected spam, or into it`,
      description: '`false` moves it to the inbox and sends its notifications then (once); `true` files it as suspected spam.',
    })
    @Patch(':id/spam')
    @AdminOnly(entry.area)
    async setSpam(@Param('id') id: string, @Body() dto: SpamPayloadDto): Promise<AnswerOf<'PATCH /api/leads/:id/spam'>> {
      return ok({ message: spamChangedMessage(dto.spam), data: await this.inbox.setSpam(id, dto.spam) });
    }
  }
  // The bodies' classes, as TypeScript would record them for a controller of one kind: the validation pipe and the
  // API document read them.
  Reflect.defineMetadata('design:paramtypes', [CreateDto, String, String, String], InboxRoutes.prototype, 'create');
  Reflect.defineMetadata('design:paramtypes', [String, StatusDto], InboxRoutes.prototype, 'updateStatus');
  Object.defineProperty(InboxRoutes, 'name', { value: `${list.charAt(0).toUpperCase()}${list.slice(1)}Controller` });
  return InboxRoutes;
}
