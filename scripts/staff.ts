/**
 * The back office's members from the command line (decision 049) — how the first owner is made:
 *   npm run staff -- add <email> <role> [--sites=kz,md] [--name="Имя"]   prints the generated first password
 *   npm run staff -- list
 *   npm run staff -- reset <email>                                        a new password and a new authenticator
 * Roles: owner, manager, content. Against the configured database (DATABASE_URL or DATA_DIR), migrated first.
 * Every change is in the audit log as made by "command line".
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { loadConfig } from '../server/platform/config.ts';
import { isStaffRole, STAFF_ROLES, StaffError, StaffService } from '../server/staff/index.ts';

const USAGE = `usage: npm run staff -- add <email> <${STAFF_ROLES.join('|')}> [--sites=kz,md] [--name=…]
       npm run staff -- list
       npm run staff -- reset <email>`;
const CLI = { id: null, email: 'command line' };

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { sites: { type: 'string' }, name: { type: 'string' } } });
const [command, email, role] = positionals;
const config = loadConfig();
const knownSites = config.sites.sites.map((s) => s.id);
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  // The secret only derives form tokens; the CLI makes none.
  const staff = new StaffService(db, 'cli');
  if (command === 'add') {
    if (!email || !z.email().safeParse(email).success) fail(`${USAGE}\n\nnot an e-mail: ${email ?? ''}`);
    if (!role || !isStaffRole(role)) fail(`${USAGE}\n\nunknown role: ${role ?? ''}`);
    const sites = values.sites
      ? values.sites
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null;
    const unknown = sites?.filter((s) => !knownSites.includes(s)) ?? [];
    if (unknown.length) fail(`unknown sites: ${unknown.join(', ')} (configured: ${knownSites.join(', ')})`);
    const { member, password } = await staff.add({ email, role, sites, name: values.name }, CLI);
    console.log(`added ${member.email} as ${member.role}${member.sites ? ` for ${member.sites.join(', ')}` : ' for every site'}`);
    console.log(`first password: ${password}`);
    console.log('Sign in at /staff on a staff host; the first sign-in enrols an authenticator app.');
  } else if (command === 'list') {
    for (const m of await staff.list())
      console.log(
        `${m.id}\t${m.email}\t${m.role}\t${m.sites?.join(',') ?? 'all'}\t${m.hasTotp ? 'totp' : 'no totp'}${m.disabled ? '\tdisabled' : ''}`,
      );
  } else if (command === 'reset') {
    const member = (await staff.list()).find((m) => m.email.toLowerCase() === (email ?? '').toLowerCase());
    if (!member) fail(`no staff member ${email ?? ''}`);
    console.log(`new password: ${await staff.resetCredentials(member.id, { totp: true }, CLI)}`);
    console.log('The next sign-in enrols a new authenticator.');
  } else {
    fail(USAGE);
  }
} catch (error) {
  if (error instanceof StaffError) fail(error.message);
  throw error;
} finally {
  await db.close();
}
