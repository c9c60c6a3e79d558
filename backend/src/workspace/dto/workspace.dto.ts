import { MESSAGES, NOTE_MAX_LENGTH, WORK_ITEM_KINDS, type FollowUpPayload, type NotePayload, type OwnerPayload, type WorkItemKind } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsISO8601, IsString, IsUUID, Length, Matches, ValidateIf } from 'class-validator';

// A field's message is the last failing check (common/validation.ts): each list runs from the most specific check to
// the most basic one.

/** PATCH …/:id/owner: an admin's id, or null for nobody. */
export class OwnerDto implements OwnerPayload {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @IsUUID('all', { message: MESSAGES.ownerInvalid })
  @ValidateIf((payload: OwnerDto) => payload.ownerId !== null)
  @IsDefined({ message: MESSAGES.ownerInvalid })
  ownerId: string | null;
}

/** POST …/:id/notes: the note as typed (kept as it is; only a blank note is refused). */
export class NoteDto implements NotePayload {
  @ApiProperty({ minLength: 1, maxLength: NOTE_MAX_LENGTH })
  @Matches(/\S/, { message: MESSAGES.noteEmpty })
  @Length(1, NOTE_MAX_LENGTH, { message: MESSAGES.noteEmpty })
  @IsString({ message: MESSAGES.noteEmpty })
  text: string;
}

/** PUT …/:id/follow-up: when to follow up (ISO 8601 with a time), or null to clear it. */
export class FollowUpDto implements FollowUpPayload {
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Matches(/T\d{2}:\d{2}/, { message: MESSAGES.followUpInvalid })
  @IsISO8601({ strict: true }, { message: MESSAGES.followUpInvalid })
  @IsString({ message: MESSAGES.followUpInvalid })
  @ValidateIf((payload: FollowUpDto) => payload.at !== null)
  @IsDefined({ message: MESSAGES.followUpInvalid })
  at: string | null;
}

/** GET /api/admin/assignees?kind=… */
export class AssigneesQueryDto {
  @ApiProperty({ enum: WORK_ITEM_KINDS })
  @IsIn(WORK_ITEM_KINDS, { message: MESSAGES.workKindInvalid })
  kind: WorkItemKind;
}
