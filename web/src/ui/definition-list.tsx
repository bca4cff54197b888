import type { ComponentChildren } from 'preact';
import { request } from '../lib/api.js';
import type { Read } from '../lib/use-read.js';
import { Show } from './panel.js';

interface DefinitionListProps<T extends { id: number; name: string }> {
  read: Read<T[]>;
  /** The API's collection: `/api/<resource>/:id` deletes one. */
  resource: 'goals' | 'funnels';
  /** "goal", "funnel": in the empty text and the delete button's name. */
  kind: string;
  describe?: (item: T) => ComponentChildren;
  act: (work: () => Promise<unknown>) => Promise<void>;
}

/** A site's goals or funnels, each with its delete button. */
export function DefinitionList<T extends { id: number; name: string }>({
  read,
  resource,
  kind,
  describe,
  act,
}: DefinitionListProps<T>) {
  return (
    <Show read={read} empty={`No ${kind}s yet.`}>
      {(items) => (
        <ul class="defs">
          {items.map((item) => (
            <li key={item.id}>
              {describe ? describe(item) : item.name}{' '}
              <button
                type="button"
                class="danger"
                aria-label={`Delete ${kind} ${item.name}`}
                onClick={() => act(() => request('DELETE', `/api/${resource}/${item.id}`))}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </Show>
  );
}
