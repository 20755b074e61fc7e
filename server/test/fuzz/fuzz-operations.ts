import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { answerProblems, messageOf, type SentAnswer } from './answer-checks';
import { buildScene } from './fuzz-scene';
import { inputsFor, type FuzzInput } from './fuzz-inputs';
import { jsonText } from './json-paths';
import { operationsOf, type Draft, type Operation } from './valid-request';
import type { World } from '../world';

/**
 * The fuzzer: reads the OpenAPI document the app serves, and for every operation sends its hostile inputs
 * (fuzz-inputs.ts) to the app on a scene of its own, one request at a time. It answers what it found rather
 * than failing, so that a test can also check that it finds what it must (a planted 500, a freeze).
 */

export interface FuzzOptions {
  /** The app under test: what answers a request. */
  fetch: (request: Request) => Response | Promise<Response>;
  /** Where each operation's scene is built (through its own app, so a planted fault does not stop that). */
  world: World;
  /** fast-check's seed: the same seed sends the same requests. */
  seed: number;
  /** Generated inputs per operation, on top of the fixed ones. */
  runs: number;
  /** Only these operations (`GET /v1/villages/{id}`); every one of the document when absent. */
  only?: string[];
  /** The longest the event loop may stall, and a health check wait, in ms. */
  maxLagMs: number;
  /** Past this, the operations left are not tried, and that is a finding: the run stays bounded whatever it meets. */
  budgetMs: number;
  /** Told of every answer, for a look at what each input met. */
  trace?: (entry: { operation: string; input: string; status: number; ms: number; message: string }) => void;
}

export interface Finding {
  operation: string;
  input: string;
  actor: string;
  /** The request in short: method, path and the start of its body. */
  request: string;
  status: number;
  message: string;
  problem: string;
}

export interface OperationRun {
  operation: string;
  requests: number;
  ms: number;
  /** Of `ms`, building the operation's scene. */
  sceneMs: number;
  maxLagMs: number;
  statuses: Record<number, number>;
}

export interface FuzzReport {
  seed: number;
  operations: OperationRun[];
  findings: Finding[];
  requests: number;
  /** The event loop's longest stall over the whole run, and the longest a health check waited. */
  maxLagMs: number;
  healthMaxMs: number;
  slowest: { operation: string; input: string; ms: number }[];
}

const HEALTH_EVERY_MS = 200;
const ORIGIN = 'http://localhost';

export async function fuzzOperations(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const photo = () => {
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    return form;
  };
  const documentAnswer = await send(options.fetch, new Request(`${ORIGIN}/v1/openapi.json`));
  if (documentAnswer.status !== 200) throw new Error(`GET /v1/openapi.json answered ${documentAnswer.status}`);
  const operations = operationsOf(documentAnswer.json as Parameters<typeof operationsOf>[0]).filter(
    (op) => !options.only || options.only.includes(op.key),
  );

  const findings: Finding[] = [];
  const runs: OperationRun[] = [];
  const timings: FuzzReport['slowest'] = [];
  let current = '(start)';

  // The event loop's stalls: one request that works synchronously for seconds stops every other client.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  // A health check asked every 200 ms while the requests go: how long a client asking then would have waited.
  const health = healthProbe(options, () => current, findings);

  try {
    for (const [index, op] of operations.entries()) {
      if (performance.now() - started > options.budgetMs) {
        findings.push({
          operation: op.key,
          input: '(all)',
          actor: '-',
          request: '-',
          status: 0,
          message: '',
          problem: `not fuzzed: the run's ${options.budgetMs} ms were spent`,
        });
        continue;
      }
      current = op.key;
      const run: OperationRun = { operation: op.key, requests: 0, ms: 0, sceneMs: 0, maxLagMs: 0, statuses: {} };
      const opStarted = performance.now();
      const scene = await buildScene(options.world, op.path);
      run.sceneMs = Math.round(performance.now() - opStarted);
      lag.reset();
      // A reset monitor records a delay only between two of its own ticks: a request that held the loop before the
      // first tick after the reset went unseen (a planted 600 ms stall, missed in one run of two on PostgreSQL).
      await new Promise((resolve) => setTimeout(resolve, 25));
      let slowest = { input: '', ms: 0 };
      for (const input of inputsFor(op, index, scene, { seed: options.seed, runs: options.runs, photo, png })) {
        const t = performance.now();
        const found = await sendInput(options.fetch, op, input);
        const ms = performance.now() - t;
        if (ms > slowest.ms) slowest = { input: input.label, ms };
        timings.push({ operation: op.key, input: input.label, ms });
        options.trace?.({
          operation: op.key,
          input: input.label,
          status: found.answer.status,
          ms: Math.round(ms),
          message: messageOf(found.answer),
        });
        run.requests += input.prelude ? 2 : 1;
        run.statuses[found.answer.status] = (run.statuses[found.answer.status] ?? 0) + 1;
        for (const problem of found.problems) findings.push(finding(op, input, found.answer, problem));
      }
      // Lets the monitor's timer record a stall that ended with the last request.
      await new Promise((resolve) => setTimeout(resolve, 30));
      run.maxLagMs = Math.round(lag.max / 1e6);
      if (run.maxLagMs > options.maxLagMs) {
        findings.push({
          operation: op.key,
          input: slowest.input,
          actor: '-',
          request: `its slowest request took ${Math.round(slowest.ms)} ms`,
          status: 0,
          message: '',
          problem: `the event loop stalled ${run.maxLagMs} ms (bound ${options.maxLagMs} ms)`,
        });
      }
      run.ms = Math.round(performance.now() - opStarted);
      runs.push(run);
    }
  } finally {
    lag.disable();
    await health.stop();
  }
  timings.sort((a, b) => b.ms - a.ms);
  return {
    seed: options.seed,
    operations: runs,
    findings,
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    maxLagMs: Math.max(0, ...runs.map((r) => r.maxLagMs)),
    healthMaxMs: health.maxMs(),
    slowest: timings.slice(0, 10).map((t) => ({ ...t, ms: Math.round(t.ms) })),
  };
}

