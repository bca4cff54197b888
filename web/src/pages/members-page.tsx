import { useState } from 'preact/hooks';
import { request } from '../lib/api.js';
import { type Invitation, type Member, manages, type Site } from '../lib/types.js';
import { useAction } from '../lib/use-action.js';
import { useRead } from '../lib/use-read.js';
import { CopyBlock } from '../ui/copy-block.js';
import { ErrorLine } from '../ui/error-line.js';
import { Link } from '../ui/link.js';
import { Show } from '../ui/panel.js';
import { TopBar } from '../ui/top-bar.js';

/** `/sites/:id/members`: the site's team, for its admins and owner (docs/dashboard.md#pages). */
export function MembersPage({ site }: { site: number }) {
  const siteRead = useRead<Site>(`/api/sites/${site}`);
  return (
    <>
      <TopBar>
        <Link href="/sites">Sites</Link>
        <Link href={`/sites/${site}`}>Dashboard</Link>
      </TopBar>
      <main class="page">
        <Show read={siteRead} empty="">
          {(s) => (
            <>
              <h1>{s.domain}: members</h1>
              {manages(s.role) ? (
                <Team site={s} />
              ) : (
                <p>You are a viewer of this site: you see its dashboard and exports; its admins manage it.</p>
              )}
            </>
          )}
        </Show>
      </main>
    </>
  );
}

interface TeamData {
  members: Member[];
  invitations: Invitation[];
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

function Team({ site }: { site: Site }) {
  const team = useRead<TeamData>(`/api/sites/${site.id}/members`);
  const { error, run: act, submit } = useAction(team.reload);
  const [sent, setSent] = useState<{ email: string; url?: string }>();
  const member = (m: Member) => `/api/sites/${site.id}/members/${m.user}`;

  const invite = submit(async (f) => {
    const { data } = await request<{ data: { email: string; mailed: boolean; url?: string } }>(
      'POST',
      `/api/sites/${site.id}/members`,
      { email: f.get('email'), role: f.get('role') },
    );
    setSent({ email: data.email, ...(data.url ? { url: data.url } : {}) });
  });
  const transfer = (m: Member) => {
    if (!confirm(`Hand ${site.domain} over to ${m.email}? You will become an admin.`)) return;
    void act(() => request('PATCH', member(m), { role: 'owner' }));
  };

  return (
    <>
      <section class="card" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        <Show read={team} empty="">
          {({ members, invitations }) => (
            <>
              <div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Email</th>
                      <th scope="col">Role</th>
                      <th scope="col">Since</th>
                      <th scope="col">
                        <span class="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {members.map((m) => (
                      <tr key={m.user}>
                        <th scope="row">{m.email}</th>
                        <td>
                          {m.role === 'owner' ? (
                            'owner'
                          ) : (
                            <select
                              aria-label={`Role of ${m.email}`}
                              value={m.role}
                              onChange={(e) =>
                                act(() => request('PATCH', member(m), { role: e.currentTarget.value }))
                              }
                            >
                              <option value="viewer">viewer</option>
                              <option value="admin">admin</option>
                            </select>
                          )}
                        </td>
                        <td>{day(m.since)}</td>
                        <td>
                          {m.role !== 'owner' && site.role === 'owner' && (
                            <button
                              type="button"
                              onClick={() => transfer(m)}
                              aria-label={`Make ${m.email} the owner`}
                            >
                              Make owner
                            </button>
                          )}{' '}
                          {m.role !== 'owner' && (
                            <button
                              type="button"
                              class="danger"
                              aria-label={`Remove ${m.email}`}
                              onClick={() => act(() => request('DELETE', member(m)))}
                            >
                              Remove
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {invitations.length > 0 && (
                <>
                  <h3>Pending invitations</h3>
                  <ul class="defs">
                    {invitations.map((i) => (
                      <li key={i.email}>
                        {i.email} as {i.role}, until {day(i.expires_at)}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </Show>
      </section>
      <section class="card" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <p class="muted">
          Viewers see the dashboard and export it; admins also manage the site, its keys, goals, funnels,
          segments and members.
        </p>
        <form class="inline-form" onSubmit={invite}>
          <label>
            Email
            <input name="email" type="email" required maxLength={254} />
          </label>
          <label>
            Role
            <select name="role">
              <option value="viewer">viewer</option>
              <option value="admin">admin</option>
            </select>
          </label>
          <button type="submit">Invite</button>
        </form>
        <ErrorLine error={error} />
        {sent &&
          (sent.url ? (
            <>
              <CopyBlock label={`Invitation link for ${sent.email}`} text={sent.url} />
              <p class="warn">
                No mail is set up: send this link yourself. It is shown only once and works for 7 days.
              </p>
            </>
          ) : (
            <p role="status">Invitation mailed to {sent.email}.</p>
          ))}
      </section>
    </>
  );
}
