-- Keep a filter's query as written: jsonb reorders object keys, so the API returned `where` and `select` in
-- jsonb's order rather than the integrator's. Existing rows keep the order jsonb gave them.
ALTER TABLE "filters" ALTER COLUMN "query" SET DATA TYPE json USING "query"::json;
