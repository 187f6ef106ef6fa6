// A node:test reporter that writes, per test file, the sum of its top-level tests' durations (seconds) and how
// many failed, slowest first: `LEDGE_TEST_TIMES=/tmp/times.txt npm test` (scripts/run-tests.mjs adds it) shows
// which files bound a concurrent run's tail.
export default async function* fileTimes(source) {
  const files = new Map();
  for await (const event of source) {
    const data = event.data ?? {};
    if (!data.file || data.nesting !== 0 || (event.type !== 'test:pass' && event.type !== 'test:fail')) continue;
    const file = files.get(data.file) ?? { seconds: 0, failed: 0 };
    file.seconds += (data.details?.duration_ms ?? 0) / 1000;
    if (event.type === 'test:fail') file.failed++;
    files.set(data.file, file);
  }
  for (const [name, file] of [...files].sort((a, b) => b[1].seconds - a[1].seconds)) yield `${file.seconds.toFixed(1)}\t${file.failed}\t${name}\n`;
}
