-- An impersonation is kept in each API process's memory with its impersonators (db/identity-changes.ts,
-- sessions.repository.ts) and holds only while the impersonated user stays in the impersonator's
-- downline. A move in the tree (a user's upline_id) changes the downline of everyone above the user,
-- old and new uplines alike: it is announced for the user's company (as a change of name is), so that
-- every process reads its impersonations again.
CREATE OR REPLACE FUNCTION crm_identity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  row_after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  subject text := TG_ARGV[0];
  column_name text := TG_ARGV[1];
BEGIN
  IF row_before IS NOT NULL THEN PERFORM pg_notify('crm_identity', subject || ':' || (row_before ->> column_name)); END IF;
  IF row_after IS NOT NULL THEN PERFORM pg_notify('crm_identity', subject || ':' || (row_after ->> column_name)); END IF;
  -- a user's name is shown in others' "Current user" (their upline, their favourite users), and a
  -- user's place in the tree decides who may impersonate them: their company's
  IF TG_TABLE_NAME = 'users' AND TG_OP = 'UPDATE'
     AND ((row_before ->> 'first_name', row_before ->> 'last_name') IS DISTINCT FROM (row_after ->> 'first_name', row_after ->> 'last_name')
          OR (row_before ->> 'upline_id') IS DISTINCT FROM (row_after ->> 'upline_id')) THEN
    PERFORM pg_notify('crm_identity', 'company:' || (row_after ->> 'company_id'));
  END IF;
  RETURN NULL;
END $$;
