/**
 * A real SMTP server on 127.0.0.1 for tests (smtp-server): the app's real nodemailer client talks to it. It keeps
 * every accepted message, parsed enough to read (recipients, subject, text and HTML parts, headers), can demand a
 * user and password, and can refuse the next N messages with a 4xx or 5xx reply.
 *
 *   const smtp = await startFakeSmtp(t);             // closed at the end of the test
 *   const app = await startTestApp(t, { SMTP_URL: smtp.url });
 *   … enqueue, then await app.fastify.mail.runOnce();
 *   const mail = await smtp.waitFor((m) => m.to.includes('ivan@example.com'));
 *   const link = mail.text.match(/https?:\/\/\S+/)?.[0];
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Test } from 'tap';

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  envelopeFrom: string;
  to: string[];
  /** Headers by lower-case name, unfolded, encoded words decoded (the last one of a repeated name). */
  headers: Map<string, string>;
  subject: string;
  from: string;
  replyTo: string | undefined;
  messageId: string | undefined;
  /** The text/plain part, decoded ('' when none). */
  text: string;
  /** The text/html part, decoded. */
  html: string | undefined;
  raw: string;
}

export interface FakeSmtp {
  /** smtp://[user:pass@]127.0.0.1:<port> — for SMTP_URL. */
  url: string;
  port: number;
  /** Accepted messages, in order. */
  messages: ReceivedMail[];
  /** Messages refused so far (each refusal counted once). */
  refused: number;
  /** Connections opened so far. */
  connections: number;
  /** Refuse the next n messages after their data: `code` 4xx (try later) or 5xx (rejected). */
  refuseNext(n: number, code?: number, message?: string): void;
  /** Resolves with the first message (already received or arriving within timeoutMs) that matches. */
  waitFor(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface FakeSmtpOptions {
  /** Demand these credentials (AUTH PLAIN/LOGIN); any other pair is refused with 535. */
  auth?: { user: string; pass: string };
}

export async function startFakeSmtp(t: Test | null, options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refuse = { left: 0, code: 451, message: 'Try again later' };
  const state = { refused: 0, connections: 0 };

  const server = new SMTPServer({
    // No TLS in tests: plain SMTP, AUTH allowed over it.
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    logger: false,
    onConnect(_session, callback) {
      state.connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        return callback(null, { user: auth.username });
      }
      const err = new Error('Authentication failed') as Error & { responseCode: number };
      err.responseCode = 535;
      return callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse.left > 0) {
          refuse.left--;
          state.refused++;
          const err = new Error(refuse.message) as Error & { responseCode: number };
          err.responseCode = refuse.code;
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push(parseMail(raw, session.envelope.mailFrom ? session.envelope.mailFrom.address : '', session.envelope.rcptTo));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';

  let closed = false;
  const fake: FakeSmtp = {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages,
    get refused() {
      return state.refused;
    },
    get connections() {
      return state.connections;
    },
    refuseNext(n, code = 451, message = code >= 500 ? 'Rejected' : 'Try again later') {
      refuse = { left: n, code, message };
    },
    waitFor(match = () => true, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake SMTP: no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  t?.teardown(() => fake.close());
  return fake;
}

/** Splits a MIME entity into its headers (lower-case names, unfolded) and body. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? '' : text.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=); adjacent words join without the space between them. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' '), false),
    );
}

function decodeQuotedPrintable(value: string, soft = true): string {
  const joined = soft ? value.replace(/=\n/g, '') : value;
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** The decoded leaf parts of an entity, by content type. */
function leafParts(raw: string, out: Array<{ type: string; body: string }> = []) {
  const { headers, body } = splitEntity(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`);
    // [preamble, part, part, …, "--" epilogue]
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      leafParts(section.replace(/^\n/, '').replace(/\n$/, ''), out);
    }
  } else {
    out.push({ type: contentType.split(';')[0]!.trim().toLowerCase(), body: decodeBody(body, headers.get('content-transfer-encoding')) });
  }
  return out;
}

export function parseMail(raw: string, envelopeFrom: string, rcptTo: Array<{ address: string }>): ReceivedMail {
  const { headers } = splitEntity(raw);
  const parts = leafParts(raw);
  return {
    envelopeFrom,
    to: rcptTo.map((r) => r.address),
    headers,
    subject: headers.get('subject') ?? '',
    from: headers.get('from') ?? '',
    replyTo: headers.get('reply-to'),
    messageId: headers.get('message-id'),
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body,
    raw,
  };
}
