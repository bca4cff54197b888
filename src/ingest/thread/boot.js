// The ingest thread's entry. Node 20 gives a worker thread none of the loader hooks its process was
// started with (`tsx`), so under tsx this registers them before importing the TypeScript worker.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
