-- Shared per-key rate-limit counts (lib/api/rate-limiter.ts). UNLOGGED: the rows are rewritten several times a
-- second per busy key and only matter for the current minute, so they skip the WAL (a crash empties the table,
-- which only forgets part of a minute's budget). drizzle-kit does not track UNLOGGED, so the schema stays in step.
CREATE UNLOGGED TABLE "rate_limit_windows" (
	"api_key_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_pkey" PRIMARY KEY("api_key_id","window_start")
);
