-- Every version of a site's robots.txt / llms.txt is kept: a fetch is judged against the file in
-- force at its own timestamp, so replacing a file must not rewrite the past.
CREATE TABLE policy_files (
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('robots', 'llms')),
  version integer NOT NULL CHECK (version > 0),
  body text NOT NULL,
  sha256 bytea NOT NULL,
  source text NOT NULL CHECK (source IN ('upload', 'fetch')),
  valid_from timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, kind, version)
);
