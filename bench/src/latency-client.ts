import http from 'node:http';

/**
 * `node latency-client.ts <url> <authorization> <n>`: times n sequential GETs and prints the
 * times in ms, as a JSON array. Run as its own process so that the client's work is not counted on the
 * server's event loop. It uses node:http on one kept-alive connection, as autocannon does: the
 * figure is the API's, not a client library's (fetch adds ~0.4 ms of its own per request here).
 */
const [url, authorization, n] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () => new Promise<void>((resolve, reject) => {
  http.get(url, { agent, headers: { authorization } }, (res) => {
    if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
    res.resume();
    res.on('end', resolve);
  }).on('error', reject);
});
for (let i = 0; i < 20; i++) await get();
const times: number[] = [];
for (let i = 0; i < Number(n); i++) {
  const started = performance.now();
  await get();
  times.push(performance.now() - started);
}
console.log(JSON.stringify(times));
agent.destroy();
