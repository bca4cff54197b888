import { request } from '../lib/api.js';
import { goalBody } from '../lib/definitions.js';
import { useAction } from '../lib/use-action.js';
import { useRead } from '../lib/use-read.js';
import { ErrorLine } from './error-line.js';
import { DefinitionList } from './definition-list.js';

interface Goal {
  id: number;
  name: string;
  event: string | null;
  path: string | null;
}

export function GoalsEditor({ site }: { site: number }) {
  const goals = useRead<Goal[]>(`/api/goals?site=${site}`);
  const { error, run: act, submit } = useAction(goals.reload);
  return (
    <div>
      <h3>Goals</h3>
      <DefinitionList read={goals} resource="goals" kind="goal" act={act} />
      <form
        class="inline-form"
        onSubmit={submit((f) =>
          request(
            'POST',
            '/api/goals',
            goalBody(site, String(f.get('target')), String(f.get('currency') ?? '')),
          ),
        )}
      >
        <label>
          Goal: event name or page path
          <input name="target" required placeholder="Signup or /thanks" />
        </label>
        <label>
          Currency (events with revenue)
          <input name="currency" maxLength={3} size={4} placeholder="EUR" />
        </label>
        <button type="submit">Add goal</button>
      </form>
      <ErrorLine error={error} />
    </div>
  );
}
