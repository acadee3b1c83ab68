CREATE TABLE "team_daily_activity" (
	"team_id" uuid NOT NULL,
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "team_daily_activity_team_id_day_user_id_pk" PRIMARY KEY("team_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_daily_queries" (
	"team_id" uuid NOT NULL,
	"day" date NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"declined" integer DEFAULT 0 NOT NULL,
	"duration_buckets" integer[] NOT NULL,
	CONSTRAINT "team_daily_queries_team_id_day_pk" PRIMARY KEY("team_id","day")
);
--> statement-breakpoint
-- The rollups start with what the anomaly scan has already read (the scan adds the rest as it goes on): members active
-- per day from the audit log and the client events, and questions per day with their response-time buckets. The
-- bounds are ANSWER_TIME_BOUNDS_MS of modules/audit/rollups.ts.
INSERT INTO "team_daily_activity" ("team_id", "day", "user_id")
SELECT DISTINCT "team_id", ("created_at" AT TIME ZONE 'UTC')::date, "user_id" FROM "audit_logs"
WHERE "team_id" IS NOT NULL AND "user_id" IS NOT NULL
  AND "seq" <= (SELECT coalesce(max("last_seq"), 0) FROM "anomaly_scan_state")
UNION
SELECT DISTINCT "team_id", ("received_at" AT TIME ZONE 'UTC')::date, "user_id" FROM "client_events"
WHERE "team_id" IS NOT NULL AND "user_id" IS NOT NULL;--> statement-breakpoint
WITH "entries" AS (
  SELECT "team_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day",
    coalesce(("metadata"->>'isAnswered')::boolean, false) AS "is_answered",
    CASE WHEN "metadata" ? 'durationMs' THEN width_bucket(("metadata"->>'durationMs')::numeric,
      ARRAY[100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 60000]::numeric[])
    END AS "bucket"
  FROM "audit_logs"
  WHERE "action" = 'ai_query' AND "team_id" IS NOT NULL
    AND "seq" <= (SELECT coalesce(max("last_seq"), 0) FROM "anomaly_scan_state")
), "per_bucket" AS (
  SELECT "team_id", "day", "bucket", count(*)::int AS "n" FROM "entries" WHERE "bucket" IS NOT NULL GROUP BY 1, 2, 3
), "per_day" AS (
  SELECT "team_id", "day", count(*) FILTER (WHERE "is_answered")::int AS "answered",
    count(*) FILTER (WHERE NOT "is_answered")::int AS "declined"
  FROM "entries" GROUP BY 1, 2
)
INSERT INTO "team_daily_queries" ("team_id", "day", "answered", "declined", "duration_buckets")
SELECT "d"."team_id", "d"."day", "d"."answered", "d"."declined", array_agg(coalesce("p"."n", 0) ORDER BY "b"."b")
FROM "per_day" AS "d"
CROSS JOIN generate_series(0, 17) AS "b" ("b")
LEFT JOIN "per_bucket" AS "p" ON "p"."team_id" = "d"."team_id" AND "p"."day" = "d"."day" AND "p"."bucket" = "b"."b"
GROUP BY "d"."team_id", "d"."day", "d"."answered", "d"."declined";
