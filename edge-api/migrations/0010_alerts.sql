-- Alerts by text of the signed-in shopper (issue 16): price drops and sales of watched cars, new stock matching a saved
-- search. Computed by the cron from mf-search's stock digest, delivered through an outbox (src/alerts, README "Alerts").
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.

-- Tenants with opted-in shoppers, found by the cron without reading every user row (a partial index, tenant first).
CREATE INDEX users_tenant_sms_alerts ON users (tenant, id) WHERE sms_alerts = 1;

-- The stock as the last scan saw it: the digest version (mf-search's stock meta `updated_at`) and each car's
-- shopper-facing price and status, as JSON `{ "<car id>": [price, "a"|"r"|"s"] }` split in parts of a few thousand
-- cars (a D1 row stays far under its size limit). Written in one batch per scan. A price drop or a sale is this
-- snapshot compared with the next digest, and new stock is an id it does not hold. No rows: the next scan is the baseline.
CREATE TABLE stock_scans (
  tenant     TEXT    NOT NULL,
  part       INTEGER NOT NULL CHECK (part >= 0),
  version    TEXT,
  cars       TEXT    NOT NULL CHECK (json_valid(cars)),
  scanned_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, part)
) STRICT;

-- One alert for one shopper: the outbox the cron delivers from (combined into at most one text a day). `dedupe_key`
-- (`price_drop:<car>:<price>`, `sold:<car>`, `new_match:<search>:<car>`) makes a second scan of the same change, or a
-- re-run import, insert nothing. pending -> sent (with the message id) | dead (too many failed sends: the dead letter)
-- | cancelled (the shopper opted out, or no longer watches the car or the search).
CREATE TABLE alert_outbox (
  tenant          TEXT    NOT NULL,
  id              TEXT    NOT NULL,
  user_id         TEXT    NOT NULL,
  kind            TEXT    NOT NULL CHECK (kind IN ('price_drop', 'sold', 'new_match')),
  car_id          TEXT    NOT NULL,
  search_id       TEXT,
  dedupe_key      TEXT    NOT NULL,
  payload         TEXT    NOT NULL CHECK (json_valid(payload)),
  status          TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead', 'cancelled')),
  attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at INTEGER NOT NULL,
  message_id      TEXT,
  last_error      TEXT,
  created_at      INTEGER NOT NULL,
  sent_at         INTEGER,
  PRIMARY KEY (tenant, id),
  UNIQUE (tenant, user_id, dedupe_key),
  FOREIGN KEY (tenant, user_id) REFERENCES users (tenant, id) ON DELETE CASCADE
) STRICT;
CREATE INDEX alert_outbox_tenant_due ON alert_outbox (tenant, status, next_attempt_at);
CREATE INDEX alert_outbox_tenant_user ON alert_outbox (tenant, user_id, status);

-- The daily cap (ALERTS_PER_DAY = 1): one row per shopper and day (`YYYY-MM-DD` in the tenant's time zone), inserted
-- before a text is sent, so two crons never both send. Deleted again when the send fails (the alerts retry).
CREATE TABLE alert_messages (
  tenant     TEXT    NOT NULL,
  id         TEXT    NOT NULL,
  user_id    TEXT    NOT NULL,
  day        TEXT    NOT NULL CHECK (length(day) = 10),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, id),
  UNIQUE (tenant, user_id, day),
  FOREIGN KEY (tenant, user_id) REFERENCES users (tenant, id) ON DELETE CASCADE
) STRICT;
CREATE INDEX alert_messages_tenant_created ON alert_messages (tenant, created_at);
