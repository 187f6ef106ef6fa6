import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labelResponse, madeByPlatform, newRequestId } from './response-origin.js';
import type { DispatchResponse } from '../runtime/isolate.js';

const answer = (headers: string[], origin?: DispatchResponse['origin']): DispatchResponse => ({ status: 200, statusText: '', headers, body: 'x', ...(origin ? { origin } : {}) });

test('an application cannot claim the platform made its answer, in any spelling; other labels and headers stay', () => {
  for (const claim of ['platform', 'Platform', ' platform ', 'upstream, platform', 'PLATFORM']) {
    for (const name of ['ledge-origin', 'Ledge-Origin']) {
      const out = labelResponse(answer(['content-type', 'text/plain', name, claim, 'set-cookie', 'a=1', 'set-cookie', 'b=2']), 'abc');
      assert.deepEqual(out.headers, ['content-type', 'text/plain', 'set-cookie', 'a=1', 'set-cookie', 'b=2', 'ledge-request-id', 'abc'], `${name}: ${claim}`);
    }
  }
  assert.deepEqual(labelResponse(answer(['ledge-origin', 'upstream']), 'abc').headers, ['ledge-origin', 'upstream', 'ledge-request-id', 'abc']);
  assert.deepEqual(labelResponse(answer(['ledge-origin', 'platformish']), 'abc').headers, ['ledge-origin', 'platformish', 'ledge-request-id', 'abc']);
});

test('the platform\'s and an upstream\'s answers are labelled whatever they carried; the request id is always the event\'s', () => {
  assert.deepEqual(labelResponse(answer(['ledge-origin', 'app', 'Ledge-Request-Id', 'theirs'], 'upstream'), 'abc').headers, ['ledge-origin', 'upstream', 'ledge-request-id', 'abc']);
  const own = madeByPlatform(answer(['ledge-origin', 'platform']));
  assert.deepEqual(labelResponse(own, 'abc').headers, ['ledge-origin', 'platform', 'ledge-request-id', 'abc'], 'one label, not two');
  assert.deepEqual(labelResponse(labelResponse(own, 'abc'), 'abc').headers, ['ledge-origin', 'platform', 'ledge-request-id', 'abc'], 'labelling twice changes nothing');
});

test('request ids are 16 hexadecimal characters and do not repeat', () => {
  const ids = new Set(Array.from({ length: 5000 }, newRequestId));
  assert.equal(ids.size, 5000);
  for (const id of ids) assert.match(id, /^[0-9a-f]{16}$/);
});
