import type { AnswerOf } from '@brightwave/common';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { AvailabilityService } from './availability.service';
import { AvailabilityDto } from './dto/availability.dto';

/** My availability for booked calls: every admin, about themselves. */
@ApiTags('booking')
@Controller('api/admin/me/availability')
@AdminOnly('everyone')
export class AvailabilityController {
  constructor(private readonly availability: AvailabilityService) {}

  @ApiOperation({
    summary: 'My availability for booked calls',
    description:
      'Until it is saved: the defaults with no weekly windows (no bookable time). The busy calendar is never answered back: `hasBusyCalendar` says whether one is set, ' +
      'and `busyCalendarProblem` why it could not be read the last time it was (null: it could, or it was not read since it was saved; answering this reads no feed).',
  })
  @Get()
  async get(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/me/availability'>> {
    return ok({ availability: await this.availability.availabilityOf(admin.id) });
  }

  @ApiOperation({
    summary: 'Save my availability for booked calls',
    description:
      'The whole availability. A 400 names each field that breaks a rule (`weekly.2.end`, `busyCalendarUrl`) and stores nothing. ' +
      '`busyCalendarUrl`: a private calendar feed (ICS) whose events are busy times, checked like a webhook address and stored encrypted; ' +
      '`null` removes it, and leaving the field out keeps the one stored.',
  })
  @Put()
  async save(@CurrentAdmin() admin: AuthenticatedAdmin, @Body() dto: AvailabilityDto): Promise<AnswerOf<'PUT /api/admin/me/availability'>> {
    return ok({ availability: await this.availability.save(admin.id, dto) });
  }
}
