import http from 'node:http';
import readline from 'node:readline';

/**
 * `node latency-client.ts <url> <authorization>`: for each line read on stdin, times one GET of
 * `url` (or of the path on the line, on the same server) and prints its time in ms on a line. Run as its own process, as a browser is, so that the
 * client's work is not counted on the server's event loop; stepped by the benchmark so that API
 * and raw SQL samples alternate. It uses node:http on one kept-alive connection, as autocannon
 * does: the figure is the API's, not a client library's (fetch adds ~0.4 ms of its own here).
 */
const [url, authorization] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (target: string) =>
  new Promise<void>((resolve, reject) => {
    http
      .get(target, { agent, headers: { authorization } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${target}: ${res.statusCode}`));
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
for await (const line of readline.createInterface({ input: process.stdin })) {
  const started = performance.now();
  await get(line ? new URL(line, url).toString() : url);
  process.stdout.write(`${performance.now() - started}\n`);
}
agent.destroy();
