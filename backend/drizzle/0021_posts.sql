-- News (docs/decisions/077-news.md): a post's row beside its content document `post:<id>`, which holds its drafts,
-- versions and published copy; the row holds what the list and the addresses need once it is published.
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_key" text NOT NULL,
	"slug" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_id" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_content_key_unique" UNIQUE("content_key")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_content_key_content_pages_key_fk" FOREIGN KEY ("content_key") REFERENCES "public"."content_pages"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_unique" ON "posts" USING btree ("slug");