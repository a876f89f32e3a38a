/**
 * compose.yaml and deploy/Caddyfile against the code (docs/operations/compose.md), without Docker: two app pods of
 * one image with one environment; every variable they get is one server/platform/config.ts reads, and what the code
 * needs to run as pods behind the proxy is set (from .env for the secrets, never written in the file); every regional
 * host of the sites config is routed by Caddy, and no other; Caddy's upstreams are both pods on the port they listen
 * on; the health checks ask paths the app answers. Each check reads the code it compares with, so it fails when
 * either side changes alone.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';
import { parse } from 'yaml';
import { type Config, loadConfig } from '../server/platform/config.ts';
import { ConfigError } from '../server/platform/config-error.ts';
import { isLocalHost } from '../shared/sites.ts';
import { startTestApp } from './helpers/app.ts';

const ROOT = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

// A parsed YAML document: checked field by field below.
const compose: any = parse(read('compose.yaml'), { merge: true });
const caddyfile = read('deploy/Caddyfile');

/** What an operator's .env holds at least: the two secrets compose refuses to start without. */
const OPERATOR_ENV = { POSTGRES_PASSWORD: randomBytes(24).toString('hex'), SESSION_SECRET: randomBytes(32).toString('hex') };

class MissingVariable extends Error {
  override name = 'MissingVariable';
}

/**
 * Compose's interpolation of one value: $$, $NAME, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?message},
 * ${NAME?message}, ${NAME:+other}. A required variable that is missing throws, as `docker compose` stops with its message.
 */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, name: string | undefined, operator: string | undefined, argument: string | undefined, bare: string | undefined) => {
      if (whole === '$$') return '$';
      const variable = (name ?? bare)!;
      const given = env[variable];
      const unset = operator?.startsWith(':') ? !given : given === undefined;
      switch (operator?.replace(':', '')) {
        case '-':
          return unset ? argument! : given!;
        case '?':
          if (unset) throw new MissingVariable(`${variable}: ${argument}`);
          return given!;
        case '+':
          return unset ? '' : argument!;
        default:
          return given ?? '';
      }
    },
  );
}

/** A service's environment as a map (compose allows a map or a list of NAME=value). */
function environmentOf(service: { environment?: Record<string, unknown> | string[] }): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, String(value ?? '')]));
}

const resolve = (env: Record<string, string>, operator: Record<string, string>) =>
  Object.fromEntries(Object.entries(env).map(([name, value]) => [name, interpolate(value, operator)]));

/** The app pods: the services built from the repository (the database and the proxy run published images). */
const appNames = Object.keys(compose.services).filter((name) => compose.services[name].build !== undefined);
const appEnv = environmentOf(compose.services[appNames[0]!]);
/** The configuration a pod boots with, given the operator's .env. */
const podConfig: Config = loadConfig(resolve(appEnv, OPERATOR_ENV));

/** The variables config.ts's schema reads: the keys of `const envSchema = z.object({ … });`, read from its source. */
function schemaVariables(): Set<string> {
  const source = read('server/platform/config.ts');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0)
    throw new Error('server/platform/config.ts: no `const envSchema = z.object({ … });` to read the variables from');
  return new Set([...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!));
}

interface CaddyBlock {
  /** The site addresses, or the snippet's name in parentheses. */
  label: string;
  body: string;
}

/** The Caddyfile's top-level blocks (comments dropped): the global options, snippets and site blocks. */
function caddyBlocks(text: string): CaddyBlock[] {
  const blocks: CaddyBlock[] = [];
  let depth = 0;
  let current: CaddyBlock | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    if (depth === 0 && line.endsWith('{')) {
      current = { label: line.slice(0, -1).trim(), body: '' };
      blocks.push(current);
    } else if (current) current.body += `${line}\n`;
    // Placeholders ({$VAR}, {host}) open and close on the same line: only a block's braces change the depth.
    depth += (line.match(/\{/g)?.length ?? 0) - (line.match(/\}/g)?.length ?? 0);
    if (depth === 0) current = null;
  }
  if (depth !== 0) throw new Error('deploy/Caddyfile: unbalanced braces');
  return blocks;
}

