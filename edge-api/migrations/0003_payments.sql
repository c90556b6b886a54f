-- Reserve online (issue 5): what the checkout needs beyond 0001's payment_intents.
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.

-- The car as the shopper's page named it (the success page links back to it).
ALTER TABLE payment_intents ADD COLUMN car_slug TEXT;
-- The processor's checkout (Stripe: the Checkout Session id cs_..., embedded: a random session token) and its page.
ALTER TABLE payment_intents ADD COLUMN provider_ref TEXT;
ALTER TABLE payment_intents ADD COLUMN checkout_url TEXT;
-- The processor's payment once paid (Stripe: the PaymentIntent id pi_...): what a refund names.
ALTER TABLE payment_intents ADD COLUMN payment_ref TEXT;
-- The page the shopper reserved from (path only): the cancel link goes back there.
ALTER TABLE payment_intents ADD COLUMN return_path TEXT;
-- The validated lead of the reservation (contact details), kept only until the paid reservation became a lead, then cleared.
ALTER TABLE payment_intents ADD COLUMN lead_request TEXT CHECK (lead_request IS NULL OR json_valid(lead_request));
ALTER TABLE payment_intents ADD COLUMN lead_id TEXT;
ALTER TABLE payment_intents ADD COLUMN paid_at INTEGER;
ALTER TABLE payment_intents ADD COLUMN refunded_at INTEGER;
ALTER TABLE payment_intents ADD COLUMN refund_ref TEXT;
-- Why it was refunded: 'already_reserved' (someone else paid first), 'dealer' (refunded by the dealer), ...
ALTER TABLE payment_intents ADD COLUMN refund_reason TEXT;

-- Webhooks find a payment by the processor's ids, the reserved lookup by car and status.
CREATE INDEX payment_intents_tenant_provider_ref ON payment_intents (tenant, provider_ref);
CREATE INDEX payment_intents_tenant_payment_ref ON payment_intents (tenant, payment_ref);
CREATE INDEX payment_intents_tenant_car_status ON payment_intents (tenant, car_id, status);
-- Abandoned checkouts are found by status and age (their contact details are dropped).
CREATE INDEX payment_intents_tenant_status_created ON payment_intents (tenant, status, created_at);
