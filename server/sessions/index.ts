/** The public face of server/sessions/: what the rest of the server imports from it. */
export { EMPTY_SNAPSHOT, isSessionId, loadSessionSecret, newSessionId, SessionService, type SessionSnapshot } from './sessions.ts';
