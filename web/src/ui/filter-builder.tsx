import { useState } from 'preact/hooks';
import { OPERATOR_WORDS } from '../lib/filter-label.js';
import {
  AGENT_DIMENSIONS,
  type Condition,
  emptyCondition,
  emptyGroup,
  fromGroup,
  type Group,
  HUMAN_DIMENSIONS,
  isGroup,
  MAX_DEPTH,
  MAX_FILTERS,
  OPERATORS,
  toGroup,
  treeSize,
} from '../lib/filter-tree.js';
import type { View } from '../lib/view.js';
import { ErrorLine } from './error-line.js';

type Change<T> = (next: T) => void;

function ConditionEditor({
  c,
  label,
  dimensions,
  change,
  remove,
}: {
  c: Condition;
  label: string;
  dimensions: readonly string[];
  change: Change<Condition>;
  remove: () => void;
}) {
  const list = c.op === 'is' || c.op === 'is_not';
  return (
    <div role="group" aria-label={`Condition ${label}`} class="condition">
      <label>
        Dimension
        <select
          value={c.dimension}
          onChange={(e) => change({ ...c, dimension: (e.currentTarget as HTMLSelectElement).value })}
        >
          {dimensions.map((d) => (
            <option key={d} value={d}>
              {d === 'props' ? 'property' : d}
            </option>
          ))}
        </select>
      </label>
      {c.dimension === 'props' && (
        <label>
          Property key
          <input
            required
            size={8}
            pattern="[A-Za-z0-9_.\-]{1,64}"
            value={c.key}
            onInput={(e) => change({ ...c, key: (e.currentTarget as HTMLInputElement).value })}
          />
        </label>
      )}
      <label>
        Operator
        <select
          value={c.op}
          onChange={(e) => change({ ...c, op: (e.currentTarget as HTMLSelectElement).value })}
        >
          {OPERATORS.map((op) => (
            <option key={op} value={op}>
              {OPERATOR_WORDS[op]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Value
        <input
          required
          size={14}
          maxLength={500}
          placeholder={list ? 'a, b: any of them' : c.op === 'matches' ? 'regular expression' : ''}
          value={c.value}
          onInput={(e) => change({ ...c, value: (e.currentTarget as HTMLInputElement).value })}
        />
      </label>
      <button type="button" onClick={remove}>
        Remove condition
      </button>
    </div>
  );
}

function GroupEditor({
  g,
  label,
  depth,
  dimensions,
  change,
  remove,
}: {
  g: Group;
  label: string;
  depth: number;
  dimensions: readonly string[];
  change: Change<Group>;
  remove?: () => void;
}) {
  const setItem = (i: number, item: Condition | Group) =>
    change({ ...g, items: g.items.map((x, j) => (j === i ? item : x)) });
  const dropItem = (i: number) => change({ ...g, items: g.items.filter((_, j) => j !== i) });
  return (
    <fieldset class="filter-group">
      <legend>Group {label}</legend>
      <div class="inline-form">
        <label>
          Combine
          <select
            value={g.combine}
            onChange={(e) =>
              change({ ...g, combine: (e.currentTarget as HTMLSelectElement).value as Group['combine'] })
            }
          >
            <option value="and">all of these</option>
            <option value="or">any of these</option>
          </select>
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={g.negate}
            onChange={(e) => change({ ...g, negate: (e.currentTarget as HTMLInputElement).checked })}
          />
          Not (exclude what matches)
        </label>
      </div>
      {g.items.map((x, i) =>
        isGroup(x) ? (
          <GroupEditor
            key={i}
            g={x}
            label={`${label}.${i + 1}`}
            depth={depth + 1}
            dimensions={dimensions}
            change={(next) => setItem(i, next)}
            remove={() => dropItem(i)}
          />
        ) : (
          <ConditionEditor
            key={i}
            c={x}
            label={`${label}.${i + 1}`}
            dimensions={dimensions}
            change={(next) => setItem(i, next)}
            remove={() => dropItem(i)}
          />
        ),
      )}
      <div class="inline-form">
        <button type="button" onClick={() => change({ ...g, items: [...g.items, emptyCondition()] })}>
          Add condition
        </button>
        {depth < MAX_DEPTH && (
          <button type="button" onClick={() => change({ ...g, items: [...g.items, emptyGroup()] })}>
            Add group
          </button>
        )}
        {remove && (
          <button type="button" onClick={remove}>
            Remove group
          </button>
        )}
      </div>
    </fieldset>
  );
}

/**
 * Every operator and group of the filter language (docs/api.md#query-envelope), edited as a tree
 * that starts from the view's filters; "Apply" puts the tree in the URL.
 */
export function FilterBuilder({ view, set }: { view: View; set: (v: View) => void }) {
  const [open, setOpen] = useState(false);
  const [root, setRoot] = useState<Group>(() => toGroup(view.filters));
  const [error, setError] = useState<string>();
  const dimensions = view.tab === 'agents' ? AGENT_DIMENSIONS : [...HUMAN_DIMENSIONS, 'props'];
  const apply = (e: SubmitEvent) => {
    e.preventDefault();
    const size = treeSize(root);
    if (size.filters > MAX_FILTERS) return setError(`At most ${MAX_FILTERS} conditions.`);
    setError(undefined);
    set({ ...view, filters: fromGroup(root) });
  };
  return (
    <div class="filter-builder">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Close the filter builder' : 'Build a filter'}
      </button>
      {open && (
        <form aria-label="Filter builder" onSubmit={apply}>
          <GroupEditor g={root} label="1" depth={1} dimensions={dimensions} change={setRoot} />
          <div class="inline-form">
            <button type="submit">Apply filters</button>
          </div>
          <ErrorLine error={error} />
        </form>
      )}
    </div>
  );
}
