/**
 * A fake DaData-style iplocate/address service on 127.0.0.1 for the tap and browser tests. The answer
 * depends on the `ip` asked about (documentation addresses, RFC 5737), so one server covers every case:
 * a city with a regional site, a city without one, a place with no city in the table, a null location,
 * an HTTP error, a slow answer, broken JSON and JSON of the wrong shape. Any other IP: location null.
 * Every request is recorded (ip and Authorization header).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_IPLOCATE_TOKEN = 'fake-iplocate-token-5f3a9c';

/** A DaData-like location object (data trimmed to the fields a real answer carries most often). */
function place(value: string, city: string | null, region: string, regionType: string, regionTypeFull: string) {
  return {
    location: {
      value,
      unrestricted_value: value,
      data: {
        country: 'Россия',
        country_iso_code: 'RU',
        region_with_type: `${regionType} ${region}`,
        region_type: regionType,
        region_type_full: regionTypeFull,
        region,
        city_with_type: city ? `г ${city}` : null,
        city_type: city ? 'г' : null,
        city_type_full: city ? 'город' : null,
        city,
        settlement: null,
        fias_level: city ? '4' : '1',
        geo_lat: '55.75396',
        geo_lon: '37.620393',
      },
    },
  };
}

export const IPS = {
  /** Алматы: a city of the Kazakh site (its url: https://tihoavto.kz/). */
  almaty: '203.0.113.1',
  /** Якутск: in the cities table without a regional site. */
  yakutsk: '203.0.113.2',
  /** Тверь: no such city in the table. */
  tver: '203.0.113.3',
  /** location: null. */
  nowhere: '203.0.113.4',
  /** HTTP 500. */
  error: '203.0.113.5',
  /** Headers only after 3 s. */
  slow: '203.0.113.6',
  /** Not JSON. */
  badJson: '203.0.113.7',
  /** JSON, but not the iplocate shape. */
  wrongShape: '203.0.113.8',
  /** A city whose stored url is not a configured site (the tap test inserts it). */
  foreign: '203.0.113.9',
  /** Москва: a city of the main site. */
  moscow: '198.51.100.1',
  /** Headers at once, the body after 3 s. */
  slowBody: '198.51.100.2',
} as const;

const answers: Record<string, unknown> = {
  [IPS.almaty]: place('г Алматы', 'Алматы', 'Алматы', 'г', 'город'),
  [IPS.yakutsk]: place('г Якутск', 'Якутск', 'Саха /Якутия/', 'Респ', 'республика'),
  [IPS.tver]: place('г Тверь', 'Тверь', 'Тверская', 'обл', 'область'),
  [IPS.foreign]: place('г Зловредск', 'Зловредск', 'Зловредская', 'обл', 'область'),
  [IPS.moscow]: place('г Москва', 'Москва', 'Москва', 'г', 'город'),
};

export interface FakeIplocate {
  url: string;
  requests: Array<{ ip: string | null; authorization: string | undefined; accept: string | undefined }>;
  close(): Promise<void>;
}

export async function startFakeIplocate(): Promise<FakeIplocate> {
  const requests: FakeIplocate['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => (timers.delete(timer), fn()), ms);
    timers.add(timer);
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const ip = url.searchParams.get('ip');
    requests.push({ ip, authorization: req.headers.authorization, accept: req.headers.accept });
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/suggestions/api/4_1/rs/iplocate/address') return json({ message: 'not found' }, 404);
    if (req.headers.authorization !== `Token ${FAKE_IPLOCATE_TOKEN}`) return json({ message: 'Forbidden' }, 403);
    switch (ip) {
      case IPS.error:
        return json({ message: 'Internal error' }, 500);
      case IPS.slow:
        return later(3000, () => json(answers[IPS.moscow]));
      case IPS.slowBody:
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"location":');
        return later(3000, () => res.end('null}'));
      case IPS.badJson:
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"location": {');
      case IPS.wrongShape:
        return json({ suggestions: [] });
      default:
        return json(answers[ip ?? ''] ?? { location: null });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/suggestions/api/4_1/rs/iplocate/address`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
