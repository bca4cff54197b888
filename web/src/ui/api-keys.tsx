import { useState } from 'preact/hooks';
import { request } from '../lib/api.js';
import type { ApiKey, Site } from '../lib/types.js';
import { useAction } from '../lib/use-action.js';
import { useRead } from '../lib/use-read.js';
import { CopyBlock } from './copy-block.js';
import { Show } from './panel.js';
import { ErrorLine } from './error-line.js';

export function ApiKeys({ sites }: { sites: Site[] }) {
  const keys = useRead<ApiKey[]>('/api/keys');
  const [created, setCreated] = useState<string>();
  const domain = (id: number) => sites.find((s) => s.id === id)?.domain ?? `#${id}`;

  const { error, run: act, submit } = useAction(keys.reload);

  const create = submit(async (form) => {
    const { data } = await request<{ data: { key: string } }>('POST', '/api/keys', {
      name: form.get('name'),
      site: Number(form.get('site')),
    });
    setCreated(data.key);
  });

  return (
    <section class="card" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p class="muted">Read-only keys for the API and AI assistants (MCP), one site each.</p>
      <Show read={keys} empty="No API keys yet.">
        {(list) => (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Site</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((k) => (
                  <tr key={k.id}>
                    <th scope="row">{k.name}</th>
                    <td>{domain(k.site)}</td>
                    <td>{new Date(k.created_at).toLocaleDateString()}</td>
                    <td>{k.last_used_at ? new Date(k.last_used_at).toLocaleString() : 'never'}</td>
                    <td>
                      <button
                        type="button"
                        class="danger"
                        aria-label={`Revoke ${k.name}`}
                        onClick={() =>
                          act(() => request('DELETE', `/api/keys/${k.id}`).then(() => setCreated(undefined)))
                        }
                      >
                        Revoke
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Show>
      {created && (
        <>
          <CopyBlock label="New API key" text={created} />
          <p class="warn">Copy it now: it is shown only once.</p>
        </>
      )}
      <form class="inline-form" onSubmit={create}>
        <label>
          Key name
          <input name="name" required maxLength={100} placeholder="reporting" />
        </label>
        <label>
          Site
          <select name="site">
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.domain}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Create key</button>
      </form>
      <ErrorLine error={error} />
    </section>
  );
}
