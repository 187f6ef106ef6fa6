import ts from 'typescript';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
const root = process.cwd();
const files = [];
(function walk(d){ for (const n of readdirSync(d)) { const f=path.join(d,n); if (statSync(f).isDirectory()) walk(f); else if (/\.ts$/.test(n) && !/\.test\.ts$/.test(n)) files.push(f);} })(path.join(root,'src'));
const top = (f) => path.relative(path.join(root,'src'), f).split(path.sep)[0];
const edges = new Map();
for (const f of files) {
  const info = ts.preProcessFile(readFileSync(f,'utf8'), true, true);
  for (const imp of info.importedFiles) {
    if (!imp.fileName.startsWith('.')) continue;
    const target = path.resolve(path.dirname(f), imp.fileName);
    const a = top(f), b = top(target);
    if (a===b) continue;
    const k = `${a} -> ${b}`;
    if (!edges.has(k)) edges.set(k, []);
    edges.get(k).push(path.relative(root,f)+' -> '+imp.fileName);
  }
}
for (const [k,v] of [...edges].sort()) console.log(k, v.length, process.argv[2]==='v'? '\n   '+v.join('\n   '):'');
