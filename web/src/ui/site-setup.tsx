import { useState } from 'preact/hooks';
import { getData } from '../lib/api.js';
import { edgeCurl, pixelSnippet, trackerSnippet } from '../lib/snippets.js';
import type { Site } from '../lib/types.js';
import { CopyBlock } from './copy-block.js';
import { ErrorLine } from './error-line.js';

/** How to send the site's hits: the snippet, the pixel and signed edge logs. */
export function SiteSetup({ site, ingestKey: created }: { site: Site; ingestKey?: string }) {
  // Fetched when asked for (the owner's session may read it), unless the site was just created.
  const [fetched, setFetched] = useState<string>();
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(false);
  const ingestKey = created ?? fetched;
  const show = async () => {
    try {
      if (ingestKey === undefined)
        setFetched((await getData<{ ingest_key: string }>(`/api/sites/${site.id}/ingest-key`)).ingest_key);
      setShown(true);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const base = location.origin;
  // A row's hostname must be one of the site's (a `*.` pattern names none in particular).
  const host = site.hostnames.find((h) => !h.startsWith('*.')) ?? site.domain;
  return (
    <details class="setup" open={ingestKey !== undefined}>
      <summary>Install and ship logs</summary>
      <p>Put this in the &lt;head&gt; of every page:</p>
      <CopyBlock label="Tracker snippet" text={trackerSnippet(base, site.id)} />
      <p>For visitors without JavaScript, this in the &lt;body&gt;:</p>
      <CopyBlock label="No-JavaScript pixel" text={pixelSnippet(base, site.id)} />
      <h3>Server logs (agents and server-rendered pages)</h3>
      {shown && ingestKey ? (
        <>
          <CopyBlock label="Ingest key" text={ingestKey} />
          <p class="warn">Keep the ingest key secret: whoever holds it can send logs for this site.</p>
          <CopyBlock label="Signed edge-log request" text={edgeCurl(base, site.id, host, ingestKey)} />
        </>
      ) : (
        <>
          <button type="button" onClick={show}>
            Show ingest key and curl example
          </button>
          <ErrorLine error={error} />
        </>
      )}
    </details>
  );
}
