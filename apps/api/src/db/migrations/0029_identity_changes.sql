-- Who a request's caller is (session, user, roles, company) and what "Current user" shows besides
-- (API keys, quick filters, favourite users, flag overrides) are kept in each API process's memory
-- (db/identity-changes.ts). Every change to them is announced on the channel crm_identity when its
-- transaction commits: "user:<id>", "company:<id>" or "all". Each process drops what a change names;
-- a change made by the process itself reaches it before its own statement returns.
CREATE FUNCTION crm_identity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  row_after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  subject text := TG_ARGV[0];
  column_name text := TG_ARGV[1];
BEGIN
  IF row_before IS NOT NULL THEN PERFORM pg_notify('crm_identity', subject || ':' || (row_before ->> column_name)); END IF;
  IF row_after IS NOT NULL THEN PERFORM pg_notify('crm_identity', subject || ':' || (row_after ->> column_name)); END IF;
  -- a user's name is shown in others' "Current user" (their upline, their favourite users): their company's
  IF TG_TABLE_NAME = 'users' AND TG_OP = 'UPDATE'
     AND (row_before ->> 'first_name', row_before ->> 'last_name') IS DISTINCT FROM (row_after ->> 'first_name', row_after ->> 'last_name') THEN
    PERFORM pg_notify('crm_identity', 'company:' || (row_after ->> 'company_id'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('user', 'id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER INSERT OR UPDATE OR DELETE ON quick_filters FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER INSERT OR UPDATE OR DELETE ON favorite_users FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('company', 'id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER INSERT OR UPDATE OR DELETE ON feature_flag_overrides FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('company', 'company_id');
--> statement-breakpoint
CREATE FUNCTION crm_identity_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crm_identity', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON quick_filters FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON favorite_users FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON feature_flag_overrides FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
