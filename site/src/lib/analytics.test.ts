import { ANALYTICS_FORMS, COLLECT_PATH, SCREEN_CLASSES, type CollectEvent } from '@brightwave/common';
import { beaconEvent, recordBeacons, type Beacon } from '../test/beacons';

type Analytics = typeof import('./analytics');
type Attribution = typeof import('./attribution');

/** A fresh copy of the reporter and the visit it reads (module state: what one page load starts with). */
function load(): Analytics & Attribution {
  let modules!: Analytics & Attribution;
  jest.isolateModules(() => {
    modules = { ...jest.requireActual<Analytics>('./analytics'), ...jest.requireActual<Attribution>('./attribution') };
  });
  return modules;
}

let beacons: Beacon[];

function setNavigator(name: 'doNotTrack' | 'globalPrivacyControl', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true });
}

/** The events sent, as the server reads them, after checking they went to COLLECT_PATH as JSON. */
async function sentEvents(): Promise<CollectEvent[]> {
  for (const beacon of beacons) {
    expect(beacon.url).toBe(COLLECT_PATH);
    expect(beacon.body.type).toBe('application/json');
  }
  return Promise.all(beacons.map(beaconEvent));
}

beforeEach(() => {
  beacons = recordBeacons();
  setNavigator('doNotTrack', null);
  setNavigator('globalPrivacyControl', undefined);
  window.innerWidth = 1280;
  window.history.replaceState(null, '', '/');
});

describe('the analytics reporter', () => {
  it('reports nothing until the client entry switches it on (the prerender, the server and unit tests never do)', () => {
    const analytics = load();
    analytics.reportView('/');
    analytics.reportFormStart('quote');
    analytics.reportFormSubmit('quote');
    expect(beacons).toHaveLength(0);
  });

  it('sends nothing when the browser sends Do Not Track', () => {
    setNavigator('doNotTrack', '1');
    const analytics = load();
    analytics.startReporting();
    analytics.reportView('/');
    analytics.reportFormStart('contact');
    analytics.reportFormSubmit('contact');
    expect(beacons).toHaveLength(0);
  });

  it('sends nothing under Global Privacy Control', () => {
    setNavigator('globalPrivacyControl', true);
    const analytics = load();
    analytics.startReporting();
    analytics.reportView('/');
    analytics.reportFormStart('application');
    expect(beacons).toHaveLength(0);
  });

  it("reports each page view: its path, the visit's UTM source and medium, the screen class, and the referring host on the first only", async () => {
    const analytics = load();
    analytics.captureAttribution(
      { hostname: 'www.brightwave.example', pathname: '/', search: '?utm_source=newsletter&utm_medium=email&utm_campaign=spring' },
      'https://mail.example.com/inbox',
    );
    analytics.startReporting();
    analytics.reportView('/');
    window.innerWidth = 800;
    analytics.reportView('/services');
    expect(await sentEvents()).toEqual([
      { type: 'view', path: '/', referrer: 'mail.example.com', source: 'newsletter', medium: 'email', screen: 'desktop' },
      { type: 'view', path: '/services', source: 'newsletter', medium: 'email', screen: 'tablet' },
    ]);
  });

  it('classes screens as phone below 768 CSS pixels, tablet below 1024, desktop from there', async () => {
    const analytics = load();
    analytics.startReporting();
    for (const [index, width] of [767, 768, 1023, 1024].entries()) {
      window.innerWidth = width;
      analytics.reportView(`/page-${index}`);
    }
    const screens = (await sentEvents()).map((event) => (event.type === 'view' ? event.screen : undefined));
    expect(screens).toEqual(['phone', 'tablet', 'tablet', 'desktop']);
    expect(SCREEN_CLASSES).toEqual(['phone', 'tablet', 'desktop']);
  });

  it('does not count the path on screen again (a re-render, a link to the page already shown)', () => {
    const analytics = load();
    analytics.startReporting();
    analytics.reportView('/contact');
    analytics.reportView('/contact');
    expect(beacons).toHaveLength(1);
  });

  it("counts each form's start once per page view, and its submissions", async () => {
    const analytics = load();
    analytics.startReporting();
    window.history.replaceState(null, '', '/contact');
    analytics.reportView('/contact');
    analytics.reportFormStart('contact');
    analytics.reportFormStart('contact');
    analytics.reportFormSubmit('contact');
    window.history.replaceState(null, '', '/');
    analytics.reportView('/');
    analytics.reportFormStart('quote');
    window.history.replaceState(null, '', '/contact');
    analytics.reportView('/contact');
    analytics.reportFormStart('contact');
    expect((await sentEvents()).filter((event) => event.type !== 'view')).toEqual([
      { type: 'start', form: 'contact', path: '/contact' },
      { type: 'submit', form: 'contact', path: '/contact' },
      { type: 'start', form: 'quote', path: '/' },
      { type: 'start', form: 'contact', path: '/contact' },
    ]);
    expect(ANALYTICS_FORMS).toEqual(['quote', 'contact', 'application']);
  });
});
