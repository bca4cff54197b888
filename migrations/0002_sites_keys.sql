CREATE TABLE sites (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  domain text NOT NULL,
  timezone text NOT NULL DEFAULT 'UTC',
  hostnames text[] NOT NULL,
  -- Kept as is: the edge endpoint needs the plain value to compute the HMAC.
  ingest_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sites_owner ON sites (owner_id);

CREATE TABLE api_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  name text NOT NULL,
  scopes text[] NOT NULL,
  key_digest bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_user ON api_keys (user_id);

-- One salt per site and UTC day; deleted two days after, so old visitor digests cannot be linked.
CREATE TABLE site_salts (
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  day date NOT NULL,
  salt bytea NOT NULL,
  PRIMARY KEY (site_id, day)
);
