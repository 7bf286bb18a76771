import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { maxSubtitleBytes } from '#contract/constants.ts';
import { endpoints } from '#contract/endpoints.ts';
import { DONE_MESSAGE } from '#contract/envelope.ts';
import { extractVideoId } from '#contract/video-url.ts';
import { addVideo, attachSubtitles, deleteVideo, listVideoGroups, transcriptBatch } from '../db/queries/videos.ts';
import { apiError } from '../http/errors.ts';
import { readMultipart } from '../http/multipart.ts';
import { isPro } from '../services/accounts.ts';
import { BadSubtitlesError, parseSubtitles } from '../services/videos/subtitles.ts';
import { registerEndpoint } from './endpoint.ts';

/** Sections per transcript call: a few screens of a transcript, small enough to append without a long task. */
export const transcriptBatchSize = 50;

export async function videoRoutes(app: FastifyInstance) {
  const { db, videos } = app.deps;
  await app.register(multipart, { limits: { fileSize: maxSubtitleBytes, files: 1, fields: 0, parts: 1 } });

  registerEndpoint(app, endpoints.processVideo, async ({ auth, body, now }) => {
    const videoId = extractVideoId(body.videoURL);
    if (!videoId) throw apiError(400, 'invalid_input', 'The video link is not valid', 'videoURL');
    const result = await addVideo(
      db,
      {
        userId: auth.user.id,
        youtubeId: videoId,
        language: body.language,
        title: body.title,
        now,
        pro: isPro(auth.user, now),
      },
      videos.allowance,
    );
    if ('limitReached' in result) throw apiError(403, 'video_limit', "You've Reached Your Video Limit");
    if (result.queue !== null) await videos.jobs.send(result.queue);
    return result.added;
  });

  registerEndpoint(app, endpoints.myVideos, ({ auth, params }) => listVideoGroups(db, auth.user.id, params.targetLang));

  registerEndpoint(app, endpoints.transcript, async ({ auth, params }) => {
    const sections = await transcriptBatch(db, {
      userId: auth.user.id,
      youtubeId: params.videoId,
      language: params.targetLang,
      index: params.index,
      size: transcriptBatchSize,
    });
    if (!sections) throw apiError(404, 'not_found', 'This video has no transcript');
    return sections.length > 0 ? sections : { message: DONE_MESSAGE, details: [] };
  });

  registerEndpoint(app, endpoints.uploadSubtitles, async ({ auth, params, request, now }) => {
    const notMultipart = apiError(
      400,
      'bad_subtitles',
      'Send the subtitle file as multipart form data in the field "file"',
    );
    const bytes = await readMultipart(request, notMultipart, async () => {
      const part = await request.file();
      if (part?.fieldname !== 'file') {
        throw apiError(400, 'bad_subtitles', 'Send the subtitle file in the field "file"', 'file');
      }
      const content = await part.toBuffer();
      if (part.file.truncated) throw apiError(413, 'payload_too_large', 'Subtitle files may be at most 2 MB', 'file');
      return content;
    });
    let cues: ReturnType<typeof parseSubtitles>;
    try {
      cues = parseSubtitles(bytes);
    } catch (error) {
      if (error instanceof BadSubtitlesError) throw apiError(400, 'bad_subtitles', error.message, 'file');
      throw error;
    }
    const attached = await attachSubtitles(db, {
      userId: auth.user.id,
      youtubeId: params.videoId,
      language: params.targetLang,
      cues,
      now,
    });
    if (!attached) throw apiError(404, 'not_found', 'This video is not waiting for subtitles');
    await videos.jobs.send(attached.transcriptId);
    return attached.video;
  });

  registerEndpoint(app, endpoints.deleteVideo, async ({ auth, params }) => {
    const deleted = await deleteVideo(db, {
      userId: auth.user.id,
      youtubeId: params.videoId,
      language: params.targetLang,
    });
    if (!deleted) throw apiError(404, 'not_found', 'This video does not exist');
    return null;
  });
}
