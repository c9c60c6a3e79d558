// What the pages derive from the company's details (SiteContent): pure functions, for the components and for the
// structured data alike.
import type { SiteContent } from '@brightwave/common';

export const primaryEmail = (site: SiteContent): string => site.contact.emails[0]?.address ?? '';
export const primaryPhone = (site: SiteContent): string => site.contact.phones[0]?.number ?? '';

export function fullAddress({ contact }: SiteContent): string {
  const regionAndCode = [contact.region, contact.postalCode].filter(Boolean).join(' ');
  return [contact.street, contact.city, regionAndCode, contact.country].filter(Boolean).join(', ');
}

/** OpenStreetMap's embed and page for the office's coordinates (the frame shows about 1.4 km around it). */
export function officeMap(site: SiteContent): { embedUrl: string; pageUrl: string; title: string } {
  const { latitude, longitude } = site.map;
  const coordinate = (value: number) => String(Math.round(value * 10_000) / 10_000);
  const bbox = [longitude - 0.009, latitude - 0.0045, longitude + 0.009, latitude + 0.0045].map(coordinate).join('%2C');
  const lat = coordinate(latitude);
  const lon = coordinate(longitude);
  return {
    embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat}%2C${lon}`,
    pageUrl: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`,
    title: `Map of the ${site.company.name} office in ${site.contact.city}`,
  };
}
