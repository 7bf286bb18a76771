import { z } from 'zod/mini';
import { jobStatusSchema, sectionSchema, videoIdSchema } from '../entities.ts';
import { plainText } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { targetLangParams } from './params.ts';

// A learner's videos: their entities live with their calls, so no first load carries them.

export const videoGroupSchema = z.object({
  lang: learningLanguageSchema,
  videos: z.array(z.object({ videoId: videoIdSchema, title: z.string() })),
  processingVideos: z.array(
    z.object({
      id: z.int().check(z.positive()),
      videoId: videoIdSchema,
      title: z.string(),
      jobStatus: jobStatusSchema,
    }),
  ),
});
export type VideoGroup = z.infer<typeof videoGroupSchema>;

export const videoProcessRequestSchema = z.object({
  videoURL: plainText().check(z.minLength(1), z.maxLength(500)),
  title: plainText().check(z.minLength(1), z.maxLength(300)),
  language: learningLanguageSchema,
});
export type VideoProcessRequest = z.infer<typeof videoProcessRequestSchema>;

export const processingVideoSchema = z.object({
  id: z.int().check(z.positive()),
  videoId: videoIdSchema,
  title: z.string(),
  jobStatus: jobStatusSchema,
});

export const videoEndpoints = {
  processVideo: endpoint({
    method: 'POST',
    path: '/youtube/process',
    auth: 'required',
    body: videoProcessRequestSchema,
    details: processingVideoSchema,
  }),
  myVideos: endpoint({
    method: 'GET',
    path: '/my-videos/:targetLang',
    auth: 'required',
    params: targetLangParams,
    details: z.array(videoGroupSchema),
  }),
  transcript: endpoint({
    method: 'GET',
    path: '/youtube/:targetLang/:videoId/:index',
    auth: 'required',
    params: z.object({
      targetLang: learningLanguageSchema,
      videoId: videoIdSchema,
      index: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000)),
    }),
    details: z.array(sectionSchema),
  }),
  uploadSubtitles: endpoint({
    method: 'POST',
    path: '/youtube/:targetLang/:videoId/subtitles',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, videoId: videoIdSchema }),
    // The body is multipart/form-data with one field, `file`: an SRT or WebVTT file of at most 2 MB.
    details: processingVideoSchema,
  }),
  deleteVideo: endpoint({
    method: 'DELETE',
    path: '/youtube/:targetLang/:videoId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, videoId: videoIdSchema }),
    details: z.null(),
  }),
} as const satisfies Record<string, Endpoint>;
