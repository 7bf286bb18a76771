import { maxSubtitleBytes } from '@/contract/constants';
import { endpoints } from '@/contract/endpoints';
import type { VideoGroup } from '@/contract/endpoints/videos';
import type { LearningLanguage } from '@/contract/languages';
import { extractVideoId } from '@/contract/video-url';
import { nextId, type VideoLibrary, videosOf } from '../db';
import { transcriptBatchSizeOf, transcriptOf } from '../fixtures/transcript';
import { fail, ok, parseBody, parseParams, readMultipart, requireUser, route } from './respond';

/** One group per language the learner has videos in, the requested language first. */
function groupVideos(library: VideoLibrary, targetLang: LearningLanguage): VideoGroup[] {
  const languages = new Set<LearningLanguage>([
    ...library.videos.map((video) => video.language),
    ...library.processing.map((video) => video.language),
  ]);
  return [...languages]
    .sort((a, b) => Number(b === targetLang) - Number(a === targetLang))
    .map((lang) => ({
      lang,
      videos: library.videos
        .filter((video) => video.language === lang)
        .map(({ videoId, title }) => ({ videoId, title })),
      processingVideos: library.processing
        .filter((video) => video.language === lang)
        .map(({ id, videoId, title, jobStatus }) => ({ id, videoId, title, jobStatus })),
    }));
}

/** A mock video whose captions never come: its job fails, so QA can see and delete a failed card. */
export const failingVideoId = 'nocaptions1';

/**
 * The mock's job queue: each look at the list moves every job one step (created → active → finished), so a
 * journey that waits for its video sees it finish within two polls; the failing video fails instead.
 */
function advanceJobs(library: VideoLibrary) {
  for (const video of library.processing) {
    if (video.jobStatus === 'created') {
      video.jobStatus = video.videoId === failingVideoId && !video.subtitles ? 'failed' : 'active';
    } else if (video.jobStatus === 'active') video.jobStatus = 'completed';
  }
  const finished = library.processing.filter((video) => video.jobStatus === 'completed');
  library.videos.push(...finished.map(({ videoId, title, language }) => ({ videoId, title, language })));
  library.processing = library.processing.filter((video) => video.jobStatus !== 'completed');
}

export const videoHandlers = [
  route(endpoints.processVideo, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.processVideo.body);
    if (body instanceof Response) return body;
    const videoId = extractVideoId(body.videoURL);
    if (!videoId) return fail(400, 'invalid_input', 'The video link is not valid', 'videoURL');
    const library = videosOf(user);
    if (library.videos.length + library.processing.length >= user.videoLimit) {
      return fail(403, 'video_limit', "You've Reached Your Video Limit");
    }
    const video = { id: nextId(), videoId, title: body.title, jobStatus: 'created' as const };
    library.processing.push({ ...video, language: body.language });
    return ok(video);
  }),

  route(endpoints.myVideos, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.myVideos.params);
    if (parsed instanceof Response) return parsed;
    const library = videosOf(user);
    const answer = groupVideos(library, parsed.targetLang);
    advanceJobs(library);
    return ok(answer);
  }),

  route(endpoints.transcript, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.transcript.params);
    if (parsed instanceof Response) return parsed;
    const owned = videosOf(user).videos.some(
      (video) => video.videoId === parsed.videoId && video.language === parsed.targetLang,
    );
    const transcript = owned ? transcriptOf(parsed.videoId) : undefined;
    if (!transcript) return fail(404, 'not_found', 'This video has no transcript');
    const sections = transcript.slice(parsed.index, parsed.index + transcriptBatchSizeOf(parsed.videoId));
    return sections.length > 0 ? ok(sections) : ok([], 'done');
  }),

  route(endpoints.uploadSubtitles, async ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.uploadSubtitles.params);
    if (parsed instanceof Response) return parsed;
    const file = (await readMultipart(request))?.file?.text ?? null;
    if (file === null) return fail(400, 'bad_subtitles', 'Send the subtitle file in the field "file"', 'file');
    if (file.length > maxSubtitleBytes) {
      return fail(413, 'payload_too_large', 'Subtitle files may be at most 2 MB', 'file');
    }
    if (!/\d{2}:\d{2}[.,]\d{3}\s*-->/.test(file)) {
      return fail(400, 'bad_subtitles', 'This file is neither SRT nor WebVTT subtitles', 'file');
    }
    const video = videosOf(user).processing.find(
      (candidate) => candidate.videoId === parsed.videoId && candidate.language === parsed.targetLang,
    );
    if (!video) return fail(404, 'not_found', 'This video is not waiting for subtitles');
    video.jobStatus = 'created';
    video.subtitles = true;
    const { id, videoId, title, jobStatus } = video;
    return ok({ id, videoId, title, jobStatus });
  }),

  route(endpoints.deleteVideo, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.deleteVideo.params);
    if (parsed instanceof Response) return parsed;
    const library = videosOf(user);
    const isTarget = (video: { videoId: string; language: LearningLanguage }) =>
      video.videoId === parsed.videoId && video.language === parsed.targetLang;
    const count = library.videos.length + library.processing.length;
    library.videos = library.videos.filter((video) => !isTarget(video));
    library.processing = library.processing.filter((video) => !isTarget(video));
    if (library.videos.length + library.processing.length === count) {
      return fail(404, 'not_found', 'This video does not exist');
    }
    return ok(null);
  }),
];
