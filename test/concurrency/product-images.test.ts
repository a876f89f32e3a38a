/**
 * Uploaded photos under races (decision 049), over two pods on one PostgreSQL database: a photo is stored once however
 * many products show it, and goes with the last product that shows it. A removal from one product racing an upload of
 * the very same bytes to another must never delete the picture from under the product that just took it (its page
 * would show a broken image for good).
 */

import { Readable } from 'node:stream';
import sharp from 'sharp';
import t from 'tap';
import { request } from 'undici';
import { hammer, postgresOnly, startPods } from './pods.ts';

t.test('removing a photo from one product while another takes the same bytes keeps the picture', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 2);
  const products = await pods.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 2');
  const [first, second] = products.map((p) => p.id) as [number, number];
  const actor = { id: null, email: 'photos@staff.example' };
  const rounds = 12;
  for (let round = 0; round < rounds; round++) {
    const bytes = await sharp({ create: { width: 320 + round, height: 240, channels: 3, background: { r: round * 20, g: 90, b: 40 } } })
      .png()
      .toBuffer();
    const [a, b] = [pods.pods[0]!.app.services.productImages, pods.pods[1]!.app.services.productImages];
    const added = await a.upload(first, Readable.from([bytes]), `Фото ${round}`, actor);
    if (!added.ok) throw new Error(`upload: ${added.error}`);
    const src = added.images.at(-1)!.src;
    // At once: pod 0 removes it from the first product, pod 1 gives the same bytes to the second.
    const [removed, taken] = await hammer(2, (i) =>
      i === 0 ? a.edit(first, { action: 'remove', src }, actor) : b.upload(second, Readable.from([bytes]), `Фото ${round} ещё раз`, actor),
    );
    t.ok(removed!.ok, `round ${round}: removed`);
    const [gallery] = await pods.db.query<{ images: Array<{ src: string }> }>('SELECT images FROM products WHERE id = $1', [second]);
    const shown = gallery!.images.some((i) => i.src === src);
    const [stored] = await pods.db.query('SELECT 1 FROM media_images WHERE hash = $1', [src.slice(7, 71)]);
    if (shown) t.ok(stored, `round ${round}: the second product shows it, so it is stored`);
    else t.same(taken, { ok: false, error: 'unknown_image' }, `round ${round}: the upload lost the race and says so`);
    if (shown) {
      const answer = await request(pods.pods[round % 2]!.url + src);
      await answer.body.dump();
      t.equal(answer.statusCode, 200, `round ${round}: and served`);
      await b.edit(second, { action: 'remove', src }, actor);
    }
  }
});
