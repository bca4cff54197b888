/** The IANA zones this browser knows, for a time-zone input's `list` (UTC is no canonical name). */
export const ZONES_ID = 'zones';
const ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone')];

export function ZoneList() {
  return (
    <datalist id={ZONES_ID}>
      {ZONES.map((z) => (
        <option key={z} value={z} />
      ))}
    </datalist>
  );
}
