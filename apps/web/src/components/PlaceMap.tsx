import { useState } from 'react';
import { tilesAround } from '../lib/map';
import { MapPinIcon } from './icons';
import styles from './PlaceMap.module.css';

/** The map's zoom (1§9). */
export const MAP_ZOOM = 15;
const WIDTH = 480;
const HEIGHT = 240;

/** A static street map (OpenStreetMap tiles) centred on the place, with a pin. */
export function PlaceMap({
  lat,
  lng,
  name,
  emptyText = 'Choose your business to see it on the map.',
}: {
  lat: number | null;
  lng: number | null;
  name: string;
  /** What the map says before a place is chosen. */
  emptyText?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (lat === null || lng === null) {
    return (
      <div className={styles.map}>
        <p className={styles.mapEmpty}>{emptyText}</p>
      </div>
    );
  }
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
  if (failed) {
    return (
      <div className={styles.map}>
        <div className={styles.mapEmpty}>
          <span className={styles.pinStatic}>
            <MapPinIcon size={28} />
          </span>
          <p>The map could not be loaded here.</p>
          <a href={mapsUrl} target="_blank" rel="noreferrer">
            Open {name || 'the place'} in Google Maps
          </a>
        </div>
      </div>
    );
  }
  const tiles = tilesAround(lat, lng, MAP_ZOOM, WIDTH, HEIGHT);
  return (
    <div className={styles.map} role="img" aria-label={`Map of ${name}`}>
      <div style={{ position: 'absolute', left: '50%', top: '50%', width: WIDTH, height: HEIGHT, transform: 'translate(-50%, -50%)' }}>
        {tiles.map((t) => (
          <img
            key={`${t.x}-${t.y}`}
            className={styles.tile}
            style={{ left: t.left, top: t.top }}
            src={`https://tile.openstreetmap.org/${MAP_ZOOM}/${t.x}/${t.y}.png`}
            alt=""
            draggable={false}
            onError={() => setFailed(true)}
          />
        ))}
      </div>
      <span className={styles.pin}>
        <MapPinIcon size={32} />
      </span>
      <span className={styles.attribution}>© OpenStreetMap contributors</span>
    </div>
  );
}
