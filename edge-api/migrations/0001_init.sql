-- edge-api D1 schema (ARCHITECTURE.md "Data": writes).
-- Rules: every table carries `tenant`, every index and every composite primary key starts with `tenant`, so every query filters by it.
-- Times are epoch milliseconds (INTEGER). JSON columns are TEXT checked with json_valid.
-- Plain statements only, each ended by a semicolon. No triggers, and no semicolon inside a literal or a comment:
-- dev runners split this file on semicolons.

-- Leads: `id` is the client-generated UUID, so a retried submission is idempotent (INSERT ... ON CONFLICT DO NOTHING).
CREATE TABLE leads (
  tenant          TEXT    NOT NULL,
  id              TEXT    NOT NULL CHECK (length(id) BETWEEN 8 AND 64),
  category        TEXT    NOT NULL,
  subcategory     TEXT,
  payload         TEXT    NOT NULL CHECK (json_valid(payload)),
  car_id          TEXT,
  dealership_slug TEXT,
  location_id     TEXT,
  user_id         TEXT,
  source          TEXT    NOT NULL DEFAULT 'Website',
  user_agent      TEXT,
  status          TEXT    NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'delivered', 'failed')),
  created_at      INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  updated_at      INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, id)
) STRICT;
CREATE INDEX leads_tenant_created ON leads (tenant, created_at);
CREATE INDEX leads_tenant_car ON leads (tenant, car_id);
CREATE INDEX leads_tenant_status ON leads (tenant, status, created_at);

-- Transactional outbox: a lead row and its outbox row are written in one batch, and a dispatcher delivers to the CRM port with backoff.
CREATE TABLE lead_outbox (
  tenant          TEXT    NOT NULL,
  lead_id         TEXT    NOT NULL,
  target          TEXT    NOT NULL DEFAULT 'crm',
  state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dead')),
  attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  last_error      TEXT,
  external_id     TEXT,
  delivered_at    INTEGER,
  created_at      INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  updated_at      INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, lead_id, target),
  FOREIGN KEY (tenant, lead_id) REFERENCES leads (tenant, id) ON DELETE CASCADE
) STRICT;
CREATE INDEX lead_outbox_tenant_due ON lead_outbox (tenant, state, next_attempt_at);

-- The embedded CRM adapter's local inbox: what a dealer's CRM would have received. One row per lead (idempotent delivery).
CREATE TABLE crm_inbox (
  tenant      TEXT    NOT NULL,
  id          TEXT    NOT NULL,
  lead_id     TEXT    NOT NULL,
  category    TEXT    NOT NULL,
  payload     TEXT    NOT NULL CHECK (json_valid(payload)),
  received_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, id),
  UNIQUE (tenant, lead_id)
) STRICT;
CREATE INDEX crm_inbox_tenant_received ON crm_inbox (tenant, received_at);

-- Shoppers who signed in by phone code (spec §6: identified by phone). Phone in local form (spec §5: leading 61 -> 0).
CREATE TABLE users (
  tenant     TEXT    NOT NULL,
  id         TEXT    NOT NULL,
  phone      TEXT    NOT NULL,
  first_name TEXT,
  last_name  TEXT,
  email      TEXT,
  created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, id),
  UNIQUE (tenant, phone)
) STRICT;

-- One live code per phone: a resend replaces it. Only a hash of the code is stored.
CREATE TABLE otp_codes (
  tenant      TEXT    NOT NULL,
  phone       TEXT    NOT NULL,
  code_hash   TEXT    NOT NULL,
  expires_at  INTEGER NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  consumed_at INTEGER,
  created_at  INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, phone)
) STRICT;
CREATE INDEX otp_codes_tenant_expires ON otp_codes (tenant, expires_at);

