/** Slippy-map tile maths (Web Mercator), for a small static map around a point. */
export const TILE = 256;

export function tileOf(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const x = ((lng + 180) / 360) * n;
  const rad = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return { x, y };
}

/** The 3×3 tiles around a point and the offset that puts the point in the middle of a width×height box. */
export function tilesAround(lat: number, lng: number, zoom: number, width: number, height: number) {
  const { x, y } = tileOf(lat, lng, zoom);
  const cx = Math.floor(x);
  const cy = Math.floor(y);
  const tiles: { x: number; y: number; left: number; top: number }[] = [];
  const offsetX = width / 2 - (x - cx) * TILE - TILE;
  const offsetY = height / 2 - (y - cy) * TILE - TILE;
  const n = 2 ** zoom;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const ty = cy + dy;
      if (ty < 0 || ty >= n) continue;
      tiles.push({ x: (((cx + dx) % n) + n) % n, y: ty, left: offsetX + (dx + 1) * TILE, top: offsetY + (dy + 1) * TILE });
    }
  }
  return tiles;
}
