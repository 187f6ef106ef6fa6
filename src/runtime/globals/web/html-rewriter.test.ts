// Conformance with the edge's documented HTMLRewriter behaviour: handlers, content options, async
// handlers, streaming, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HTMLRewriter } from './html-rewriter.js';
import { rewriterEngineLoaded } from './html-rewriter-engine.js';

type Element = {
  tagName: string; readonly attributes: Iterable<[string, string]>; readonly removed: boolean; readonly namespaceURI: string;
  getAttribute(n: string): string | null; hasAttribute(n: string): boolean; setAttribute(n: string, v: string): Element; removeAttribute(n: string): Element;
  before(c: string, o?: { html: boolean }): Element; after(c: string, o?: { html: boolean }): Element; prepend(c: string, o?: { html: boolean }): Element;
  append(c: string, o?: { html: boolean }): Element; replace(c: string, o?: { html: boolean }): Element; setInnerContent(c: string, o?: { html: boolean }): Element;
  remove(): Element; removeAndKeepContent(): Element; onEndTag(h: (tag: { name: string; before(c: string, o?: { html: boolean }): unknown; after(c: string, o?: { html: boolean }): unknown }) => void): void;
};
type Text = { readonly text: string; readonly lastInTextNode: boolean; replace(c: string, o?: { html: boolean }): unknown; remove(): unknown };
type Comment = { text: string; remove(): unknown; replace(c: string, o?: { html: boolean }): unknown };

async function rewrite(html: string | ReadableStream<Uint8Array>, setup: (rewriter: HTMLRewriter) => void, init?: ResponseInit): Promise<string> {
  const rewriter = new HTMLRewriter();
  setup(rewriter);
  return rewriter.transform(new Response(html, init)).text();
}

test('the WebAssembly engine loads on the first transform, not before', async () => {
  const rewriter = new HTMLRewriter().on('p', {});
  assert.equal(rewriterEngineLoaded(), false);
  await rewriter.transform(new Response('<p>x</p>')).text();
  assert.equal(rewriterEngineLoaded(), true);
});

test('element handlers read and change attributes and the tag name', async () => {
  const seen: unknown[] = [];
  const out = await rewrite('<a href="/x" class="old" data-drop="1">link</a><a>two</a>', (r) => r.on('a[href]', {
    element(el: Element) {
      seen.push(el.tagName, el.getAttribute('href'), el.hasAttribute('class'), el.getAttribute('missing'), [...el.attributes], el.removed, el.namespaceURI);
      el.setAttribute('href', 'https://example.com/x').removeAttribute('data-drop');
      el.tagName = 'span';
    },
  }));
  assert.equal(out, '<span href="https://example.com/x" class="old">link</span><a>two</a>');
  assert.deepEqual(seen, ['a', '/x', true, null, [['href', '/x'], ['class', 'old'], ['data-drop', '1']], false, 'http://www.w3.org/1999/xhtml']);
});

test('content is escaped as text unless { html: true } is given', async () => {
  const out = await rewrite('<div id="a">old</div><div id="b">keep</div><div id="c">gone</div>', (r) => r
    .on('#a', { element(el: Element) { el.before('<b>', { html: true }).after('<i>').prepend('<em>1</em>', { html: true }).append('&'); } })
    .on('#b', { element(el: Element) { el.setInnerContent('<u>new</u>', { html: true }); } })
    .on('#c', { element(el: Element) { el.replace('<hr>', { html: true }); } }));
  assert.equal(out, '<b><div id="a"><em>1</em>old&amp;</div>&lt;i&gt;<div id="b"><u>new</u></div><hr>');
  assert.equal(await rewrite('<p>x<span>y</span></p><s>z</s>', (r) => r.on('span', { element(el: Element) { el.remove(); } }).on('s', { element(el: Element) { el.removeAndKeepContent(); } })), '<p>x</p>z');
  assert.equal(await rewrite('<p>x</p>', (r) => r.on('p', { element(el: Element) { el.setInnerContent('<b>'); } })), '<p>&lt;b&gt;</p>');
});

