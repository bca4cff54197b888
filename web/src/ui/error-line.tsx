/** A failed action's message, announced to screen readers. */
export function ErrorLine({ error, id }: { error?: string; id?: string }) {
  if (!error) return null;
  return (
    <p id={id} class="error" role="alert">
      {error}
    </p>
  );
}
