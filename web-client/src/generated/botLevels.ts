// Generated from protocol/src/room.rs (BotLevel) by protocol/tests/ts_bindings.rs. Do not edit.
import type { BotLevel } from "./BotLevel";

/** Every bot level, easiest first, as a lobby offers them. */
export const BOT_LEVELS: readonly BotLevel[] = ["easy", "normal", "hard"];
