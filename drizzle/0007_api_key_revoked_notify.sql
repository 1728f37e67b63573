-- Tell every app process that an API key stopped being valid, so it drops the key from its lookup cache at once
-- (lib/api-keys/authenticate-api-key.ts) instead of trusting it until the cache entry expires. The payload is the
-- key's SHA-256 hash, which is what the cache is keyed by; it is delivered at commit, only if the change commits.
CREATE OR REPLACE FUNCTION kyc_api_key_revoked_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kyc_api_key_revoked', OLD.key_hash);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_revoked_notify AFTER UPDATE OF revoked_at, key_hash ON api_keys
  FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND (NEW.revoked_at IS NOT NULL OR NEW.key_hash <> OLD.key_hash))
  EXECUTE FUNCTION kyc_api_key_revoked_notify();
--> statement-breakpoint
CREATE TRIGGER api_keys_deleted_notify AFTER DELETE ON api_keys
  FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION kyc_api_key_revoked_notify();
