/**
 * The demo as `npm start` runs it (no SMTP, the demo inbox on), started once per spec file on a free port from
 * e2e/demo-inbox-server.ts and stopped after it. It prints the staff members it created for the back office's specs.
 * Call `demoServer()` at a spec file's top level: it registers the hooks and returns a handle filled before the tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { test } from './fixtures.ts';

export interface DemoLogin {
  email: string;
  password: string;
}

export interface DemoServer {
  /** http://localhost:<port> */
  base: string;
  /** A manager and a content editor created at start (their first sign-in enrols an authenticator). */
  staff: DemoLogin;
  editor: DemoLogin;
}

export function demoServer(): DemoServer {
  const handle: DemoServer = { base: '', staff: { email: '', password: '' }, editor: { email: '', password: '' } };
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/demo-inbox-server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
    server = child;
    handle.base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const login = /staff (\S+) (\S+)/.exec(out);
        const content = /editor (\S+) (\S+)/.exec(out);
        const port = /listening (\d+)/.exec(out)?.[1];
        if (!port || !login || !content) return;
        handle.staff = { email: login[1]!, password: login[2]! };
        handle.editor = { email: content[1]!, password: content[2]! };
        resolve(`http://localhost:${port}`);
      });
      child.on('exit', (code) => reject(new Error(`the demo server exited (${code})`)));
    });
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server!.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
  });

  return handle;
}
