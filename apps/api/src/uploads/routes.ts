import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import {
  ErrorBody,
  ImageParams,
  UPLOAD_FIELD,
  UploadForm,
  UploadResponse,
  uploadLimits,
  uploadMessages,
} from '@vault/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { imageVariant, type PreparedImage, prepareImage, saveImages } from './images';

/**
 * The most one upload request may be: every file at its limit, plus room for the multipart
 * boundaries and part headers. The app's 64 KB bodyLimit is for JSON; this route parses no JSON.
 */
const MAX_REQUEST_BYTES = uploadLimits.maxFiles * uploadLimits.maxFileBytes + 1024 * 1024;

const tooLarge = (message: string) => new AppError(413, 'payload_too_large', message);

/**
 * Refuses a request that says up front it is larger than any upload may be, before reading any of
 * it. `connection: close`: Node drops the connection after the answer instead of reading (and
 * throwing away) the whole announced body first.
 */
async function refuseOversized(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_REQUEST_BYTES) {
    throw new AppError(413, 'payload_too_large', uploadMessages.requestTooLarge, { connection: 'close' });
  }
}

/**
 * After a refusal part-way through the body, the rest of it is read and thrown away: the client
 * is still sending, and a browser reports a connection closed under its upload as a network
 * failure, not as our answer. Unpiped from busboy first, or a file part nobody reads would stall
 * it. Bounded: refuseOversized turned away anything announcing more than MAX_REQUEST_BYTES.
 */
function discardRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/** One file's bytes, refused as soon as it passes the size limit (busboy stops filling it there: `truncated`). */
async function readFile(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    if (part.file.truncated) throw tooLarge(uploadMessages.fileTooLarge(part.filename));
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw tooLarge(uploadMessages.fileTooLarge(part.filename));
  return Buffer.concat(chunks);
}

/**
 * What a failure while reading the multipart body answers: our own refusals as they are;
 * @fastify/multipart's limits (too many files or parts) a 413; anything else busboy throws — a
 * body cut off, a missing boundary, a malformed part header — the client's fault, a 400.
 */
function multipartRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return tooLarge(uploadMessages.tooManyFiles);
  if ((error as { statusCode?: unknown }).statusCode === 413) return tooLarge(uploadMessages.requestTooLarge);
  return new AppError(400, 'invalid_request', uploadMessages.malformed);
}

/** The files of the upload with their names, read one at a time so one original is in memory at once. */
async function* uploadedFiles(request: FastifyRequest): AsyncGenerator<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', uploadMessages.notMultipart);
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== UPLOAD_FIELD) throw new AppError(400, 'invalid_request', uploadMessages.wrongField);
      yield { name: part.filename, bytes: await readFile(part) };
    }
  } catch (error) {
    // Only reading the body lands here: an error of the consumer's never re-enters a generator.
    throw multipartRefusal(error);
  }
}

/**
 * The images each upload stored, for its audit record (whose target is the first of them): the
 * answer names them, but the audit hook reads only the request.
 */
const storedImages = new WeakMap<FastifyRequest, string[]>();

/**
 * POST /api/uploads: admins upload show item images. The one route that takes multipart, so
 * @fastify/multipart lives in this plugin only, and the JSON parser is removed from it: the rest
 * of the app keeps refusing form bodies (CSRF), and this route parses nothing but images.
 */
const upload: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  await app.register(fastifyMultipart, {
    limits: {
      // Without it @fastify/multipart caps each file at the app's bodyLimit, 64 KB.
      fileSize: uploadLimits.maxFileBytes,
      files: uploadLimits.maxFiles,
      // No fields are needed; a few small ones are tolerated and ignored.
      fields: 10,
      fieldSize: 1024,
      parts: uploadLimits.maxFiles + 10,
      headerPairs: 50,
    },
  });
  guardEveryRoute(fastify, app.requireAdmin);

  app.post(
    '/uploads',
    {
      bodyLimit: MAX_REQUEST_BYTES,
      // The admin check runs again here, before the body is parsed (the global Origin check has
      // run already): nobody but an admin gets as far as streaming 100 MB at the server.
      onRequest: [app.requireAdmin, refuseOversized],
      config: {
        audit: { action: 'image.upload', target: 'image', targetIdOf: (request) => storedImages.get(request)?.[0] },
      },
      schema: {
        consumes: ['multipart/form-data'],
        body: UploadForm,
        // 413: a file or the whole request too large; 415: not multipart.
        response: { 201: UploadResponse, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request, reply) => {
      const prepared: PreparedImage[] = [];
      try {
        for await (const { name, bytes } of uploadedFiles(request)) {
          prepared.push(await prepareImage(app.deps, name, bytes));
        }
      } catch (error) {
        discardRest(request);
        throw error;
      }
      if (prepared.length === 0) throw new AppError(400, 'invalid_request', uploadMessages.noFiles);
      const images = await saveImages(app.deps, prepared, requireUser(request).id);
      storedImages.set(
        request,
        images.map((image) => image.id),
      );
      return reply.status(201).send({ images });
    },
  );
};

/**
 * GET /api/images/:id/:variant, public like /media: a URL names its content (the id is the
 * upload's hash), so it can be cached for good, and a browser that has it revalidates to a 304.
 */
const images: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/images/:id/:variant',
    {
      schema: {
        params: ImageParams,
        response: {
          200: {
            description: 'The image, WebP: the display picture (≤ 1600 px) or the thumbnail (≤ 400 px).',
            content: { 'image/webp': { schema: { type: 'string', contentEncoding: 'binary' } } },
          },
          304: { description: 'Not Modified: the copy the client holds (If-None-Match) is this image.', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const { id, variant } = request.params;
      // The security headers gave every /api answer `no-store`; an image is the exception (and
      // only an image: a 404 must not be cached for a year, the same bytes may be uploaded later).
      const cached = { 'cache-control': 'public, max-age=31536000, immutable', etag: `"${id}"` };
      if (matches(request.headers['if-none-match'], cached.etag)) return reply.status(304).headers(cached).send();
      const bytes = await imageVariant(app.deps, id, variant);
      return reply.headers(cached).type('image/webp').send(bytes);
    },
  );
};

/** Does an If-None-Match list name this entity tag (weak comparison, RFC 9110 §13.1.2)? */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value.replace(/^W\//, '') === etag;
  });
}

/** Knife photo upload and serving, under /api. */
const uploads: FastifyPluginAsync = async (app) => {
  await app.register(upload);
  await app.register(images);
};

export default uploads;
