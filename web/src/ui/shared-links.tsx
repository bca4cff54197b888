import { useState } from 'preact/hooks';
import { request } from '../lib/api.js';
import { useAction } from '../lib/use-action.js';
import { useRead } from '../lib/use-read.js';
import { CopyBlock } from './copy-block.js';
import { ErrorLine } from './error-line.js';
import { Show } from './panel.js';

/** A link as `GET /api/sites/:id/shares` lists it (docs/api.md#shared-links). */
interface Share {
  id: number;
  name: string;
  password: boolean;
  segment: number | null;
  audience: 'human' | 'agent' | null;
  created_at: string;
}

const AUDIENCE_LABEL = { human: 'people only', agent: 'agents only' } as const;

/** A site's read-only links: listed, made (the URL shown once) and revoked, by its owner or admins. */
export function SharedLinks({ site }: { site: number }) {
  const shares = useRead<Share[]>(`/api/sites/${site}/shares`);
  const [created, setCreated] = useState<string>();
  const { error, run: act, submit } = useAction(shares.reload);

  const create = submit(async (form) => {
    const password = String(form.get('password') ?? '');
    const audience = String(form.get('audience') ?? '');
    const { data } = await request<{ data: { url: string } }>('POST', `/api/sites/${site}/shares`, {
      name: form.get('name'),
      ...(password ? { password } : {}),
      ...(audience ? { audience } : {}),
    });
    setCreated(data.url);
  });

  return (
    <section aria-labelledby={`shares-${site}`}>
      <h3 id={`shares-${site}`}>Shared links</h3>
      <p class="muted">Read-only dashboards for people without an account; revoking ends them at once.</p>
      <Show read={shares} empty="No shared links yet.">
        {(list) => (
          <ul class="defs">
            {list.map((s) => (
              <li key={s.id}>
                {s.name}
                {s.password && ' · password'}
                {s.audience && ` · ${AUDIENCE_LABEL[s.audience]}`}
                {s.segment !== null && ` · segment #${s.segment}`}{' '}
                <button
                  type="button"
                  class="danger"
                  aria-label={`Revoke ${s.name}`}
                  onClick={() =>
                    act(() => request('DELETE', `/api/shares/${s.id}`).then(() => setCreated(undefined)))
                  }
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </Show>
      {created && (
        <>
          <CopyBlock label="New shared link" text={created} />
          <p class="warn">Copy it now: it is shown only once.</p>
        </>
      )}
      <form class="inline-form" onSubmit={create}>
        <label>
          Link name
          <input name="name" required maxLength={100} placeholder="board" />
        </label>
        <label>
          Password (optional)
          <input name="password" type="password" minLength={8} autocomplete="new-password" />
        </label>
        <label>
          Shows
          <select name="audience">
            <option value="">People and agents</option>
            <option value="human">People only</option>
            <option value="agent">Agents only</option>
          </select>
        </label>
        <button type="submit">Create link</button>
      </form>
      <ErrorLine error={error} />
    </section>
  );
}
