// Generated from protocol/src/zoomies.rs (TILES) by protocol/tests/ts_bindings.rs. Do not edit.
import type { TileFace } from "./TileFace";
import type { TileId } from "./TileId";

/** The 50 printed tiles Z01..Z50 (RULINGS §1(b)): `TILES[i]` is tile `i + 1`. */
export const TILES: readonly TileFace[] = [
  {"tile":1,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"chihuahua","bone":false,"zoomies":false}},
  {"tile":2,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"chihuahua","bone":false,"zoomies":false}},
  {"tile":3,"a":{"breed":"poodle","bone":true,"zoomies":false},"b":{"breed":"poodle","bone":false,"zoomies":false}},
  {"tile":4,"a":{"breed":"poodle","bone":true,"zoomies":false},"b":{"breed":"poodle","bone":false,"zoomies":false}},
  {"tile":5,"a":{"breed":"beagle","bone":true,"zoomies":false},"b":{"breed":"beagle","bone":false,"zoomies":false}},
  {"tile":6,"a":{"breed":"beagle","bone":true,"zoomies":false},"b":{"breed":"beagle","bone":false,"zoomies":false}},
  {"tile":7,"a":{"breed":"husky","bone":true,"zoomies":false},"b":{"breed":"husky","bone":false,"zoomies":false}},
  {"tile":8,"a":{"breed":"husky","bone":true,"zoomies":false},"b":{"breed":"husky","bone":false,"zoomies":false}},
  {"tile":9,"a":{"breed":"greyhound","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":false}},
  {"tile":10,"a":{"breed":"greyhound","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":false}},
  {"tile":11,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"poodle","bone":false,"zoomies":true}},
  {"tile":12,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"poodle","bone":false,"zoomies":false}},
  {"tile":13,"a":{"breed":"chihuahua","bone":false,"zoomies":true},"b":{"breed":"poodle","bone":true,"zoomies":false}},
  {"tile":14,"a":{"breed":"chihuahua","bone":false,"zoomies":false},"b":{"breed":"poodle","bone":true,"zoomies":false}},
  {"tile":15,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"beagle","bone":false,"zoomies":true}},
  {"tile":16,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"beagle","bone":false,"zoomies":false}},
  {"tile":17,"a":{"breed":"chihuahua","bone":false,"zoomies":true},"b":{"breed":"beagle","bone":true,"zoomies":false}},
  {"tile":18,"a":{"breed":"chihuahua","bone":false,"zoomies":false},"b":{"breed":"beagle","bone":true,"zoomies":false}},
  {"tile":19,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"husky","bone":false,"zoomies":true}},
  {"tile":20,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"husky","bone":false,"zoomies":false}},
  {"tile":21,"a":{"breed":"chihuahua","bone":false,"zoomies":true},"b":{"breed":"husky","bone":true,"zoomies":false}},
  {"tile":22,"a":{"breed":"chihuahua","bone":false,"zoomies":false},"b":{"breed":"husky","bone":true,"zoomies":false}},
  {"tile":23,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":true}},
  {"tile":24,"a":{"breed":"chihuahua","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":false}},
  {"tile":25,"a":{"breed":"chihuahua","bone":false,"zoomies":true},"b":{"breed":"greyhound","bone":true,"zoomies":false}},
  {"tile":26,"a":{"breed":"chihuahua","bone":false,"zoomies":false},"b":{"breed":"greyhound","bone":true,"zoomies":false}},
  {"tile":27,"a":{"breed":"poodle","bone":true,"zoomies":false},"b":{"breed":"beagle","bone":false,"zoomies":true}},
  {"tile":28,"a":{"breed":"poodle","bone":true,"zoomies":false},"b":{"breed":"beagle","bone":false,"zoomies":false}},
  {"tile":29,"a":{"breed":"poodle","bone":false,"zoomies":true},"b":{"breed":"beagle","bone":true,"zoomies":false}},
  {"tile":30,"a":{"breed":"poodle","bone":false,"zoomies":false},"b":{"breed":"beagle","bone":true,"zoomies":false}},
  {"tile":31,"a":{"breed":"poodle","bone":true,"zoomies":false},"b":{"breed":"husky","bone":false,"zoomies":true}},
  {"tile":32,"a":{"breed":"poodle","bone":true,"zoomies":false},"b":{"breed":"husky","bone":false,"zoomies":false}},
  {"tile":33,"a":{"breed":"poodle","bone":false,"zoomies":true},"b":{"breed":"husky","bone":true,"zoomies":false}},
  {"tile":34,"a":{"breed":"poodle","bone":false,"zoomies":false},"b":{"breed":"husky","bone":true,"zoomies":false}},
  {"tile":35,"a":{"breed":"poodle","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":true}},
  {"tile":36,"a":{"breed":"poodle","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":false}},
  {"tile":37,"a":{"breed":"poodle","bone":false,"zoomies":true},"b":{"breed":"greyhound","bone":true,"zoomies":false}},
  {"tile":38,"a":{"breed":"poodle","bone":false,"zoomies":false},"b":{"breed":"greyhound","bone":true,"zoomies":false}},
  {"tile":39,"a":{"breed":"beagle","bone":true,"zoomies":false},"b":{"breed":"husky","bone":false,"zoomies":true}},
  {"tile":40,"a":{"breed":"beagle","bone":true,"zoomies":false},"b":{"breed":"husky","bone":false,"zoomies":false}},
  {"tile":41,"a":{"breed":"beagle","bone":false,"zoomies":true},"b":{"breed":"husky","bone":true,"zoomies":false}},
  {"tile":42,"a":{"breed":"beagle","bone":false,"zoomies":false},"b":{"breed":"husky","bone":true,"zoomies":false}},
  {"tile":43,"a":{"breed":"beagle","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":true}},
  {"tile":44,"a":{"breed":"beagle","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":false}},
  {"tile":45,"a":{"breed":"beagle","bone":false,"zoomies":true},"b":{"breed":"greyhound","bone":true,"zoomies":false}},
  {"tile":46,"a":{"breed":"beagle","bone":false,"zoomies":false},"b":{"breed":"greyhound","bone":true,"zoomies":false}},
  {"tile":47,"a":{"breed":"husky","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":true}},
  {"tile":48,"a":{"breed":"husky","bone":true,"zoomies":false},"b":{"breed":"greyhound","bone":false,"zoomies":false}},
  {"tile":49,"a":{"breed":"husky","bone":false,"zoomies":true},"b":{"breed":"greyhound","bone":true,"zoomies":false}},
  {"tile":50,"a":{"breed":"husky","bone":false,"zoomies":false},"b":{"breed":"greyhound","bone":true,"zoomies":false}},
];

/** The printed face of tile `id` (1..=50), or `undefined` for any other id. */
export function tileFace(id: TileId): TileFace | undefined {
  return Number.isInteger(id) && id >= 1 ? TILES[id - 1] : undefined;
}
