/** A point on OpenStreetMap's site (a link: the screens load no map tiles). */
export const openStreetMapUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/** A position as people read it: 45.76050, 4.85970 (± 12 m). */
export const positionText = (latitude: number, longitude: number, accuracy?: number) =>
  `${latitude.toFixed(5)}, ${longitude.toFixed(5)}${typeof accuracy === 'number' ? ` (± ${Math.round(accuracy)} m)` : ''}`;
