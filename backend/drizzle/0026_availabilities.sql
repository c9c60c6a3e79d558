-- Booking a call (docs/features/booking.md): each admin's own availability (weekly windows in their time zone, meeting
-- length, buffer, notice, how far ahead) and their private busy feed's address, sealed like webhook secrets.
CREATE TABLE "availabilities" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekly" jsonb NOT NULL,
	"meeting_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"min_notice_hours" integer NOT NULL,
	"max_days_ahead" integer NOT NULL,
	"busy_calendar_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;