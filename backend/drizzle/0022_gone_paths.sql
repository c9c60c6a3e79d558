-- The addresses of deleted case studies and news posts: they answer 410 Gone (docs/features/case-studies.md).
CREATE TABLE "gone_paths" (
	"path" text PRIMARY KEY NOT NULL,
	"gone_at" timestamp with time zone DEFAULT now() NOT NULL
);
