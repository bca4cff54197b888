import { type Filter, type FilterNode, isFilter } from './filter-tree.js';

/** Every operator of the envelope (docs/api.md#query-envelope) as words, for a chip. */
export const OPERATOR_WORDS: Record<string, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  matches: 'matches',
  gt: 'is more than',
  lt: 'is less than',
};

/** A filter in three parts: what (`props.plan` as "plan property"), how, and the value(s). */
export function filterWords(f: Filter): { dimension: string; op: string; value: string } {
  const dimension = f.dimension.startsWith('props.') ? `${f.dimension.slice(6)} property` : f.dimension;
  const op = OPERATOR_WORDS[f.op] ?? f.op.replace(/_/g, ' ');
  // A list means any of its values (`is`) or none of them (`is_not`).
  const value = Array.isArray(f.value)
    ? f.value.map(String).join(f.op === 'is_not' ? ' nor ' : ' or ')
    : String(f.value);
  return { dimension, op, value };
}

export function filterText(f: Filter): string {
  const w = filterWords(f);
  return `${w.dimension} ${w.op} ${w.value}`;
}

/** A node in words, groups in brackets: `(pathname starts with /docs or not (country is DE))`. */
export function nodeText(n: FilterNode): string {
  if (isFilter(n)) return filterText(n);
  if ('not' in n) return `not ${isFilter(n.not) ? `(${nodeText(n.not)})` : nodeText(n.not)}`;
  const [items, word] = 'and' in n ? [n.and, ' and '] : [n.or, ' or '];
  return `(${items.map(nodeText).join(word)})`;
}
