export { enqueueRequest, type QueuedRequestInput } from './enqueueRequest.ts';
export {
  replayQueue,
  listQueuedRequests,
  type ReplayOptions,
  type ReplayResult,
} from './replayQueue.ts';
export { backoffDelay, nextAttemptAt, classifyResponse } from './backoff.ts';
export {
  installReplayTriggers,
  startQueueReplay,
  type ReplayTriggerOptions,
} from './installReplayTriggers.ts';
