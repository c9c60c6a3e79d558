import type { AvailabilityView, WeeklyWindow } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { changedFields } from '../audit/changed-fields';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AvailabilityRow } from '../database/schema';
import { checkedCallUrl } from '../webhooks/webhook-address';
import { openSecret, sealSecret, UnreadableSecret } from '../webhooks/webhook-secret-box';
import { AvailabilityRepository } from './availability.repository';
import { toAvailabilityView } from './availability.mapper';
import { BUSY_CALENDAR_URL_USE, BusyFeedService } from './busy-feed.service';
import type { AvailabilityDto } from './dto/availability.dto';
const CALENDAR_CALLER = { example: 'https://calendar.example.com/private/busy.ics', refusal: 'Busy calendars cannot be read from' };

/** Earliest first, then by start: the order the admin's screen lists them in. */
const byDayAndStart = (a: WeeklyWindow, b: WeeklyWindow) => a.day - b.day || a.start.localeCompare(b.start);

/**
 * Each admin's own availability for booked calls (docs/features/booking.md): their weekly windows in their time zone,
 * the meeting's length, buffer, notice and horizon, and the private calendar feed whose events are busy times. The
 * feed's address is a secret of its owner's calendar: checked like a webhook's, stored sealed, never answered back.
 */
@Injectable()
export class AvailabilityService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: AvailabilityRepository,
    private readonly audit: AuditLog,
    private readonly busyFeed: BusyFeedService,
  ) {}

  /**
   * The admin's availability: DEFAULT_AVAILABILITY with no weekly windows until they save one. Answering it reads no
   * feed: its problem is the one of the last read (a slot list's), and none for an address saved since.
   */
  async availabilityOf(adminId: string): Promise<AvailabilityView> {
    const row = await this.repository.find(adminId);
    return toAvailabilityView(row, this.busyFeed.problemOf(adminId, row?.busyCalendarUrl ?? null));
  }

  /**
   * Replaces the admin's availability (the DTO checked every field's shape). A busy calendar given is checked with
   * the webhook address rules (a 400 on `busyCalendarUrl`) and stored sealed; null removes it; left out, it is kept.
   */
  async save(adminId: string, dto: AvailabilityDto): Promise<AvailabilityView> {
    const busyCalendarUrl = typeof dto.busyCalendarUrl === 'string' ? await this.checkedCalendarUrl(dto.busyCalendarUrl) : dto.busyCalendarUrl;
    const settings = {
      timeZone: dto.timeZone,
      weekly: dto.weekly.map(({ day, start, end }) => ({ day, start, end })).sort(byDayAndStart),
      meetingMinutes: dto.meetingMinutes,
      bufferMinutes: dto.bufferMinutes,
      minNoticeHours: dto.minNoticeHours,
      maxDaysAhead: dto.maxDaysAhead,
    };
    const sealed = busyCalendarUrl && sealSecret(this.config.keys.busyCalendarUrls[0], busyCalendarUrl, BUSY_CALENDAR_URL_USE);
    const row = await this.repository.save(adminId, { ...settings, busyCalendarUrl: sealed }, (tx, before) =>
      this.audit.record(
        'settings.availability_changed',
        { kind: 'admin', id: adminId },
        // Field names only: the calendar's address is a secret, and never written here.
        { fields: [...changedFields(toAvailabilityView(before), settings), ...(this.calendarChanged(before, busyCalendarUrl) ? ['busyCalendarUrl'] : [])] },
        { tx },
      ),
    );
    return toAvailabilityView(row, this.busyFeed.problemOf(adminId, row.busyCalendarUrl));
  }

  /** The address as it will be read (webcal:// is how calendar apps share https:// feeds), or a 400 naming the field. */
  private async checkedCalendarUrl(raw: string): Promise<string> {
    const given = raw.trim().replace(/^webcal:\/\//i, 'https://');
    const checked = await checkedCallUrl(given, this.config.webhooks, CALENDAR_CALLER);
    if ('problem' in checked) throw DomainError.invalid(checked.problem, { busyCalendarUrl: checked.problem });
    return checked.url;
  }

  /** Whether a save changes the busy calendar: removes it, adds one, or gives another address (sealed values always differ). */
  private calendarChanged(before: AvailabilityRow | undefined, given: string | null | undefined): boolean {
    const stored = before?.busyCalendarUrl ?? null;
    if (given === undefined) return false;
    if (given === null || stored === null) return given !== stored;
    try {
      return openSecret(this.config.keys.busyCalendarUrls, stored, BUSY_CALENDAR_URL_USE).secret !== given;
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      return true;
    }
  }
}
