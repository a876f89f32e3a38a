/** The back office's routes — a product's photos (owners, the catalogue): the gallery, an upload, order, alt text, removal. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ALT_MAX_LENGTH, type GalleryImage, type ImageChangeError, MAX_PRODUCT_IMAGES, MEDIA_MAX_BYTES } from '../../catalog/index.ts';
import { ProductImagesPage } from '../views/product-images.tsx';
import { actorOf, badRequest, frame, idParams, page, type StaffContext, type StaffRoute, text } from './common.tsx';

/** Each refusal: the status it answers with and what the page says. */
const REFUSALS: Record<ImageChangeError, { status: number; text: string }> = {
  not_found: { status: 404, text: 'Товар не найден.' },
  too_large: { status: 413, text: `Файл больше ${MEDIA_MAX_BYTES / 1024 / 1024} МБ: уменьшите фотографию и загрузите снова.` },
  empty: { status: 400, text: 'Файл пустой: выберите фотографию.' },
  not_image: {
    status: 415,
    text: 'Это не фотография или файл повреждён: подходят JPEG, PNG, WebP, AVIF и GIF.',
  },
  too_many_pixels: { status: 413, text: 'Слишком большое изображение (больше 50 мегапикселей): уменьшите его.' },
  alt_required: { status: 400, text: 'Опишите, что на фотографии: без описания её не поймёт тот, кто её не видит.' },
  duplicate: { status: 409, text: 'Эта фотография уже есть в галерее товара.' },
  too_many: { status: 409, text: `У товара уже ${MAX_PRODUCT_IMAGES} фотографий: удалите лишнюю.` },
  unknown_image: { status: 409, text: 'Такой фотографии в галерее нет (возможно, её уже убрал коллега): откройте страницу заново.' },
  unavailable: { status: 503, text: 'Обработка изображений на сервере недоступна (не установлен sharp).' },
};

const altText = text().trim().min(1, 'describe the photo (alt text is required)').max(ALT_MAX_LENGTH);

const editBody = z.discriminatedUnion('action', [
  z.object({ _token: text().max(100), action: z.literal('alt'), src: text().max(300), alt: altText }),
  z.object({ _token: text().max(100), action: z.enum(['up', 'down', 'remove']), src: text().max(300), alt: text().max(1000).optional() }),
]);

/** The gallery page, with a refusal when there is one (its status then). */
async function galleryPage(ctx: StaffContext, request: FastifyRequest, reply: FastifyReply, id: number, error?: ImageChangeError) {
  const product = await ctx.services.productImages.gallery(id);
  if (!product) return reply.callNotFound();
  const refusal = error ? REFUSALS[error] : undefined;
  return page(
    reply,
    <ProductImagesPage {...frame(ctx, request)} product={product} images={product.images as GalleryImage[]} error={refusal?.text} />,
    refusal?.status ?? 200,
  );
}

export const productImageRoutes: StaffRoute[] = [
  {
    method: 'GET',
    url: '/staff/products/:id/images',
    access: 'catalogue',
    schema: { params: idParams, querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      return galleryPage(ctx, request, reply, (request.params as { id: number }).id);
    },
  },
  {
    method: 'POST',
    url: '/staff/products/:id/images',
    access: 'catalogue',
    schema: { params: idParams },
    multipart: true,
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      if (!request.isMultipart()) return badRequest(reply, 'A photo is sent as multipart/form-data (the page’s form)');
      const fields: Record<string, string> = {};
      let outcome: { error?: ImageChangeError; invalid?: string } | undefined;
      // One byte over the limit is read, so an oversized file is told apart from one of exactly the limit.
      // (throwFileSizeLimit: read by @fastify/multipart's parts() though its types leave it out.)
      const options = { limits: { fileSize: MEDIA_MAX_BYTES + 1 }, throwFileSizeLimit: false } as Parameters<typeof request.parts>[0];
      for await (const part of request.parts(options)) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (outcome) {
          part.file.resume();
          continue;
        }
        // The token and the description come before the file (document order): checked before it is read.
        if (!ctx.staff.verifyToken(ctx.sessionId!, fields._token ?? '')) {
          part.file.resume();
          return reply
            .code(403)
            .send({ statusCode: 403, error: 'staff_token', message: 'The staff form token is missing or stale: reload the page' });
        }
        const alt = altText.safeParse(fields.alt ?? '');
        if (!alt.success) {
          part.file.resume();
          outcome = alt.error.issues.some((i) => i.code === 'too_small')
            ? { error: 'alt_required' }
            : { invalid: `alt: ${alt.error.issues[0]?.message ?? 'invalid'}` };
          continue;
        }
        const result = await ctx.services.productImages.upload(id, part.file, alt.data, actorOf(ctx));
        outcome = result.ok ? {} : { error: result.error };
      }
      if (!outcome) return badRequest(reply, 'No file in the form');
      if (outcome.invalid) return badRequest(reply, outcome.invalid);
      if (outcome.error) return galleryPage(ctx, request, reply, id, outcome.error);
      return reply.redirect(`/staff/products/${id}/images?notice=imageAdded`, 303);
    },
  },
  {
    method: 'POST',
    url: '/staff/products/:id/images/edit',
    access: 'catalogue',
    schema: { params: idParams, body: editBody },
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof editBody>;
      const edit = body.action === 'alt' ? { action: body.action, src: body.src, alt: body.alt } : { action: body.action, src: body.src };
      const result = await ctx.services.productImages.edit(id, edit, actorOf(ctx));
      if (!result.ok) return galleryPage(ctx, request, reply, id, result.error);
      return reply.redirect(`/staff/products/${id}/images?notice=imagesSaved`, 303);
    },
  },
];
