/**
 * `node latency-client.ts <url> <authorization> <n>`: times n sequential GETs and prints
 * {p50, p99} in ms. Run as its own process so that the client's work is not counted on the
 * server's event loop, as it is not for a browser.
 */
const [url, authorization, n] = process.argv.slice(2);
const times: number[] = [];
const headers = { authorization };
for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
for (let i = 0; i < Number(n); i++) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (p: number) => +times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(2);
console.log(JSON.stringify({ p50: at(50), p99: at(99) }));
