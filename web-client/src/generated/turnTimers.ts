// Generated from protocol/src/msg.rs (TurnTimer) by protocol/tests/ts_bindings.rs. Do not edit.
import type { TurnTimer } from "./TurnTimer";

/** Every turn timer setting, in the order a lobby offers them. */
export const TURN_TIMERS: readonly TurnTimer[] = ["off", "relaxed", "normal", "fast", "half_day", "day", "three_days"];

/** Seconds per decision of each setting (null: off). */
export const TURN_TIMER_SECS: Record<TurnTimer, number | null> = {
  off: null,
  relaxed: 120,
  normal: 45,
  fast: 15,
  half_day: 43200,
  day: 86400,
  three_days: 259200,
};
