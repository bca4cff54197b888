import { useState } from 'preact/hooks';

type Run = (work: () => Promise<unknown>) => Promise<void>;

export interface Action {
  error?: string;
  run: Run;
  /** A form's submit handler: `work` gets its fields; the form is cleared once it succeeded. */
  submit: (work: (fields: FormData) => Promise<unknown>) => (e: SubmitEvent) => void;
}

/** A change made through the API: its error as text, then `done` (a reload of what it changed). */
export function useAction(done: () => void): Action {
  const [error, setError] = useState<string>();
  const run: Run = async (work) => {
    setError(undefined);
    try {
      await work();
      done();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const submit: Action['submit'] = (work) => (e) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    void run(async () => {
      await work(new FormData(form));
      form.reset();
    });
  };
  return { error, run, submit };
}
