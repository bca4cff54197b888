import { request } from '../lib/api.js';
import { hostnameList } from '../lib/site-input.js';
import type { Site } from '../lib/types.js';
import { useAction } from '../lib/use-action.js';
import { ErrorLine } from './error-line.js';
import { ZONES_ID } from './zone-list.js';

/** A site's time zone, host names, paths not counted and Do Not Track, changed in place (`PATCH /api/sites/:id`). */
export function SiteSettings({ site, onSaved }: { site: Site; onSaved: () => void }) {
  const { error, submit } = useAction(onSaved);
  return (
    <details class="setup">
      <summary>Settings</summary>
      <form
        class="inline-form"
        aria-label={`Settings of ${site.domain}`}
        onSubmit={submit((f) =>
          request('PATCH', `/api/sites/${site.id}`, {
            timezone: String(f.get('timezone')),
            hostnames: hostnameList(String(f.get('hostnames'))),
            excluded_paths: hostnameList(String(f.get('excluded'))),
            respect_dnt: f.get('dnt') === 'on',
          }),
        )}
      >
        <label>
          Time zone of the reports
          <input name="timezone" defaultValue={site.timezone} list={ZONES_ID} required />
        </label>
        <label>
          Hostnames (comma separated)
          <input name="hostnames" defaultValue={site.hostnames.join(', ')} required size={30} />
        </label>
        <label>
          Paths not counted (comma separated, `*` for any characters)
          <input
            name="excluded"
            defaultValue={site.excluded_paths.join(', ')}
            size={24}
            placeholder="/admin/*"
          />
        </label>
        <label class="check">
          <input name="dnt" type="checkbox" defaultChecked={site.respect_dnt} />
          Respect Do Not Track and Global Privacy Control (drop hits from browsers that send them)
        </label>
        <button type="submit">Save settings</button>
      </form>
      <ErrorLine error={error} />
    </details>
  );
}