function healthProbe(options: FuzzOptions, operation: () => string, findings: Finding[]) {
  let pending: Promise<void> | undefined;
  let max = 0;
  const timer = setInterval(() => {
    if (pending) return;
    // Asked when the timer was due: a stall that held the tick back counts in the wait, as it would for a client.
    const askedAt = Math.min(performance.now(), dueAt);
    pending = send(options.fetch, new Request(`${ORIGIN}/v1/health`))
      .then((answer) => {
        const waited = Math.round(performance.now() - askedAt);
        max = Math.max(max, waited);
        const problem =
          answer.status !== 200
            ? `GET /v1/health answered ${answer.status} during the run`
            : waited > options.maxLagMs
              ? `GET /v1/health waited ${waited} ms during the run (bound ${options.maxLagMs} ms)`
              : undefined;
        if (problem)
          findings.push({
            operation: operation(),
            input: 'health check',
            actor: 'anonymous',
            request: 'GET /v1/health',
            status: answer.status,
            message: messageOf(answer),
            problem,
          });
      })
      .finally(() => {
        pending = undefined;
        dueAt = performance.now() + HEALTH_EVERY_MS;
      });
  }, HEALTH_EVERY_MS);
  let dueAt = performance.now() + HEALTH_EVERY_MS;
  return {
    maxMs: () => max,
    async stop() {
      clearInterval(timer);
      await pending;
    },
  };
}

async function sendInput(
  fetch: FuzzOptions['fetch'],
  op: Operation,
  input: FuzzInput,
): Promise<{ answer: SentAnswer; problems: string[] }> {
  const prelude = input.prelude ? await send(fetch, toRequest(op, input.prelude)) : undefined;
  const preludeProblems = prelude ? answerProblems(prelude).map((p) => `(first request) ${p}`) : [];
  const answer = await send(fetch, toRequest(op, input.draft));
  const problems = [...preludeProblems, ...answerProblems(answer)];
  if (input.mustRefuse && answer.status < 300) problems.push(input.mustRefuse);
  if (input.inspect) problems.push(...input.inspect(answer, prelude));
  return { answer, problems };
}

/** The request a draft stands for. Its body is bytes when it must go without a content type (fetch would add text/plain). */
export function toRequest(op: Operation, d: Draft): Request {
  let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => d.params[name]);
  if (d.query.length) path += `?${d.query.map(([k, v]) => `${k}=${v}`).join('&')}`;
  const headers = new Headers(d.headers);
  if (d.actor.token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${d.actor.token}`);
  let body: BodyInit | undefined;
  if (d.body && 'json' in d.body) {
    headers.set('Content-Type', 'application/json');
    body = jsonText(d.body.json);
  } else if (d.body && 'raw' in d.body) {
    if (d.body.contentType !== undefined) headers.set('Content-Type', d.body.contentType);
    const { raw } = d.body;
    body =
      typeof raw === 'string' && d.body.contentType !== undefined ? raw : new Blob([typeof raw === 'string' ? raw : new Uint8Array(raw)]);
  } else if (d.body && 'form' in d.body) {
    body = d.body.form;
  }
  return new Request(`${ORIGIN}${path}`, { method: op.method, headers, body });
}

/** Sends one request; an event stream is not read (it would never end), only its status and headers. */
async function send(fetch: FuzzOptions['fetch'], request: Request): Promise<SentAnswer> {
  const res = await fetch(request);
  if (res.headers.get('Content-Type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, headers: res.headers, text: '', json: undefined };
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

function finding(op: Operation, input: FuzzInput, answer: SentAnswer, problem: string): Finding {
  const body = input.draft.body;
  const preview =
    body === undefined
      ? ''
      : 'json' in body
        ? jsonText(body.json)
        : 'raw' in body
          ? typeof body.raw === 'string'
            ? body.raw
            : `${body.raw.length} bytes`
          : 'a form';
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => input.draft.params[name]);
  const query = input.draft.query.length ? `?${input.draft.query.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  return {
    operation: op.key,
    input: input.label,
    actor: input.draft.actor.name,
    request: `${op.method} ${`${path}${query}`.slice(0, 160)} ${preview.slice(0, 200)}`.trim(),
    status: answer.status,
    message: messageOf(answer),
    problem,
  };
}

/**
 * The findings in a few lines: one per operation, problem, status and message, with how many inputs
 * met it and the first of them. What a failing test prints, with the seed that reproduces it.
 */
export function summarize(report: FuzzReport): string {
  const groups = new Map<string, { first: Finding; count: number }>();
  for (const f of report.findings) {
    const key = `${f.operation} | ${f.problem} | ${f.status} | ${f.message}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: f, count: 1 });
  }
  const lines = [...groups.values()].map(
    ({ first: f, count }) =>
      `- ${f.operation}: ${f.problem} [${f.status}${f.message ? ` "${f.message.slice(0, 100)}"` : ''}] x${count}; e.g. ${f.input} as ${f.actor}: ${f.request}`,
  );
  return [
    `fuzz seed ${report.seed}: ${report.findings.length} findings in ${groups.size} groups, ${report.requests} requests`,
    ...lines,
  ].join('\n');
}
