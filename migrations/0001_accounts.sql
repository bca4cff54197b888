CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- A session cookie is a random token; only its SHA-256 digest is stored.
CREATE TABLE user_sessions (
  token_digest bytea PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX user_sessions_user ON user_sessions (user_id);

CREATE TABLE password_resets (
  token_digest bytea PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Server-side secrets generated once per installation (e.g. the key for address digests).
CREATE TABLE instance_secrets (
  name text PRIMARY KEY,
  value bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window counters shared by every API instance. `subject` is a keyed digest, never an address.
CREATE TABLE rate_limit_windows (
  bucket text NOT NULL,
  subject bytea NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, subject, window_start)
);
CREATE INDEX rate_limit_windows_start ON rate_limit_windows (window_start);
