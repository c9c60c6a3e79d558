-- Calls booked by visitors (docs/features/booking.md, "Booking a call"; decision 084). Generated, with three parts
-- written by hand: btree_gist, a function, and the two exclusion constraints (drizzle's schema cannot declare them).
-- btree_gist is a trusted contrib extension (PostgreSQL 13+: the database's owner may create it); the embedded
-- database loads PGlite's build of it (database/private-pglite.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"contact_id" uuid,
	"owner_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"visitor_name" text NOT NULL,
	"visitor_email" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_one_item_check" CHECK (num_nonnulls("meetings"."lead_id", "meetings"."contact_id") = 1),
	CONSTRAINT "meetings_times_check" CHECK ("meetings"."end_at" > "meetings"."start_at" and "meetings"."buffer_minutes" >= 0 and "meetings"."sequence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_active_lead_unique" ON "meetings" USING btree ("lead_id") WHERE "meetings"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_active_contact_unique" ON "meetings" USING btree ("contact_id") WHERE "meetings"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "meetings_active_owner_start_idx" ON "meetings" USING btree ("owner_id","start_at") WHERE "meetings"."cancelled_at" is null;--> statement-breakpoint
-- An instant and a number of minutes later (or earlier). An index expression must be immutable, and timestamptz +
-- interval is only stable (adding days or months depends on the session's time zone); adding minutes does not, so
-- this is immutable in truth.
CREATE FUNCTION "meeting_minutes_after"("instant" timestamp with time zone, "minutes" integer) RETURNS timestamp with time zone
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT "instant" + make_interval(mins => "minutes") $$;--> statement-breakpoint
-- Two active calls of one staff member never overlap, and each keeps its own buffer free on both sides: between two
-- calls there is at least the larger of their buffers. One constraint keeps each call's buffer after it (a range
-- from its start to its end plus its buffer), the other before it; one range with the buffer on both sides would ask
-- for the sum of the two buffers, more than the slots offer. Checked by the database itself, so two bookings at once
-- (two instances, two visitors) cannot both take overlapping times: the second fails with 23P01.
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_buffer_after_excl" EXCLUDE USING gist (
  "owner_id" WITH =,
  tstzrange("start_at", "meeting_minutes_after"("end_at", "buffer_minutes")) WITH &&
) WHERE ("cancelled_at" IS NULL);--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_buffer_before_excl" EXCLUDE USING gist (
  "owner_id" WITH =,
  tstzrange("meeting_minutes_after"("start_at", -"buffer_minutes"), "end_at") WITH &&
) WHERE ("cancelled_at" IS NULL);
