-- The signed-in shopper's area (issue 16): contact preferences and saved searches.
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.

-- Opt-in to alerts by text (a saved car's price drop or sale, new cars matching a saved search). Off until the shopper turns it on.
ALTER TABLE users ADD COLUMN sms_alerts INTEGER NOT NULL DEFAULT 0 CHECK (sms_alerts IN (0, 1));

-- A search page saved by a signed-in shopper: its URL (path and query, the refinements), a label, and whether new
-- matching stock is texted. One row per shopper and URL. Deleted with the user.
CREATE TABLE saved_searches (
  tenant     TEXT    NOT NULL,
  id         TEXT    NOT NULL,
  user_id    TEXT    NOT NULL,
  url        TEXT    NOT NULL CHECK (length(url) BETWEEN 7 AND 1000),
  label      TEXT    NOT NULL,
  alerts     INTEGER NOT NULL DEFAULT 1 CHECK (alerts IN (0, 1)),
  created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000),
  PRIMARY KEY (tenant, id),
  UNIQUE (tenant, user_id, url),
  FOREIGN KEY (tenant, user_id) REFERENCES users (tenant, id) ON DELETE CASCADE
) STRICT;
CREATE INDEX saved_searches_tenant_user ON saved_searches (tenant, user_id, created_at);

-- My Garage lists the enquiries sent with the signed-in shopper's phone on this site (newest first).
CREATE INDEX leads_tenant_contact_phone ON leads (tenant, contact_phone, created_at);
