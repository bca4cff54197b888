import { useState } from 'preact/hooks';
import { request } from '../lib/api.js';
import type { Site } from '../lib/types.js';
import { hostnameList } from '../lib/site-input.js';
import { ErrorLine } from './error-line.js';
import { ZONES_ID } from './zone-list.js';

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function AddSite({ onAdded }: { onAdded: (site: Site & { ingest_key: string }) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const formEl = e.currentTarget as HTMLFormElement;
    const form = new FormData(formEl);
    const hostnames = hostnameList(String(form.get('hostnames') ?? ''));
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await request<{ data: Site & { ingest_key: string } }>('POST', '/api/sites', {
        domain: form.get('domain'),
        timezone: form.get('timezone'),
        ...(hostnames.length > 0 ? { hostnames } : {}),
      });
      formEl.reset();
      onAdded(data);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card add-site" onSubmit={submit}>
      <h2>Add a site</h2>
      <label>
        Domain
        <input name="domain" placeholder="example.com" required autocomplete="off" />
      </label>
      <label>
        Time zone
        <input name="timezone" defaultValue={BROWSER_ZONE} list={ZONES_ID} required />
      </label>
      <label>
        Hostnames (optional, comma separated; default the domain)
        <input name="hostnames" placeholder="example.com, www.example.com, *.example.com" />
      </label>
      <ErrorLine error={error} />
      <button type="submit" disabled={busy}>
        Add site
      </button>
    </form>
  );
}
