/**
 * The browser tests' mailbox for account mails: a tiny HTTP server beside the e2e server that answers
 * GET /mail?to=<address>&kind=<kind> with the newest such message as JSON, or 404. The outbox forgets a message's body
 * once it is sent (docs/decisions/037-outbox-forgets.md), so the body is the one the mail worker delivered to the
 * fake SMTP server (test/helpers/fake-smtp.ts) — what a real mailbox receives; the outbox's kept kind and recipient
 * digest say which delivered message is the newest of that kind (its Message-ID names the outbox row).
 * Test-only: e2e/server.ts starts it on E2E_PORT + 1.
 */
import { createServer } from 'node:http';
import type { Db } from '../server/db/index.ts';
import type { FakeSmtp } from '../test/helpers/fake-smtp.ts';

export const mailboxPort = (e2ePort: number) => e2ePort + 1;

export function startMailbox(db: Db, smtp: FakeSmtp, port: number): Promise<() => Promise<void>> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [row] = await db.query<{ id: string; language: string }>(
      `SELECT id::text, language FROM outbox
        WHERE recipient_digest = encode(sha256(convert_to(lower($1), 'UTF8')), 'hex') AND kind = $2 ORDER BY id DESC LIMIT 1`,
      [url.searchParams.get('to') ?? '', url.searchParams.get('kind') ?? ''],
    );
    const mail = row && smtp.messages.find((m) => m.messageId?.startsWith(`<outbox.${row.id}.`));
    const found = mail ? { subject: mail.subject, text_body: mail.text, language: row.language } : null;
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(() => new Promise<void>((done) => server.close(() => done())))),
  );
}
