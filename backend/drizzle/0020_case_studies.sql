-- Case studies (docs/decisions/073-case-studies.md): every portfolio item gets an address, /portfolio/<slug>, made
-- from its title (unique even for equal titles: the second "Atlas" is atlas-2), and its story's document `case:<id>`
-- in the content tables, empty and never published.
ALTER TABLE "portfolio_items" ADD COLUMN "slug" text;--> statement-breakpoint
WITH "bases" AS (
	SELECT "id", "created_at",
		coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower("project_title"), '[^a-z0-9]+', '-', 'g')), 76)), ''), 'project') AS "base"
	FROM "portfolio_items"
), "numbered" AS (
	SELECT "id", "base", row_number() OVER (PARTITION BY "base" ORDER BY "created_at", "id") AS "n" FROM "bases"
)
UPDATE "portfolio_items" SET "slug" = CASE WHEN "numbered"."n" = 1 THEN "numbered"."base" ELSE "numbered"."base" || '-' || "numbered"."n" END
FROM "numbered" WHERE "numbered"."id" = "portfolio_items"."id";--> statement-breakpoint
-- A title that already ends like a number ("Atlas 2" beside two "Atlas"): the later one takes its id's first digits.
UPDATE "portfolio_items" AS "later" SET "slug" = "later"."slug" || '-' || left("later"."id"::text, 8)
WHERE EXISTS (
	SELECT 1 FROM "portfolio_items" AS "earlier"
	WHERE "earlier"."slug" = "later"."slug" AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id")
);--> statement-breakpoint
ALTER TABLE "portfolio_items" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_items_slug_key" ON "portfolio_items" USING btree ("slug");--> statement-breakpoint
INSERT INTO "content_pages" ("key", "published_version_id", "published_fields")
SELECT 'case:' || "id", NULL, NULL FROM "portfolio_items" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "content_versions" ("page_key", "kind", "fields")
SELECT 'case:' || "id", 'draft', '{"client":"","industry":"","services":[],"results":[],"gallery":[],"body":{"type":"doc","content":[{"type":"paragraph"}]}}'::jsonb
FROM "portfolio_items";
