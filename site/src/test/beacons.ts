// navigator.sendBeacon for unit tests (jsdom has none): records what the analytics reporter sends.
import type { CollectEvent } from '@brightwave/common';

export interface Beacon {
  url: string;
  body: Blob;
}

/** Replaces navigator.sendBeacon with a recorder; returns the list it fills. */
export function recordBeacons(): Beacon[] {
  const beacons: Beacon[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => beacons.push({ url, body }) > 0,
  });
  return beacons;
}

/** A beacon's event, as the server reads it (jsdom's Blob has no text()). */
export function beaconEvent(beacon: Beacon): Promise<CollectEvent> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(JSON.parse(String(reader.result)) as CollectEvent);
    reader.onerror = () => reject(reader.error ?? new Error('The beacon could not be read'));
    reader.readAsText(beacon.body);
  });
}
