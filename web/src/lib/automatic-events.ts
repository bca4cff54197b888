/**
 * The tracker's automatic hits as the events read names them (src/goals/automatic-events.ts,
 * docs/api.md#get-apistatsevents), with the kind a row click filters by: the hits carry no name.
 */
export const AUTOMATIC_EVENT_KINDS: Readonly<Record<string, string>> = {
  'Outbound Link: Click': 'outbound',
  'File Download': 'file_download',
  'Form: Submission': 'form',
};

/** The filter a click on an event row adds: the kind of an automatic event, else the name. */
export function eventFilter(name: string): { dimension: string; value: string } {
  const kind = AUTOMATIC_EVENT_KINDS[name];
  return kind !== undefined ? { dimension: 'kind', value: kind } : { dimension: 'name', value: name };
}

/** Whether a property's values are stored as sent (`props.<key>` filters them): a form submit's `form` is derived. */
export const storedProperty = (name: string, property: string) =>
  !(AUTOMATIC_EVENT_KINDS[name] === 'form' && property === 'form');
