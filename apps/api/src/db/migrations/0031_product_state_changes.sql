-- A user's product states (users/me, the quota rule: products.repository.ts userStates) are kept in
-- each API process's memory like the identity of 0029, on the same channel: a change to a user's
-- licences or usage names the user, a change to a subscription its company (a company
-- subscription counts for every user of it).
CREATE TRIGGER crm_identity_changed AFTER INSERT OR UPDATE OR DELETE ON product_licenses FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER INSERT OR UPDATE OR DELETE ON product_subscriptions FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('company', 'company_id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_changed AFTER INSERT OR UPDATE OR DELETE ON usage_rollups FOR EACH ROW EXECUTE FUNCTION crm_identity_changed('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON product_licenses FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON product_subscriptions FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
--> statement-breakpoint
CREATE TRIGGER crm_identity_truncated AFTER TRUNCATE ON usage_rollups FOR EACH STATEMENT EXECUTE FUNCTION crm_identity_truncated();
