CREATE TABLE "built_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_key" text,
	"path" text,
	"nav_placement" text DEFAULT 'none' NOT NULL,
	"nav_label" text DEFAULT '' NOT NULL,
	"nav_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "built_pages_content_key_unique" UNIQUE("content_key")
);
--> statement-breakpoint
ALTER TABLE "content_pages" ALTER COLUMN "published_version_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ALTER COLUMN "published_fields" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "built_pages" ADD CONSTRAINT "built_pages_content_key_content_pages_key_fk" FOREIGN KEY ("content_key") REFERENCES "public"."content_pages"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "built_pages_live_path" ON "built_pages" USING btree ("path") WHERE deleted_at is null;