// How many lobby sockets one edge holds with the heartbeats on (a measurement, not a test; docs/scale.md "Sockets
// and heartbeats"). Node's `ws` client: one process holds tens of thousands of sockets, and each answers the server's
// pings by itself as a browser does.
// Usage: node e2e/sockets.mjs BASE_URL [SOCKETS] [BATCH] [HOLD_S] [MANAGEMENT_URL]
//   against a running system (DURAK_RATE_LIMITS=off bash deploy/start.sh ...). Opens SOCKETS lobby sockets (default
//   10000) in batches of BATCH (default 500), each counted when its first page has come; then holds them HOLD_S
//   seconds (default 60, six of the server's ping rounds) and counts those still open. Prints, per batch and at the
//   end, the sockets open, the time to the first page (p50/p99), and table-service's heap in use and CPU seconds
//   from its metrics (MANAGEMENT_URL, default the BASE port + 1000); the last line is `SOCKETS RESULT ...`.
import WebSocket from 'ws';

const [base, socketsArg, batchArg, holdArg, managementArg] = process.argv.slice(2);
if (!base) {
  console.error('usage: node e2e/sockets.mjs BASE_URL [SOCKETS] [BATCH] [HOLD_S] [MANAGEMENT_URL]');
  process.exit(2);
}
const SOCKETS = Number(socketsArg ?? 10000);
const BATCH = Number(batchArg ?? 500);
const HOLD = Number(holdArg ?? 60);
const baseUrl = new URL(base);
const management = managementArg ?? `${baseUrl.protocol}//${baseUrl.hostname}:${Number(baseUrl.port) + 1000}`;
const wsBase = `${baseUrl.protocol === 'https:' ? 'wss' : 'ws'}://${baseUrl.host}/api/lobby/ws`;

function pct(xs, p) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

/** table-service's heap in use (MiB) and process CPU seconds, from its Prometheus metrics. */
async function serverUse() {
  const text = await (await fetch(`${management}/q/metrics`)).text();
  let heap = 0;
  let cpu = NaN;
  for (const line of text.split('\n')) {
    if (line.startsWith('jvm_memory_used_bytes{') && line.includes('area="heap"')) heap += Number(line.split(' ').pop());
    if (line.startsWith('process_cpu_time_ns_total ')) cpu = Number(line.split(' ').pop()) / 1e9;
  }
  return { heapMiB: heap / 2 ** 20, cpu };
}

const guest = await fetch(`${base}/api/guests`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Holder' }),
});
if (guest.status !== 201) throw new Error(`sign-in: ${guest.status} ${await guest.text()}`);
const { token } = await guest.json();

const open = new Set();
let closedByServer = 0;
const firstPage = [];

/** One socket: resolves once its first page came, rejects when it closes or errs first (or after 30 s). */
function connect() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const ws = new WebSocket(`${wsBase}?token=${encodeURIComponent(token)}&limit=10`);
    const timer = setTimeout(() => { ws.terminate(); reject(new Error('no first page within 30 s')); }, 30000);
    ws.on('message', (data) => {
      const f = JSON.parse(String(data));
      if (f.type === 'page' && !open.has(ws)) {
        clearTimeout(timer);
        firstPage.push(performance.now() - t0);
        open.add(ws);
        resolve(ws);
      }
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      if (open.delete(ws)) closedByServer++;
      reject(new Error(`closed ${code} before its first page`));
    });
    ws.on('error', (e) => { clearTimeout(timer); reject(e); });
  });
}

const before = await serverUse();
const t0 = performance.now();
let failed = 0;
let lastError = '';
for (let done = 0; done < SOCKETS; done += BATCH) {
  const n = Math.min(BATCH, SOCKETS - done);
  const results = await Promise.allSettled(Array.from({ length: n }, connect));
  for (const r of results) {
    if (r.status === 'rejected') { failed++; lastError = String(r.reason?.message ?? r.reason); }
  }
  const use = await serverUse();
  console.log(`${String(done + n).padStart(6)} asked: ${open.size} open, ${failed} failed, first page p50 `
    + `${pct(firstPage, 50).toFixed(0)} ms p99 ${pct(firstPage, 99).toFixed(0)} ms; table-service heap `
    + `${use.heapMiB.toFixed(0)} MiB, CPU ${(use.cpu - before.cpu).toFixed(1)} s so far`
    + (lastError ? ` (last failure: ${lastError})` : ''));
  if (failed > SOCKETS / 10) {
    console.log('more than a tenth failed: stopping here');
    break;
  }
}
const opened = open.size;
const openedIn = (performance.now() - t0) / 1000;
const held0 = await serverUse();
console.log(`holding ${opened} sockets for ${HOLD} s (the server pings each every 10 s) ...`);
for (let s = 10; s <= HOLD; s += 10) {
  await new Promise((r) => setTimeout(r, 10000));
  console.log(`  ${String(s).padStart(4)} s: ${open.size} open, ${closedByServer} closed by the server`);
}
const held1 = await serverUse();
const cpuPerSocketHour = opened ? ((held1.cpu - held0.cpu) / HOLD) * 3600 / opened : NaN;
console.log(`SOCKETS RESULT asked=${SOCKETS} opened=${opened} failed=${failed} openedInS=${openedIn.toFixed(1)} `
  + `held=${open.size} closedByServer=${closedByServer} firstPageP50Ms=${pct(firstPage, 50).toFixed(0)} `
  + `firstPageP99Ms=${pct(firstPage, 99).toFixed(0)} heapMiB=${held1.heapMiB.toFixed(0)} `
  + `heapPerSocketKiB=${opened ? (((held1.heapMiB - before.heapMiB) * 1024) / opened).toFixed(1) : 'NaN'} `
  + `idleCpuSPerSocketHour=${cpuPerSocketHour.toFixed(4)}`);
for (const ws of open) ws.terminate();
process.exit(0);
