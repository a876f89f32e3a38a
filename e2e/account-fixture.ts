/**
 * The browser tests' mailbox for account mails: a tiny HTTP server beside the e2e server that answers
 * GET /mail?to=<address>&kind=<kind> with the newest such message of the outbox (what the SMTP server would get) as
 * JSON, or 404. Test-only: e2e/server.ts starts it on E2E_PORT + 1.
 */
import { createServer } from 'node:http';
import type { Db } from '../server/db/index.ts';

export const mailboxPort = (e2ePort: number) => e2ePort + 1;

export function startMailbox(db: Db, port: number): Promise<() => Promise<void>> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [row] = await db.query<{ subject: string; text_body: string; language: string }>(
      `SELECT subject, text_body, language FROM outbox WHERE lower(recipient) = lower($1) AND kind = $2 ORDER BY id DESC LIMIT 1`,
      [url.searchParams.get('to') ?? '', url.searchParams.get('kind') ?? ''],
    );
    res.writeHead(row ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(row ?? null));
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(() => new Promise<void>((done) => server.close(() => done())))),
  );
}
