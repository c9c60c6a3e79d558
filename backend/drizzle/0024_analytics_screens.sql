-- The site's page views per page and screen class (phone, tablet, desktop or unknown) and day (docs/features/analytics.md):
-- counts only, deleted with the other analytics rows past RETENTION_ANALYTICS_DAYS.
CREATE TABLE "analytics_screens" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"screen" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_screens_day_path_screen_pk" PRIMARY KEY("day","path","screen")
);
