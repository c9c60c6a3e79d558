-- What site search looks through (docs/decisions/078-site-search.md): a copy of what visitors see, written again when
-- that changes, with each document's weighted text search vector under a GIN index.
CREATE TABLE "search_documents" (
	"position" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', body), 'C')) STORED NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_vector_idx" ON "search_documents" USING gin ("vector");