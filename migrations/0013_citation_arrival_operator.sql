-- Projection citation_gap: each arrival also keeps the operator behind its answer engine, so the
-- citation-gap summary can divide an operator's fetches by the arrivals its engines sent
-- (docs/api.md#get-apicitation-gapsummary). The fold decides it from the session's source, else
-- its referrer (`arrivalOperator`); '' for arrivals from other channels.
ALTER TABLE url_arrival_minute ADD COLUMN operator text NOT NULL DEFAULT '';
ALTER TABLE url_arrival_minute DROP CONSTRAINT url_arrival_minute_pkey;
ALTER TABLE url_arrival_minute ADD PRIMARY KEY (site_id, pathname, minute, channel, source, operator);

-- Backfill from the source names the answer engines had when this migration was written
-- (src/enrich/data/sources.json). Arrivals whose source is not an engine's name (an unknown
-- utm_source on a link from chatgpt.com, say) stay '' until
-- `twofold projections rebuild --only citation_gap`, which classifies every arrival again.
UPDATE url_arrival_minute u SET operator = e.operator
FROM (VALUES
  ('ChatGPT', 'openai'),
  ('Perplexity', 'perplexity'),
  ('Claude', 'anthropic'),
  ('Gemini', 'google'),
  ('NotebookLM', 'google'),
  ('Copilot', 'microsoft'),
  ('Meta AI', 'meta'),
  ('Grok', 'xai'),
  ('DeepSeek', 'deepseek'),
  ('Le Chat', 'mistral'),
  ('You.com', 'you'),
  ('Phind', 'phind'),
  ('Poe', 'quora'),
  ('Kagi Assistant', 'kagi'),
  ('Duck.ai', 'duckduckgo'),
  ('Qwen Chat', 'alibaba'),
  ('Kimi', 'moonshot'),
  ('Doubao', 'bytedance'),
  ('HuggingChat', 'huggingface'),
  ('Pi', 'inflection'),
  ('Andi', 'andi'),
  ('Genspark', 'genspark')
) AS e (source, operator)
WHERE u.channel = 'answer_engine' AND u.source = e.source;
