import { MESSAGES, MY_WORK_CALL_DAYS, MY_WORK_CALLS_MAX, WORK_ITEM_KINDS, type AnswerOf, type ApiSuccess, type WorkItemKind } from '@brightwave/common';
import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Put, Query, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { UpcomingCallsService } from '../booking/upcoming-calls.service';
import { ok } from '../common/answer';
import { AssigneesQueryDto, FollowUpDto, NoteDto, OwnerDto } from './dto/workspace.dto';
import { ITEMS } from '../items/item-kinds';
import { WorkspaceService, type AnyItemDetails } from './workspace.service';

/** The answer of an owner or follow-up change, for whichever kind (the contract's `…/owner` and `…/follow-up`). */
type ChangedItemAnswer = ApiSuccess<{ message: string; data: AnyItemDetails }>;

/**
 * The workspace calls of one kind of item under its own prefix (`/api/leads/:id/owner`…), guarded by the kind's
 * area. The item itself (GET `<prefix>/:id`) is served by the kind's own controller: for applications that path
 * is also the SPEC's list of a job's applications (docs/decisions/057-workspace-item-routes.md).
 */
function workspaceController(kind: WorkItemKind): Type {
  const { api: prefix, area, idParam = 'id' } = ITEMS[kind];
  const label = ITEMS[kind].label.toLowerCase();

  @ApiTags('workspace')
  @Controller(prefix)
  class WorkspaceRoutes {
    constructor(@Inject(WorkspaceService) private readonly workspace: WorkspaceService) {}

    @ApiOperation({
      summary: `Assign a ${label} to an admin, or to nobody`,
      description: 'An active admin whose role may see the item. The new owner is mailed a link to it (not when assigning yourself).',
    })
    @ApiErrors({ 400: 'Not an active admin who may see the item', 404: 'No such item' })
    @Patch(`:${idParam}/owner`)
    @AdminOnly(area)
    async setOwner(@Param(idParam) id: string, @Body() dto: OwnerDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<ChangedItemAnswer> {
      await this.workspace.setOwner(kind, id, dto.ownerId, admin);
      return ok({ message: dto.ownerId ? MESSAGES.ownerAssigned : MESSAGES.ownerRemoved, data: await this.workspace.details(kind, id, admin) });
    }

    @ApiOperation({
      summary: `Set or clear the follow-up of a ${label}`,
      description: 'When it comes due, its owner (or whoever set it, when nobody owns it) is mailed once. A time already past is overdue at once.',
    })
    @ApiErrors({ 404: 'No such item' })
    @Put(`:${idParam}/follow-up`)
    @AdminOnly(area)
    async setFollowUp(@Param(idParam) id: string, @Body() dto: FollowUpDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<ChangedItemAnswer> {
      await this.workspace.setFollowUp(kind, id, dto.at, admin);
      return ok({ message: dto.at ? MESSAGES.followUpSet : MESSAGES.followUpCleared, data: await this.workspace.details(kind, id, admin) });
    }

    @ApiOperation({ summary: `Add a note to a ${label}`, description: 'Seen by the staff only: never sent to the visitor, webhooks or confirmations.' })
    @ApiErrors({ 404: 'No such item' })
    @Post(`:${idParam}/notes`)
    @AdminOnly(area)
    async addNote(@Param(idParam) id: string, @Body() dto: NoteDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'POST /api/leads/:id/notes'>> {
      return ok({ message: MESSAGES.noteAdded, data: await this.workspace.addNote(kind, id, dto.text, admin) });
    }

    @ApiOperation({ summary: `Delete a note of a ${label}`, description: 'Its author may, and any owner.' })
    @ApiErrors({ 403: 'Not the note’s author nor an owner', 404: 'No such note on this item' })
    @Delete(`:${idParam}/notes/:noteId`)
    @AdminOnly(area)
    async deleteNote(
      @Param(idParam) id: string,
      @Param('noteId') noteId: string,
      @CurrentAdmin() admin: AuthenticatedAdmin,
    ): Promise<AnswerOf<'DELETE /api/leads/:id/notes/:noteId'>> {
      await this.workspace.deleteNote(kind, id, noteId, admin);
      return ok({ message: MESSAGES.noteDeleted });
    }

    @ApiOperation({
      summary: `The timeline of a ${label}`,
      description: 'Oldest first: the submission, status and spam changes, owners, notes, follow-ups, and each mail, webhook call and reminder.',
    })
    @ApiErrors({ 404: 'No such item' })
    @Get(`:${idParam}/timeline`)
    @AdminOnly(area)
    async timeline(@Param(idParam) id: string): Promise<AnswerOf<'GET /api/leads/:id/timeline'>> {
      return ok({ events: await this.workspace.timeline(kind, id) });
    }
  }
  Object.defineProperty(WorkspaceRoutes, 'name', { value: `${kind.charAt(0).toUpperCase()}${kind.slice(1)}WorkspaceController` });
  return WorkspaceRoutes;
}

/** One controller per kind of item (LeadWorkspaceController…), in the registry's order. */
export const WORKSPACE_CONTROLLERS = WORK_ITEM_KINDS.map(workspaceController);

@ApiTags('workspace')
@Controller('api/admin')
export class MyWorkController {
  constructor(
    private readonly workspace: WorkspaceService,
    private readonly calls: UpcomingCallsService,
  ) {}

  @ApiOperation({
    summary: 'My work: the open items I own, and my upcoming calls',
    description:
      '`items`: the leads, contact messages and applications (those my role may see) that I own and that are not closed: overdue first, then by follow-up, then newest. ' +
      `\`myCalls\`: the calls visitors booked with me that are not cancelled, have not ended and start in the next ${MY_WORK_CALL_DAYS} days, the soonest ${MY_WORK_CALLS_MAX} (\`total\` counts all).`,
  })
  @Get('my-work')
  @AdminOnly('everyone')
  async myWork(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/my-work'>> {
    const [items, myCalls] = await Promise.all([this.workspace.myWork(admin), this.calls.of(admin.id, { days: MY_WORK_CALL_DAYS, max: MY_WORK_CALLS_MAX })]);
    return ok({ items, myCalls });
  }

  @ApiOperation({
    summary: 'Who may own an item of a kind',
    description: 'The active admins whose role covers the kind. Any admin who may see that kind may ask.',
  })
  @ApiErrors({ 403: 'Your role may not see this kind of item' })
  @Get('assignees')
  @AdminOnly('everyone')
  async assignees(@Query() query: AssigneesQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/assignees'>> {
    return ok({ assignees: await this.workspace.assigneesFor(query.kind, admin) });
  }
}
