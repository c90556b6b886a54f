-- My Garage (issue 16) lists the shopper's reservations, also after a checkout's contact details are dropped (failed,
-- refunded, abandoned): a keyed hash (HMAC under the sign-in secret) of the tenant and the shopper's phone, never the
-- phone itself. Same rules as 0001: every index starts with `tenant`, plain statements only.
ALTER TABLE payment_intents ADD COLUMN contact_key TEXT;
CREATE INDEX payment_intents_tenant_contact ON payment_intents (tenant, contact_key);
