-- Written by hand (decision 062): an admin owns only the items their role covers, and none while their account is
-- disabled. Items owned otherwise before this release (an admin demoted or disabled then) are unassigned, each with
-- its owner change on its timeline; the items' last change (their retention) stays as it was.
WITH "released" AS (
	UPDATE "leads" AS "item" SET "owner_id" = NULL
	FROM "admins" AS "admin"
	WHERE "admin"."id" = "item"."owner_id" AND ("admin"."disabled_at" IS NOT NULL OR "admin"."role" NOT IN ('owner', 'sales'))
	RETURNING "item"."id", "admin"."id" AS "admin_id", "admin"."name", "admin"."disabled_at"
)
INSERT INTO "audit_entries" ("actor", "action", "target_kind", "target_id", "details")
SELECT 'system', 'lead.owner_changed', 'lead', "id"::text, jsonb_build_object('from', "admin_id", 'fromName', "name", 'to', NULL,
	'toName', NULL, 'because', CASE WHEN "disabled_at" IS NOT NULL THEN 'disabled' ELSE 'role_changed' END)
FROM "released";
--> statement-breakpoint
WITH "released" AS (
	UPDATE "contacts" AS "item" SET "owner_id" = NULL
	FROM "admins" AS "admin"
	WHERE "admin"."id" = "item"."owner_id" AND ("admin"."disabled_at" IS NOT NULL OR "admin"."role" NOT IN ('owner', 'sales'))
	RETURNING "item"."id", "admin"."id" AS "admin_id", "admin"."name", "admin"."disabled_at"
)
INSERT INTO "audit_entries" ("actor", "action", "target_kind", "target_id", "details")
SELECT 'system', 'contact.owner_changed', 'contact', "id"::text, jsonb_build_object('from', "admin_id", 'fromName', "name", 'to', NULL,
	'toName', NULL, 'because', CASE WHEN "disabled_at" IS NOT NULL THEN 'disabled' ELSE 'role_changed' END)
FROM "released";
--> statement-breakpoint
WITH "released" AS (
	UPDATE "job_applications" AS "item" SET "owner_id" = NULL
	FROM "admins" AS "admin"
	WHERE "admin"."id" = "item"."owner_id" AND ("admin"."disabled_at" IS NOT NULL OR "admin"."role" NOT IN ('owner', 'recruiter'))
	RETURNING "item"."id", "admin"."id" AS "admin_id", "admin"."name", "admin"."disabled_at"
)
INSERT INTO "audit_entries" ("actor", "action", "target_kind", "target_id", "details")
SELECT 'system', 'application.owner_changed', 'application', "id"::text, jsonb_build_object('from', "admin_id", 'fromName', "name", 'to', NULL,
	'toName', NULL, 'because', CASE WHEN "disabled_at" IS NOT NULL THEN 'disabled' ELSE 'role_changed' END)
FROM "released";
