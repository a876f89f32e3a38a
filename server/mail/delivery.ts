/**
 * Mail delivery: the worker that sends the outbox's messages (server/mail/outbox.ts) — every pod may run one
 * on the shared database (docs/decisions/023-mail-outbox.md).
 *  - Claiming: a batch of due messages is leased (locked_until) in one statement whose row lock skips rows another
 *    worker is claiming (FOR UPDATE SKIP LOCKED); a leased message is invisible to other workers until its lease
 *    ends, so a message is sent by one worker only. A worker that dies mid-batch leaves its leases to expire and
 *    another worker sends those messages: delivery is at least once, with a stable Message-ID for the receiver.
 *  - Outcome: sent → sent_at; refused or unreachable → attempts + 1, last_error, next attempt after an exponential
 *    backoff (capped); after the last allowed attempt → failed_at, logged at error level, never tried again.
 *  - Forgetting (docs/decisions/037-outbox-forgets.md): a message sent or given up on keeps its kind, masked
 *    recipient, subject, times and error; its bodies (names, addresses, live link tokens) and reply-to are erased in
 *    the statement that records the outcome, and the recipient is masked in it (and in last_error).
 *  - Transport: SMTP through nodemailer, or, with no SMTP configured (the demo), a log line per message and the
 *    message kept whole in the demo inbox (server/mail/demo-inbox.ts, docs/decisions/042-demo-inbox.md).
 * It runs beside the requests, never inside one: a mail server that is down or slow delays mail, nothing else.
 */
import nodemailer from 'nodemailer';
import { siteBrand } from '../../shared/public-site.ts';
import type { Language, Site, SiteDirectory } from '../../shared/sites.ts';
import type { Db } from '../db/index.ts';
import type { DemoInbox } from './demo-inbox.ts';

/** A message ready for a transport: the outbox row with its sender worked out. */
export interface OutgoingMail {
  id: number;
  site: Site;
  kind: string;
  language: string;
  to: string;
  from: { name: string; address: string };
  replyTo: string;
  /** Stable per message, so a receiver can drop the rare second copy (at-least-once delivery). */
  messageId: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  /** Resolves when the server accepted the message; rejects with the reason it did not, or when `signal` aborts. */
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
  close(): void;
}

/** The subset of a pino / Fastify logger the worker writes to. */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SmtpOptions {
  /** Connection, greeting and socket-inactivity limits, in milliseconds. */
  timeoutMs?: number;
}

