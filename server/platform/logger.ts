/**
 * The process logger: pino JSON lines, each request's lines carrying its reqId. Request URLs are logged with
 * the site token (`token` query parameter, spec §7) redacted: logs must not hold a credential.
 * A client that goes away mid-answer (closed tab, reset connection) is an everyday event, not a server fault:
 * such failures are logged at info with `clientAborted: true`, never as errors (StorefrontLogController for
 * Fastify's own lines, logRequestError for ours).
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}

/** Socket and stream errors that only say the peer went away. */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

/** Whether the request's connection is closed (the client left before its answer was complete). */
export function clientGone(request: FastifyRequest): boolean {
  return request.raw.socket?.destroyed === true;
}

/**
 * Whether an error only reports that the client went away: a socket/stream code of a closed peer, or an abort
 * (our AbortController on disconnect, node's "aborted" body) while the request's connection is closed.
 */
export function isClientAbort(err: unknown, request?: FastifyRequest): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown } | null | undefined;
  if (typeof e?.code === 'string' && CLIENT_GONE_CODES.has(e.code)) return true;
  const aborted = e?.name === 'AbortError' || e?.message === 'aborted' || e?.message === 'client disconnected';
  return aborted && !!request && clientGone(request);
}

/** Logs a failed request: at error level, or at info when the client had simply gone away. */
export function logRequestError(request: FastifyRequest, err: unknown, msg: string): void {
  if (isClientAbort(err, request)) request.log.info({ err, clientAborted: true }, msg);
  else request.log.error({ err }, msg);
}

/** Fastify's own request lines (pass as the `logController` option), with client aborts at info. */
export class StorefrontLogController extends LogController {
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error && isClientAbort(error, request)) {
      if (!this.isLogDisabled(request))
        reply.log.info({ res: reply, err: error, responseTime: reply.elapsedTime, clientAborted: true }, 'request aborted by the client');
      return;
    }
    super.requestCompleted(error, request, reply, metadata);
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (isClientAbort(error, request)) {
      if (!this.isLogDisabled(request)) reply.log.info({ res: reply, err: error, clientAborted: true }, 'stream closed by the client');
      return;
    }
    super.streamError(error, request, reply, metadata);
  }
}

/**
 * Warns once when requests arrive through a proxy (X-Forwarded-For) that the app does not trust: every visitor
 * then has the proxy's address (one shared sign-in limit per address, wrong /api/location) and the protocol is
 * taken as http (no HSTS header). Set TRUST_PROXY (README, "Operations").
 */
export function warnUntrustedProxy(app: FastifyInstance, trustProxy: unknown): void {
  if (trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(
      { remoteAddress: request.ip },
      "requests carry X-Forwarded-For but TRUST_PROXY is unset: client addresses (sign-in limits) are the proxy's and no HSTS is sent",
    );
  });
}
