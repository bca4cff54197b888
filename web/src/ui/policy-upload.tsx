import { useState } from 'preact/hooks';
import { request } from '../lib/api.js';

const FILES = ['robots.txt', 'llms.txt'] as const;

/** Uploads a policy file as text/plain (the app also fetches them from the site on its own). */
export function PolicyUpload({ site }: { site: number }) {
  const [status, setStatus] = useState<{ ok: boolean; text: string }>();
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const file = String(f.get('file'));
    try {
      await request('PUT', `/api/sites/${site}/policy/${file}`, String(f.get('text')));
      setStatus({ ok: true, text: `${file} saved; fetches from now on are judged by it.` });
    } catch (err) {
      setStatus({ ok: false, text: err instanceof Error ? err.message : String(err) });
    }
  };
  return (
    <form class="policy" onSubmit={submit}>
      <h3>Policy files</h3>
      <label>
        File
        <select name="file">
          {FILES.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </select>
      </label>
      <label>
        Contents
        <textarea name="text" rows={4} required placeholder={'User-agent: GPTBot\nDisallow: /private'} />
      </label>
      <button type="submit">Upload</button>
      {status && (
        <p class={status.ok ? 'muted' : 'error'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      )}
    </form>
  );
}
