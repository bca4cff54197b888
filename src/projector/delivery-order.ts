/**
 * Acknowledging a message acknowledges every earlier one, and a projection's checkpoint is the
 * highest sequence it folded: both are right only if messages are folded in stream order with
 * none missing. A server that drops deliveries (a slow consumer) or redelivers out of order
 * leaves a hole in the consumer's delivery sequence or a step back in the stream's.
 */
export type Admission = 'take' | 'skip' | 'restart';

export interface DeliveryState {
  /** The consumer's delivery sequence of the last message seen; 0 before the first. */
  delivered: number;
  /** The highest stream sequence taken (or folded before this consumer started). */
  highest: number;
}

/**
 * What to do with a delivery: `take` it; `skip` a redelivered copy of one already taken
 * (`known` says whether it is); `restart` the consumer at the checkpoint on a hole or a step back.
 */
export function admit(
  state: DeliveryState,
  msg: { seq: number; delivery: number },
  known: (seq: number) => boolean,
): Admission {
  const inOrder = state.delivered === 0 || msg.delivery === state.delivered + 1;
  state.delivered = msg.delivery;
  if (msg.seq <= state.highest && known(msg.seq)) return 'skip';
  if (!inOrder || msg.seq <= state.highest) return 'restart';
  state.highest = msg.seq;
  return 'take';
}