const blocks = caddyBlocks(caddyfile);
const siteBlocks = blocks.filter((b) => b.label !== '' && !b.label.startsWith('('));
const caddyHosts = siteBlocks.flatMap((b) => b.label.split(/[\s,]+/).filter(Boolean));
const snippet = (name: string) => blocks.find((b) => b.label === `(${name})`);

t.test('app pods of one image, with one environment', async (t) => {
  t.ok(appNames.includes('app1') && appNames.includes('app2'), `at least the two pods app1 and app2: ${appNames.join(', ')}`);
  const [first, ...others] = appNames.map((name) => compose.services[name]);
  t.ok(first.image, 'the pods name their image');
  t.equal(first.build.context, '.', 'built from the repository');
  t.ok(existsSync(new URL(first.build.dockerfile ?? 'Dockerfile', ROOT)), `its ${first.build.dockerfile ?? 'Dockerfile'} exists`);
  for (const [i, pod] of others.entries()) {
    const name = appNames[i + 1];
    t.equal(pod.image, first.image, `${name}: the same image`);
    t.same(pod.build, first.build, `${name}: built the same way`);
    t.same(environmentOf(pod), environmentOf(first), `${name}: the same environment, name for name and value for value`);
    t.same(pod.healthcheck, first.healthcheck, `${name}: the same health check`);
  }
});

t.test('every variable the pods get is one the server reads', async (t) => {
  const schema = schemaVariables();
  t.ok(
    ['NODE_ENV', 'DATABASE_URL', 'SESSION_SECRET', 'TRUST_PROXY'].every((name) => schema.has(name)),
    'the schema’s variables were found',
  );
  const payment = Object.keys(appEnv).filter((name) => !schema.has(name));
  for (const name of payment)
    t.match(name, /^YOOKASSA_[A-Z0-9_]+_(SHOP_ID|SECRET_KEY|VAT_CODE)$/, `${name}: a schema variable or a site's shop`);

  // The per-site shop variables, by what they do: set together, each site's shop is configured from them.
  const bySite = new Map<string, string[]>();
  for (const name of payment) {
    const prefix = /^YOOKASSA_([A-Z0-9_]+)_(?:SHOP_ID|SECRET_KEY|VAT_CODE)$/.exec(name)?.[1] ?? '';
    bySite.set(prefix, [...(bySite.get(prefix) ?? []), name]);
  }
  for (const [prefix, names] of bySite) {
    const site = podConfig.sites.sites.find((s) => s.id.toUpperCase().replace(/-/g, '_') === prefix);
    if (!t.ok(site, `YOOKASSA_${prefix}_*: a configured site`)) continue;
    const shop = loadConfig({
      [`YOOKASSA_${prefix}_SHOP_ID`]: '506751',
      [`YOOKASSA_${prefix}_SECRET_KEY`]: 'test_secret_key_1',
      [`YOOKASSA_${prefix}_VAT_CODE`]: '4',
    }).payments.shops[site!.id];
    t.same(
      names.toSorted(),
      [`YOOKASSA_${prefix}_SECRET_KEY`, `YOOKASSA_${prefix}_SHOP_ID`, `YOOKASSA_${prefix}_VAT_CODE`],
      `site ${site!.id}: id, key and VAT code`,
    );
    t.match(shop, { credentials: { shopId: '506751' }, vatCode: 4 }, `site ${site!.id}: the server configures its shop from them`);
  }
  for (const site of podConfig.sites.sites.filter((s) => !s.isTest))
    t.ok(bySite.has(site.id.toUpperCase().replace(/-/g, '_')), `the regional site ${site.id} can be given its shop`);
});

