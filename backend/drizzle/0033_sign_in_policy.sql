ALTER TABLE "admins" ADD COLUMN "strong_factor_required_since" timestamp with time zone;
