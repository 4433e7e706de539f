export { enqueueRequest } from './enqueueRequest.ts';
export { replayQueue, type ReplayResult } from './replayQueue.ts';
export { backoffDelay, nextAttemptAt, classifyResponse } from './backoff.ts';
export { installReplayTriggers, startQueueReplay } from './installReplayTriggers.ts';