test('end tags, text chunks and comments have their own handlers', async () => {
  const texts: [string, boolean][] = [];
  const out = await rewrite('<p>hello <!-- note --> world</p>', (r) => r.on('p', {
    element(el: Element) { el.onEndTag((end) => { end.before('!', { html: false }); end.after('<br>', { html: true }); }); },
    text(chunk: Text) { texts.push([chunk.text, chunk.lastInTextNode]); if (chunk.text.includes('world')) chunk.replace('WORLD'); },
    comments(comment: Comment) { comment.text = ' changed '; },
  }));
  assert.equal(out, '<p>hello <!-- changed -->WORLD!</p><br>');
  assert.deepEqual(texts.filter(([t]) => t !== ''), [['hello ', false], [' world', false]]);
  assert.ok(texts.some(([, last]) => last), 'a text node ends with a chunk whose lastInTextNode is true');
});

test('document handlers see the doctype, all text and comments, and the end', async () => {
  const seen: unknown[] = [];
  const out = await rewrite('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd"><!--c--><p>t</p>', (r) => r.onDocument({
    doctype(doctype: { name: string | null; publicId: string | null; systemId: string | null }) { seen.push(doctype.name, doctype.publicId, doctype.systemId); },
    comments(comment: Comment) { comment.remove(); },
    text(chunk: Text) { if (chunk.text) seen.push(chunk.text); },
    end(end: { append(c: string, o?: { html: boolean }): unknown }) { end.append('<footer>end</footer>', { html: true }); },
  }));
  assert.equal(out, '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd"><p>t</p><footer>end</footer>');
  assert.deepEqual(seen, ['html', '-//W3C//DTD HTML 4.01//EN', 'http://www.w3.org/TR/html4/strict.dtd', 't']);
});

test('handlers may be async: the rewriter waits for each promise', async () => {
  const out = await rewrite('<p>1</p><p>2</p>', (r) => r.on('p', {
    async element(el: Element) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      el.setAttribute('data-late', 'yes');
    },
  }));
  assert.equal(out, '<p data-late="yes">1</p><p data-late="yes">2</p>');
});

test('handler objects keep their this, and one rewriter can transform several responses', async () => {
  class Counter { count = 0; element(this: Counter) { this.count++; } }
  const counter = new Counter();
  const rewriter = new HTMLRewriter().on('li', counter);
  await rewriter.transform(new Response('<li></li><li></li>')).text();
  await rewriter.transform(new Response('<li></li>')).text();
  assert.equal(counter.count, 3);
});

test('the output streams: rewritten bytes arrive before the input has ended', async () => {
  const encoder = new TextEncoder();
  let sendRest!: () => void;
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('<p>first</p>'));
      sendRest = () => { controller.enqueue(encoder.encode('<p>second</p>')); controller.close(); };
    },
  });
  const response = new HTMLRewriter().on('p', { element(el: Element) { el.setAttribute('x', '1'); } }).transform(new Response(source));
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let first = '';
  const stalled = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no output before the input ended (got "${first}")`)), 5000).unref());
  // lol-html may emit a tag in several pieces: read until the first element is out, the source still open.
  while (!first.endsWith('</p>')) {
    const r = await Promise.race([reader.read(), stalled]);
    assert.equal(r.done, false);
    first += new TextDecoder().decode(r.value);
  }
  assert.equal(first, '<p x="1">first</p>');
  sendRest();
  let rest = '';
  for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
  assert.equal(rest, '<p x="1">second</p>');
});

test('status and headers are kept, content-length is dropped, a null body stays null', async () => {
  const response = new HTMLRewriter().on('p', {}).transform(new Response('<p>abc</p>', { status: 201, headers: { 'content-length': '10', 'x-kept': 'yes', 'content-type': 'text/html' } }));
  assert.equal(response.status, 201);
  assert.equal(response.headers.get('x-kept'), 'yes');
  assert.equal(response.headers.get('content-length'), null);
  assert.equal(await response.text(), '<p>abc</p>');
  const empty = new HTMLRewriter().on('p', {}).transform(new Response(null, { status: 204 }));
  assert.equal(empty.status, 204);
  assert.equal(empty.body, null);
});

test('a throwing handler errors the body; bad selectors and arguments throw at once', async () => {
  const failing = new HTMLRewriter().on('p', { element() { throw new Error('handler failed'); } }).transform(new Response('<p>x</p>'));
  await assert.rejects(failing.text(), /handler failed/);
  assert.throws(() => new HTMLRewriter().on('p[', {}).transform(new Response('<p>x</p>')), /selector/i);
  assert.throws(() => new HTMLRewriter().on('p', { element: 'no' }), /handlers\.element must be a function/);
  assert.throws(() => new HTMLRewriter().transform('<p>' as unknown as Response), /must be a Response/);
});