t.test('the pods get what the code needs to run as pods behind the proxy', async (t) => {
  // What config.ts refuses to boot without in production: none today; one made required later must be set here too.
  let required: string[] = [];
  try {
    loadConfig({ NODE_ENV: 'production' });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    required = [...err.message.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
    t.ok(required.length > 0, `config.ts requires ${required.join(', ')}`);
  }
  for (const name of required) t.ok(appEnv[name], `${name} (required by config.ts) is set`);

  t.equal(podConfig.env, 'production', 'NODE_ENV=production');
  const db = compose.services.db;
  const dbEnv = resolve(environmentOf(db), OPERATOR_ENV);
  const url = new URL(podConfig.databaseUrl ?? 'postgres://unset');
  t.same(
    { host: url.hostname, port: url.port, user: url.username, password: url.password, database: url.pathname.slice(1) },
    { host: 'db', port: '5432', user: dbEnv.POSTGRES_USER, password: dbEnv.POSTGRES_PASSWORD, database: dbEnv.POSTGRES_DB },
    'DATABASE_URL: both pods on the db service’s database, as its user, with its password',
  );
  t.equal(podConfig.sessionSecret, OPERATOR_ENV.SESSION_SECRET, 'SESSION_SECRET from .env');
  t.equal(podConfig.env === 'production' && podConfig.mail.worker, true, 'the mail worker runs on each pod (it is safe to)');

  // TRUST_PROXY: the proxy's own address on the network it shares with the pods, and an address (Fastify ignores hop counts).
  const proxyNetworks = compose.services.proxy.networks;
  const [edge, proxyOnEdge] = Object.entries<{ ipv4_address?: string }>(proxyNetworks).find(([, n]) => n?.ipv4_address)!;
  const proxyAddress = interpolate(proxyOnEdge.ipv4_address!, OPERATOR_ENV);
  t.same(podConfig.trustProxy, [proxyAddress], `TRUST_PROXY names the proxy's address ${proxyAddress}`);
  const subnet = interpolate(compose.networks[edge].ipam.config[0].subnet, OPERATOR_ENV);
  t.ok(inSubnet(proxyAddress, subnet), `${proxyAddress} lies in the ${edge} network's subnet ${subnet}`);
  for (const name of appNames) t.ok(networksOf(compose.services[name]).includes(edge), `${name} is on the ${edge} network with the proxy`);

  // Nothing secret in the file: without .env the secrets are missing (compose stops) or empty (unset), never a value.
  for (const name of ['POSTGRES_PASSWORD', 'SESSION_SECRET'] as const) {
    const without = { ...OPERATOR_ENV, [name]: '' };
    t.throws(() => resolve(appEnv, without), { name: 'MissingVariable' }, `compose refuses to start the pods without ${name}`);
  }
  t.throws(() => resolve(environmentOf(db), {}), { name: 'MissingVariable' }, 'and the database without POSTGRES_PASSWORD');
  const secretLike = Object.keys(appEnv).filter((name) => /SECRET|PASSWORD|TOKEN|SMTP_URL/.test(name));
  t.ok(secretLike.includes('SMTP_URL') && secretLike.includes('ADDRESS_SUGGEST_TOKEN'), 'the secret-bearing variables were found');
  for (const name of secretLike) {
    let value: string | undefined;
    try {
      value = interpolate(appEnv[name]!, {});
    } catch (err) {
      if (!(err instanceof MissingVariable)) throw err;
    }
    t.ok(value === undefined || value === '', `${name}: from .env only, nothing written in compose.yaml`);
  }
});

t.test('every regional host is routed by the proxy, and no other host', async (t) => {
  t.ok(siteBlocks.length > 0, 'the Caddyfile has site blocks');
  for (const site of podConfig.sites.sites.filter((s) => !s.isTest)) {
    for (const host of [site.host, ...site.aliases].filter((h) => !isLocalHost(h)))
      t.ok(caddyHosts.includes(host), `${host} (site ${site.id}) is served by the proxy`);
  }
  const configured = new Set(podConfig.sites.sites.flatMap((s) => [s.host, ...s.aliases]));
  for (const host of caddyHosts) {
    t.ok(configured.has(host), `${host}: a configured site's host (another would be redirected to the default site)`);
    t.notOk(isLocalHost(host), `${host}: not a local host (the back office and the demo inbox answer local hosts)`);
  }
  for (const block of siteBlocks) t.match(block.body, /^import storefront$/m, `${block.label}: proxied to the pods`);

  const storefront = snippet('storefront');
  if (!t.ok(storefront, 'the storefront snippet')) return;
  const tls = /^tls \{\$CADDY_TLS:([^}]+)\}$/m.exec(storefront!.body);
  t.equal(tls?.[1], 'internal', 'TLS from CADDY_TLS, Caddy’s internal CA when it is unset');
  t.equal(
    interpolate(environmentOf(compose.services.proxy).CADDY_TLS ?? '', {}),
    'internal',
    'compose passes CADDY_TLS, internal by default',
  );
});

