// `ledge dev` stopping with requests in flight (issue 13, item 8: the 503s seen in the benchmark). The
// benchmark stops the server right after the load generator, which leaves requests in flight: they were cut
// off with the isolate and logged as "answered 503" although nobody received an answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { interrupt, startDev } from './cli.js';
import { makeProject } from './helpers.js';

/** A GET whose outcome is the status and body, or the error that ended it. */
function get(url: string): { request: http.ClientRequest; outcome: Promise<string> } {
  let request!: http.ClientRequest;
  const outcome = new Promise<string>((resolve) => {
    request = http.get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve(`${res.statusCode} ${body}`));
      res.on('error', (err) => resolve(`error ${err.message}`));
    });
    request.on('error', (err) => resolve(`error ${err.message}`));
  });
  return { request, outcome };
}

test('ledge dev stops after the requests in flight are answered; a request whose client left is not reported as answered 503', async (t) => {
  // "/long" outlives the stop: its client leaves first, and the isolate stops under it.
  const dir = makeProject({ 'src/index.js': 'export default { async fetch(request) { await new Promise((r) => setTimeout(r, request.url.endsWith("/long") ? 30000 : 800)); return new Response("slow"); } };' });
  const dev = await startDev(dir, ['--isolation', 'process']);
  t.after(() => { dev.child.kill('SIGKILL'); });
  const stays = get(dev.url);
  const leaves = get(`${dev.url}/long`);
  await new Promise((r) => setTimeout(r, 200));
  leaves.request.destroy();
  await new Promise((r) => setTimeout(r, 100));
  const code = interrupt(dev);
  assert.equal(await stays.outcome, '200 slow', 'the request in flight when the stop began got its answer');
  assert.equal(await code, 0);
  assert.doesNotMatch(dev.output(), /answered 503/, 'no answer was reported that nobody received');
});
