-- Shared links: read-only access to one site's reads for whoever holds the link's token, revoked
-- by deleting the row. Only the token's SHA-256 digest is kept; the optional password is argon2id.
-- `segment_id` limits every read to that saved segment's filters (deleting the segment deletes the
-- link rather than widening it); `audience` limits reads to one readership.
CREATE TABLE shares (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_digest bytea NOT NULL UNIQUE,
  password_hash text,
  segment_id bigint REFERENCES segments (id) ON DELETE CASCADE,
  audience text CHECK (audience IN ('human', 'agent')),
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shares_site ON shares (site_id);

-- A password-protected link opened with its password: the cookie's random value, by digest.
-- Deleting the link deletes these, so its cookies fail on their next use.
CREATE TABLE share_unlocks (
  token_digest bytea PRIMARY KEY,
  share_id bigint NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX share_unlocks_share ON share_unlocks (share_id);
