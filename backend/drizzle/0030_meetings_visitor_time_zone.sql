-- The time zone a visitor booked a call in (docs/features/booking.md, Invitations): their mails show the call on its
-- clock. Null when the booking gave none (the staff member's zone is used then).
ALTER TABLE "meetings" ADD COLUMN "visitor_time_zone" text;