t.test('the proxy balances over both pods, on the port they listen on', async (t) => {
  const storefront = snippet('storefront')!;
  const upstreams = /^reverse_proxy ([^{]+)\{$/m.exec(storefront.body)?.[1]?.trim().split(/\s+/) ?? [];
  t.same(upstreams.toSorted(), appNames.map((name) => `${name}:${podConfig.port}`).toSorted(), `upstreams: ${upstreams.join(' ')}`);
  t.match(storefront.body, /^lb_policy round_robin$/m, 'round robin: no pod is sticky');
  t.equal(/^EXPOSE (\d+)$/m.exec(read('Dockerfile'))?.[1], String(podConfig.port), 'the image exposes that port');

  const proxy = compose.services.proxy;
  t.match(proxy.image, /^caddy:2(\.|$)/, 'Caddy 2');
  t.ok(proxy.volumes.includes('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro'), 'with deploy/Caddyfile as its configuration');
  for (const port of ['80:80', '443:443']) t.ok(proxy.ports.includes(port), `publishes ${port}`);
  for (const name of appNames) {
    t.notOk(compose.services[name].ports, `${name} publishes no port: only the proxy reaches it`);
    t.equal(proxy.depends_on?.[name]?.condition, 'service_healthy', `the proxy starts once ${name} is healthy`);
  }
  t.notOk(
    networksOf(proxy).some((n) => networksOf(compose.services.db).includes(n)),
    'the proxy shares no network with the database',
  );
});

t.test('the health checks ask paths the app answers', async (t) => {
  const check = compose.services[appNames[0]!].healthcheck.test.join(' ');
  const probe = /http:\/\/(?:127\.0\.0\.1|localhost):(\d+)(\/[\w/-]*)/.exec(check);
  if (!t.ok(probe, `the pods' health check asks a local URL: ${check}`)) return;
  t.equal(Number(probe![1]), podConfig.port, 'on the port the pod listens on');
  const readiness = /^health_uri (\S+)$/m.exec(snippet('storefront')!.body)?.[1];
  t.ok(readiness, 'Caddy checks each pod actively');

  const app = await startTestApp(t);
  for (const path of [probe![2]!, readiness!]) {
    // As Docker and Caddy ask: the container's own address or the upstream's name as the Host.
    const res = await app.request({ url: path, host: `${appNames[0]}:${podConfig.port}` });
    t.equal(res.statusCode, 200, `GET ${path} answers 200`);
    t.equal(res.json().status, 'ok');
  }

  const db = compose.services.db;
  const dbEnv = resolve(environmentOf(db), OPERATOR_ENV);
  t.match(db.healthcheck.test.join(' '), `pg_isready -U ${dbEnv.POSTGRES_USER} -d ${dbEnv.POSTGRES_DB}`, 'the database’s check');
  const [volume] = db.volumes[0].split(':');
  t.ok(volume in (compose.volumes ?? {}), `its data in the named volume ${volume}`);
});

function networksOf(service: { networks?: string[] | Record<string, unknown> }): string[] {
  const networks = service.networks ?? ['default'];
  return Array.isArray(networks) ? networks : Object.keys(networks);
}

function inSubnet(address: string, cidr: string): boolean {
  const toNumber = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const [base, bits] = cidr.split('/') as [string, string];
  const size = 2 ** (32 - Number(bits));
  return Math.floor(toNumber(address) / size) === Math.floor(toNumber(base) / size);
}
