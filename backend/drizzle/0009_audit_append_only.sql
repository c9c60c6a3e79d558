ALTER TABLE "audit_entries" ADD COLUMN "actor" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_entries_actor_created_at_idx" ON "audit_entries" USING btree ("actor","created_at");--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_actor_check" CHECK ("audit_entries"."actor" in ('admin', 'cli', 'system'));--> statement-breakpoint
-- Entries from before the actor column: those with neither an admin nor an e-mail were the server's own.
UPDATE "audit_entries" SET "actor" = 'system' WHERE "admin_id" IS NULL AND "admin_email" IS NULL;--> statement-breakpoint
-- Append-only, enforced here rather than by convention: an UPDATE, a DELETE or a TRUNCATE of audit entries fails,
-- except the DELETE of a transaction that set brightwave.audit_purge to 'on' (SET LOCAL, for that transaction
-- only), which the retention purge does right before its own delete and resets right after. The marker stops
-- application bugs and accidents, not a database superuser (who can drop the trigger).
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('brightwave.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Only the retention purge removes audit entries.';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only_rows" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