/** SMTP through nodemailer's pooled transport; the URL (credentials included) is never logged or stored. */
export function smtpTransport(url: string, options: SmtpOptions = {}): MailTransport {
  const timeout = options.timeoutMs ?? 15_000;
  const secret = new URL(url).password;
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
    logger: false,
  });
  // An error message must not carry the password anywhere (last_error, logs): it never should, but be sure.
  const redact = (message: string) => (secret ? message.split(secret).join('[redacted]') : message);
  return {
    kind: 'smtp',
    async send(mail, signal) {
      try {
        await transporter.sendMail({
          signal,
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          messageId: mail.messageId,
        });
      } catch (err) {
        const e = err as Error & { responseCode?: number };
        const error = new Error(redact(e.message || String(err)));
        (error as Error & { responseCode?: number }).responseCode = e.responseCode;
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/** "ivan.petrov@mail.ru" → "i***@mail.ru": enough to tell messages apart in a log, not to harvest addresses. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/**
 * No SMTP configured (the demo): each message becomes one info line — never its body, which may hold a link's secret —
 * and, given the demo inbox, is kept there whole for the demo inbox page (decision 042). A message the inbox could not
 * keep (the database is away) counts as not sent: the worker tries it again.
 */
export function logTransport(log: MailLog, inbox?: DemoInbox): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      if (inbox) {
        await inbox.keep({
          outboxId: mail.id,
          site: mail.site.id,
          kind: mail.kind,
          language: mail.language,
          from: `${mail.from.name} <${mail.from.address}>`,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      }
      log.info(
        { mail: mail.id, kind: mail.kind, site: mail.site.id, language: mail.language, to: maskAddress(mail.to), subject: mail.subject },
        inbox ? 'mail logged, not sent (SMTP_URL unset): kept in the demo inbox' : 'mail logged, not sent (SMTP_URL unset)',
      );
    },
    close() {},
  };
}

export interface MailDeliveryOptions {
  db: Db;
  sites: SiteDirectory;
  transport: MailTransport;
  log: MailLog;
  /** MAIL_FROM; null: "<site brand> <noreply@<site host>>". A set address without a name takes the site's brand. */
  from?: { name: string | null; address: string } | null;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** The wait after the first failure; it doubles with each further one … */
  backoffBaseMs?: number;
  /** … up to this. */
  backoffMaxMs?: number;
  /** Messages claimed per statement. */
  batchSize?: number;
  /** The longest one send may take before it counts as failed (the transport's own timeouts come first). */
  sendTimeoutMs?: number;
  /** Milliseconds between looks for due messages when the worker runs (start()). */
  pollMs?: number;
}

export interface DeliveryRun {
  sent: number;
  /** Failed attempts that will be tried again. */
  retried: number;
  /** Messages given up on in this run. */
  failed: number;
}

interface ClaimedRow {
  id: string | number;
  site: string;
  kind: string;
  language: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  attempts: number;
  created_at: Date | string;
}

/**
 * The SET clause that erases a message when `finished` (an SQL condition) holds: its bodies and reply-to go, its
 * recipient becomes the mask in parameter `masked`.
 */
function erasedIf(finished: string, masked: string): string {
  return ['text_body', 'html_body', 'reply_to', 'recipient']
    .map((column) => `${column} = CASE WHEN ${finished} THEN ${column === 'recipient' ? `${masked}::text` : 'NULL'} ELSE ${column} END`)
    .join(', ');
}

/** The wait before attempt `attempts + 1`, after `attempts` failures: base, 2·base, 4·base … up to max. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 40)));
}

export class MailDelivery {
  readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly batchSize: number;
  private readonly sendTimeoutMs: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  /** Totals by kind since start, for /metrics. */
  readonly counts = { sent: new Map<string, number>(), retried: new Map<string, number>(), failed: new Map<string, number>() };
  private timer: NodeJS.Timeout | null = null;
  /** Aborted by stop(): ends a send in flight. */
  private readonly shutdown = new AbortController();
  private running: Promise<DeliveryRun> | null = null;
  private stopped = true;
  /** Set by stop(): a run in flight sends nothing more. */
  private stopping = false;

  constructor(private readonly options: MailDeliveryOptions) {
    this.maxAttempts = options.maxAttempts ?? 10;
    this.backoffBaseMs = options.backoffBaseMs ?? 30_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 3_600_000;
    this.batchSize = options.batchSize ?? 10;
    this.sendTimeoutMs = options.sendTimeoutMs ?? 60_000;
    // A batch is sent one message after another: the lease covers the slowest possible batch, so no message's
    // lease ends while its worker still means to send it.
    this.leaseMs = this.batchSize * this.sendTimeoutMs + 30_000;
    this.pollMs = options.pollMs ?? 2000;
  }

  get transportKind(): MailTransport['kind'] {
    return this.options.transport.kind;
  }

  /** Sends every message due now (batch after batch) and resolves with what happened. Safe beside other workers. */
  async runOnce(): Promise<DeliveryRun> {
    const total: DeliveryRun = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const batch = await this.claim();
      for (const [i, row] of batch.entries()) {
        if (this.stopping) {
          // Shutting down: the rest of the batch goes back to the queue at once, for another worker.
          const rest = batch.slice(i).map((r) => Number(r.id));
          await this.options.db.query('UPDATE outbox SET locked_until = NULL WHERE id = ANY($1::bigint[]) AND sent_at IS NULL', [rest]);
          return total;
        }
        const outcome = await this.deliver(row);
        if (outcome !== 'released') total[outcome]++;
      }
      if (batch.length < this.batchSize || this.stopping) return total;
    }
  }

  /** Messages waiting to be sent (due or backing off), for /metrics. */
  async queued(): Promise<number> {
    const [row] = await this.options.db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL',
    );
    return Number(row?.n ?? 0);
  }

  /** Runs runOnce every pollMs until stop() (final); a failed run (database down) is logged and the next one tried. */
  start(): void {
    if (!this.stopped || this.stopping) return; // running already, or stopped for good (the transport is closed)
    this.stopped = false;
    let failures = 0;
    const tick = async () => {
      this.timer = null;
      if (this.stopped) return;
      this.running = this.runOnce();
      try {
        await this.running;
        failures = 0;
      } catch (err) {
        failures++;
        this.options.log.warn({ err, failures }, 'mail delivery run failed; trying again later');
      } finally {
        this.running = null;
      }
      // A database that is down is asked less and less often (up to every 30 s), not every poll.
      if (!this.stopped) this.schedule(tick, failures ? backoffMs(failures + 1, this.pollMs, Math.max(this.pollMs, 30_000)) : this.pollMs);
    };
    this.schedule(tick, 0);
  }

  /** Stops polling and waits (up to waitMs) for a run in flight, whose unsent messages go back to the queue. */
  async stop(waitMs = 10_000): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A send in flight ends now; its message goes back to the queue without counting as an attempt.
    this.shutdown.abort();
    const running = this.running;
    if (running) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running.catch(() => {}), new Promise((done) => (timer = setTimeout(done, waitMs)))]);
      clearTimeout(timer);
    }
    this.options.transport.close();
  }

  private schedule(tick: () => Promise<void>, delay: number): void {
    this.timer = setTimeout(() => void tick(), delay);
    // The worker alone never keeps a process alive (tests, scripts); the server's socket does.
    this.timer.unref();
  }

  /** Leases up to batchSize due messages to this worker. */
  private claim(): Promise<ClaimedRow[]> {
    return this.options.db.query<ClaimedRow>(
      `UPDATE outbox SET locked_until = now() + $2::int * interval '1 millisecond'
       WHERE id IN (
         SELECT id FROM outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now() AND text_body IS NOT NULL
           AND (locked_until IS NULL OR locked_until <= now())
         ORDER BY next_attempt_at, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
       RETURNING id, site, kind, language, recipient, subject, text_body, html_body, reply_to, attempts, created_at`,
      [this.batchSize, this.leaseMs],
    );
  }

  private async deliver(row: ClaimedRow): Promise<keyof DeliveryRun | 'released'> {
    const { db, log, transport } = this.options;
    const id = Number(row.id);
    const mail = this.outgoing(row);
    const signal = AbortSignal.any([this.shutdown.signal, AbortSignal.timeout(this.sendTimeoutMs)]);
    try {
      // The race is the backstop for a transport that does not stop when told.
      await Promise.race([transport.send(mail, signal), rejectOnAbort(signal)]);
    } catch (err) {
      if (this.shutdown.signal.aborted) {
        await db.query('UPDATE outbox SET locked_until = NULL WHERE id = $1 AND sent_at IS NULL', [id]);
        return 'released';
      }
      const reason = signal.aborted
        ? `no answer from the mail server within ${this.sendTimeoutMs} ms`
        : (err as Error).message || String(err);
      // A mail server may quote the address back ("550 <ivan@…>: no such user"): the error keeps only its mask.
      const masked = maskAddress(row.recipient);
      const message = reason.split(row.recipient).join(masked).slice(0, 1000);
      const attempts = row.attempts + 1;
      const giveUp = attempts >= this.maxAttempts;
      const delay = backoffMs(attempts, this.backoffBaseMs, this.backoffMaxMs);
      // Given up on: the message will never be sent, so nothing in it is kept (an operator re-queues from the source).
      await db.query(
        `UPDATE outbox SET attempts = $2, last_error = $3, locked_until = NULL,
           next_attempt_at = now() + $4::int * interval '1 millisecond', failed_at = CASE WHEN $5::boolean THEN now() END,
           ${erasedIf('$5::boolean', '$6')}
         WHERE id = $1 AND sent_at IS NULL`,
        [id, attempts, message, delay, giveUp, masked],
      );
      const context = { mail: id, kind: row.kind, site: row.site, to: masked, attempts, error: message };
      if (giveUp) {
        log.error(context, 'mail given up on after its last attempt');
        bump(this.counts.failed, row.kind);
        return 'failed';
      }
      log.warn({ ...context, retryInMs: delay }, 'mail not delivered; will retry');
      bump(this.counts.retried, row.kind);
      return 'retried';
    }
    // Sent: the outbox forgets what it said (a link's token, a name, an address) and to whom, but for the mask.
    await db.query(
      `UPDATE outbox SET sent_at = now(), attempts = attempts + 1, locked_until = NULL, ${erasedIf('true', '$2')} WHERE id = $1`,
      [id, maskAddress(row.recipient)],
    );
    bump(this.counts.sent, row.kind);
    return 'sent';
  }

  private outgoing(row: ClaimedRow): OutgoingMail {
    const { sites, from } = this.options;
    // A site removed from the configuration since: its mail still goes, under the default site's name.
    const site = sites.byId(row.site) ?? sites.defaultSite;
    const id = Number(row.id);
    return {
      id,
      site,
      kind: row.kind,
      language: row.language,
      to: row.recipient,
      from: { name: from?.name ?? siteBrand(site, row.language as Language), address: from?.address ?? `noreply@${site.host}` },
      replyTo: row.reply_to ?? site.email,
      messageId: `<outbox.${id}.${new Date(row.created_at).getTime()}@${site.host}>`,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
    };
  }
}

/** A promise that rejects when the signal aborts (and never settles otherwise). */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function bump(counts: Map<string, number>, kind: string): void {
  counts.set(kind, (counts.get(kind) ?? 0) + 1);
}
