import type { AppDeps } from '../../src/http/deps.js';
import type { StreamMessage } from '../../src/projector/fold-batch.js';
import { hitsStreamName } from '../../streams/hits.js';
import { messageText } from '../../streams/message-codec.js';

/** Every event stored in the test's stream so far, in order. */
export async function streamEvents(deps: AppDeps): Promise<Record<string, unknown>[]> {
  const stream = hitsStreamName(deps.config.STREAM_PREFIX);
  const info = await deps.nats.jsm.streams.info(stream);
  const out: Record<string, unknown>[] = [];
  if (info.state.messages === 0) return out;
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const m = await deps.nats.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (m) out.push(...(JSON.parse(messageText(m.data)!).events as Record<string, unknown>[]));
  }
  return out;
}

export async function streamCount(deps: AppDeps): Promise<number> {
  return (await streamEvents(deps)).length;
}

/** Every message stored in the test's stream so far, in order, as a projector receives them. */
export async function streamMessages(deps: AppDeps): Promise<StreamMessage[]> {
  const stream = hitsStreamName(deps.config.STREAM_PREFIX);
  const info = await deps.nats.jsm.streams.info(stream);
  const out: StreamMessage[] = [];
  if (info.state.messages === 0) return out;
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const m = await deps.nats.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (m) out.push({ seq: m.seq, data: m.data, subject: m.subject });
  }
  return out;
}
