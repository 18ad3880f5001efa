/**
 * The live-updates hook (issue #20 §1), re-exported here for the app's routes; features reach it
 * through `@/features/live/api/use-live-topics` (the feature boundary rule).
 */
export { liveHub, useLiveTopics } from "./api/use-live-topics";
