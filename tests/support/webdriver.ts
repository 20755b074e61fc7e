/**
 * A small classic WebDriver client over `fetch`, enough to drive WebKitGTK's MiniBrowser through
 * WebKitWebDriver (no new dependency): a session, navigation, elements found by CSS or XPath, clicks,
 * keys, scripts and screenshots. The driver runs under `xvfb-run` in its own process group, killed whole
 * at the end so no Xvfb or browser outlives the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** The key WebDriver uses to mark an element reference in JSON. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export interface ElementRef {
  [ELEMENT_KEY]: string;
}

export class WebDriverError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(`WebDriver ${status} ${error}: ${message}`);
  }
}

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { value: T & { error?: string; message?: string } };
  if (!res.ok) throw new WebDriverError(res.status, json.value?.error ?? 'unknown', json.value?.message ?? '');
  return json.value;
}

/** One browser session; every method is one WebDriver command. */
export class Session {
  constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  private cmd<T>(method: string, path: string, body?: unknown) {
    return call<T>(this.base, method, `/session/${this.id}${path}`, body);
  }

  navigate(url: string) {
    return this.cmd<null>('POST', '/url', { url });
  }

  refresh() {
    return this.cmd<null>('POST', '/refresh', {});
  }

  back() {
    return this.cmd<null>('POST', '/back', {});
  }

  url() {
    return this.cmd<string>('GET', '/url');
  }

  find(using: 'css selector' | 'xpath', value: string) {
    return this.cmd<ElementRef>('POST', '/element', { using, value });
  }

  findAll(using: 'css selector' | 'xpath', value: string) {
    return this.cmd<ElementRef[]>('POST', '/elements', { using, value });
  }

  click(el: ElementRef) {
    return this.cmd<null>('POST', `/element/${el[ELEMENT_KEY]}/click`, {});
  }

  clear(el: ElementRef) {
    return this.cmd<null>('POST', `/element/${el[ELEMENT_KEY]}/clear`, {});
  }

  sendKeys(el: ElementRef, text: string) {
    return this.cmd<null>('POST', `/element/${el[ELEMENT_KEY]}/value`, { text });
  }

  text(el: ElementRef) {
    return this.cmd<string>('GET', `/element/${el[ELEMENT_KEY]}/text`);
  }

  /** Runs `script` (a function body; `arguments` holds `args`) in the page and answers what it returns. */
  execute<T>(script: string, args: unknown[] = []) {
    return this.cmd<T>('POST', '/execute/sync', { script, args });
  }

  /** Like `execute`, but the script calls `arguments[arguments.length - 1](value)` to answer. */
  executeAsync<T>(script: string, args: unknown[] = []) {
    return this.cmd<T>('POST', '/execute/async', { script, args });
  }

  setTimeouts(t: { script?: number; pageLoad?: number; implicit?: number }) {
    return this.cmd<null>('POST', '/timeouts', t);
  }

  async screenshot(path: string) {
    const png = await this.cmd<string>('GET', '/screenshot');
    await writeFile(path, Buffer.from(png, 'base64'));
  }

  close() {
    return this.cmd<null>('DELETE', '');
  }
}

export interface WebKitDriver {
  session: Session;
  /** Ends the session and kills the driver, Xvfb and the browser (the whole process group). */
  quit(): Promise<void>;
  output(): string;
}

/**
 * WebKitWebDriver under a virtual display, and one MiniBrowser session. MiniBrowser has no profile option:
 * its data lives under XDG_DATA_HOME/XDG_CACHE_HOME, pointed here at a fresh directory, so each run starts
 * with no service worker, IndexedDB or storage left by another.
 */
export async function startWebKit(options: { timeZone?: string } = {}): Promise<WebKitDriver> {
  const port = await freePort();
  const home = await mkdtemp(join(tmpdir(), 'village-webkit-'));
  let output = '';
  const child: ChildProcess = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], {
    detached: true,
    env: {
      ...process.env,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_CONFIG_HOME: join(home, 'config'),
      TZ: options.timeZone ?? process.env.TZ,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const killGroup = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 3_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited:\n${output}`);
      try {
        if ((await fetch(`${base}/status`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const args = ['--automation'];
    if (options.timeZone) args.push(`--time-zone=${options.timeZone}`);
    // No browserName: WebKitWebDriver then fails to match MiniBrowser.
    const created = await call<{ sessionId: string }>(base, 'POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args } } },
    });
    const session = new Session(base, created.sessionId);
    return {
      session,
      async quit() {
        await session.close().catch(() => undefined);
        await killGroup();
        // A WebKit process still ending may write its shader cache as the directory goes (ENOTEMPTY): retried.
        await rm(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      },
      output: () => output,
    };
  } catch (error) {
    await killGroup();
    await rm(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    throw error;
  }
}
