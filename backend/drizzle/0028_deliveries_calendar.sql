-- Calendar invitations of booked calls (docs/features/booking.md, Invitations): a mail of the outbox can carry an
-- .ics (its METHOD and text), written when the mail is queued; null for every other message.
ALTER TABLE "deliveries" ADD COLUMN "calendar" jsonb;