-- Sessions: `id` is a hash of the session token (the token itself is only in the shopper's cookie).
CREATE TABLE sessions (
  tenant       TEXT    NOT NULL,
  id           TEXT    NOT NULL,
  user_id      TEXT    NOT NULL,
  expires_at   INTEGER NOT NULL,
  created_at   INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  last_seen_at INTEGER,
  PRIMARY KEY (tenant, id),
  FOREIGN KEY (tenant, user_id) REFERENCES users (tenant, id) ON DELETE CASCADE
) STRICT;
CREATE INDEX sessions_tenant_user ON sessions (tenant, user_id);
CREATE INDEX sessions_tenant_expires ON sessions (tenant, expires_at);

-- spec §7 "Inserts into a verifications table": one row per code sent (sms) and per code verified (verify, with user_id).
CREATE TABLE verifications (
  tenant            TEXT    NOT NULL,
  id                INTEGER PRIMARY KEY,
  website_slug      TEXT    NOT NULL,
  dealership_slug   TEXT,
  verification_type TEXT    NOT NULL CHECK (verification_type IN ('sms', 'verify')),
  phone             TEXT,
  user_id           TEXT,
  created_at        INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
) STRICT;
CREATE INDEX verifications_tenant_created ON verifications (tenant, created_at);
CREATE INDEX verifications_tenant_type ON verifications (tenant, verification_type, created_at);

-- Server watchlist of a signed-in user (spec §4 Watchlist toggle).
CREATE TABLE watchlist (
  tenant     TEXT    NOT NULL,
  user_id    TEXT    NOT NULL,
  car_id     TEXT    NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, user_id, car_id),
  FOREIGN KEY (tenant, user_id) REFERENCES users (tenant, id) ON DELETE CASCADE
) STRICT;
CREATE INDEX watchlist_tenant_car ON watchlist (tenant, car_id);

-- View counter per car (spec §7 view.json answers `views`).
CREATE TABLE car_views (
  tenant     TEXT    NOT NULL,
  car_id     TEXT    NOT NULL,
  views      INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, car_id)
) STRICT;

-- Analytics events (spec §7 event ids). The id list lives in contracts, not in a CHECK, so a new id needs no migration.
CREATE TABLE analytics_events (
  tenant     TEXT    NOT NULL,
  id         INTEGER PRIMARY KEY,
  event_id   INTEGER NOT NULL CHECK (event_id > 0),
  page       TEXT    NOT NULL,
  car_id     TEXT,
  meta       TEXT    CHECK (meta IS NULL OR json_valid(meta)),
  created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
) STRICT;
CREATE INDEX analytics_events_tenant_created ON analytics_events (tenant, created_at);
CREATE INDEX analytics_events_tenant_event ON analytics_events (tenant, event_id, created_at);
CREATE INDEX analytics_events_tenant_car ON analytics_events (tenant, car_id);

-- Fixed-window rate-limit counters (spec §7 POST /api/rate-limit), e.g. key 'otp:0412345678'.
CREATE TABLE rate_limits (
  tenant       TEXT    NOT NULL,
  key          TEXT    NOT NULL,
  window_start INTEGER NOT NULL,
  count        INTEGER NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (tenant, key, window_start)
) STRICT;
CREATE INDEX rate_limits_tenant_window ON rate_limits (tenant, window_start);

-- The embedded SMS adapter's outbox: messages a real gateway would have sent (readable by tests and local dev).
CREATE TABLE sms_outbox (
  tenant     TEXT    NOT NULL,
  id         TEXT    NOT NULL,
  to_phone   TEXT    NOT NULL,
  body       TEXT    NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, id)
) STRICT;
CREATE INDEX sms_outbox_tenant_phone ON sms_outbox (tenant, to_phone, created_at);

-- Payment intents (reserve online, spec §9 reserve default $200). The embedded adapter records them locally as paid.
CREATE TABLE payment_intents (
  tenant          TEXT    NOT NULL,
  id              TEXT    NOT NULL,
  idempotency_key TEXT    NOT NULL,
  amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
  currency        TEXT    NOT NULL DEFAULT 'aud' CHECK (currency = 'aud'),
  car_id          TEXT,
  description     TEXT    NOT NULL,
  status          TEXT    NOT NULL CHECK (status IN ('requires_payment', 'paid', 'failed', 'refunded')),
  provider        TEXT    NOT NULL,
  created_at      INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  updated_at      INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, id),
  UNIQUE (tenant, idempotency_key)
) STRICT;
CREATE INDEX payment_intents_tenant_car ON payment_intents (tenant, car_id);

-- Finance customers created through the YouX port (spec §7 POST /api/youx/create-customer). The embedded adapter keeps them here.
CREATE TABLE finance_customers (
  tenant     TEXT    NOT NULL,
  id         TEXT    NOT NULL,
  provider   TEXT    NOT NULL,
  data       TEXT    NOT NULL CHECK (json_valid(data)),
  lead       TEXT    CHECK (lead IS NULL OR json_valid(lead)),
  created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, id)
) STRICT;
CREATE INDEX finance_customers_tenant_created ON finance_customers (tenant, created_at);
