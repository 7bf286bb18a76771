import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { insertNotification, type NotificationText } from '../../db/queries/notifications.ts';
import {
  findTranscript,
  setTranscriptStatus,
  storeTranscript,
  transcriptLearners,
  waitingTranscripts,
} from '../../db/queries/videos.ts';
import type { Db } from '../../db/types.ts';
import type { Clock } from '../accounts.ts';
import { type FailedJob, workWithFailures } from '../jobs.ts';
import { notificationTexts } from '../notification-texts.ts';
import { transcriptSections } from './sections.ts';
import { NoCaptionsError, type TranscriptSource } from './transcript-source.ts';

export const transcriptQueue = 'video-transcript';

/** How the routes ask for a transcript to be made: pg-boss in production, the same in tests. */
export type TranscriptJobs = { send: (transcriptId: number) => Promise<void> };

export function transcriptJobs(boss: PgBoss): TranscriptJobs {
  return {
    send: async (transcriptId) => {
      await boss.send(transcriptQueue, { transcriptId }, { singletonKey: `transcript-${transcriptId}` });
    },
  };
}

export type TranscriptJobDeps = { db: Db; source: TranscriptSource; clock: Clock; log: FastifyBaseLogger };

async function tellLearners(db: Db, transcriptId: number, now: Date, text: (title: string) => NotificationText) {
  for (const learner of await transcriptLearners(db, transcriptId)) {
    await insertNotification(db, learner.userId, text(learner.title), now);
  }
}

/**
 * Makes a transcript: takes the cues of an uploaded subtitle file, or fetches its captions (network errors throw, so pg-boss retries with backoff; on the last
 * attempt the video fails), merges the cues into sections and stores them, then tells every learner who has it.
 * A video without captions in its language fails at once, with the reason. Answers why the video failed, or null.
 */
export async function runTranscriptJob(
  deps: TranscriptJobDeps,
  transcriptId: number,
  options: { lastAttempt: boolean },
): Promise<FailedJob | null> {
  const { db, source, clock, log } = deps;
  const transcript = await findTranscript(db, transcriptId);
  if (!transcript || transcript.status === 'completed') return null;
  await setTranscriptStatus(db, transcriptId, 'active', clock());
  try {
    const cues = transcript.uploadedCues ?? (await source.fetchCues(transcript.youtubeId, transcript.language));
    const sections = transcriptSections(cues, transcript.language);
    if (sections.length === 0) throw new NoCaptionsError('empty_captions', 'The captions of this video are empty');
    await storeTranscript(db, transcriptId, sections, clock());
    await tellLearners(db, transcriptId, clock(), notificationTexts.videoReady);
    return null;
  } catch (error) {
    const permanent = error instanceof NoCaptionsError;
    if (!permanent && !options.lastAttempt) {
      await setTranscriptStatus(db, transcriptId, 'retry', clock());
      throw error;
    }
    const reason = permanent ? error.message : 'YouTube could not be reached';
    log.warn({ transcriptId, reason, err: permanent ? undefined : { message: String(error) } }, 'transcript failed');
    await setTranscriptStatus(db, transcriptId, 'failed', clock(), reason);
    await tellLearners(db, transcriptId, clock(), (title) =>
      permanent
        ? notificationTexts.videoFailed(title, error.failure, error.available)
        : notificationTexts.videoFailed(title, 'unreachable'),
    );
    return { failure: permanent ? error.failure : 'unreachable', message: reason };
  }
}

/** Runs the transcript jobs in this process, and sends again the ones a crash may have left unsent. */
export async function startTranscriptWorker(boss: PgBoss, deps: TranscriptJobDeps): Promise<void> {
  await boss.createQueue(transcriptQueue, { retryLimit: 4, retryDelay: 5, retryBackoff: true });
  // A video that failed fails its job too, at once and with the reason, so the admin's queue shows it.
  await workWithFailures<{ transcriptId: number }>(boss, transcriptQueue, ({ transcriptId }, lastAttempt) =>
    runTranscriptJob(deps, transcriptId, { lastAttempt }),
  );
  const jobs = transcriptJobs(boss);
  for (const id of await waitingTranscripts(deps.db)) await jobs.send(id);
}
