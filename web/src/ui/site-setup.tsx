import { useState } from 'preact/hooks';
import { edgeCurl, pixelSnippet, trackerSnippet } from '../lib/snippets.js';
import type { Site } from '../lib/types.js';
import { CopyBlock } from './copy-block.js';

/** How to send the site's hits: the snippet, the pixel and signed edge logs. */
export function SiteSetup({ site, ingestKey }: { site: Site; ingestKey?: string }) {
  const [shown, setShown] = useState(false);
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
      {ingestKey ? (
        shown ? (
          <>
            <CopyBlock label="Ingest key" text={ingestKey} />
            <p class="warn">Store the ingest key now: it is shown only when the site is created.</p>
            <CopyBlock label="Signed edge-log request" text={edgeCurl(base, site.id, host, ingestKey)} />
          </>
        ) : (
          <button type="button" onClick={() => setShown(true)}>
            Show ingest key and curl example
          </button>
        )
      ) : (
        <>
          <p class="muted">
            Sign each request with the ingest key you were shown when the site was created (HMAC-SHA256 of
            <code>t.body</code>); KEY below is a placeholder.
          </p>
          <CopyBlock
            label="Signed edge-log request"
            text={edgeCurl(base, site.id, host, 'YOUR_INGEST_KEY')}
          />
        </>
      )}
    </details>
  );
}
