CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"events" jsonb NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "webhook_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_spam_created_at_idx" ON "contacts" USING btree ("created_at") WHERE "contacts"."spam";--> statement-breakpoint
CREATE INDEX "leads_spam_created_at_idx" ON "leads" USING btree ("created_at") WHERE "leads"."spam";