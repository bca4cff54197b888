import { request } from '../lib/api.js';
import { funnelSteps } from '../lib/definitions.js';
import { useAction } from '../lib/use-action.js';
import { useRead } from '../lib/use-read.js';
import { ErrorLine } from './error-line.js';
import { DefinitionList } from './definition-list.js';

interface Funnel {
  id: number;
  name: string;
  steps: ({ path: string } | { event: string })[];
}

export function FunnelsEditor({ site }: { site: number }) {
  const funnels = useRead<Funnel[]>(`/api/funnels?site=${site}`);
  const { error, run: act, submit } = useAction(funnels.reload);
  return (
    <div>
      <h3>Funnels</h3>
      <DefinitionList
        read={funnels}
        resource="funnels"
        kind="funnel"
        act={act}
        describe={(f) => `${f.name}: ${f.steps.map((s) => ('path' in s ? s.path : s.event)).join(' → ')}`}
      />
      <form
        class="inline-form"
        onSubmit={submit((f) =>
          request('POST', '/api/funnels', {
            site,
            name: String(f.get('name')),
            steps: funnelSteps(String(f.get('steps'))),
          }),
        )}
      >
        <label>
          Funnel name
          <input name="name" required placeholder="Signup" />
        </label>
        <label>
          Steps, one per line (a path or an event)
          <textarea name="steps" required rows={3} placeholder={'/\n/pricing\nSignup'} />
        </label>
        <button type="submit">Add funnel</button>
      </form>
      <ErrorLine error={error} />
    </div>
  );
}
