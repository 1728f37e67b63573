-- Keep a filter's query as written: jsonb reorders object keys, so `select` came back (and became queue
-- columns) in jsonb's order rather than the integrator's. Existing rows keep the order jsonb gave them.
ALTER TABLE "filters" ALTER COLUMN "query" SET DATA TYPE json USING "query"::json;
